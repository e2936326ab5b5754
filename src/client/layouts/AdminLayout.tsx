import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupsIcon from '@mui/icons-material/Groups';
import LogoutIcon from '@mui/icons-material/Logout';
import InboxIcon from '@mui/icons-material/Inbox';
import MenuIcon from '@mui/icons-material/Menu';
import PeopleIcon from '@mui/icons-material/People';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import ForestIcon from '@mui/icons-material/Forest';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, Link as RouterLink, useMatches } from 'react-router';
import { hasPermission, mustSetUpSecondFactor, useCurrentUser } from '../auth.ts';
import { DateLocalization } from '../components/DateLocalization.tsx';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { visuallyHidden } from '../components/visuallyHidden.ts';
import { messageOf } from '../errors.ts';
import { LOGOUT_FROM_MENU } from '../logoutState.ts';
import { useClubName } from '../publicContent.ts';
import { ADMIN_MENU_ORDER, ADMIN_SCREENS, isAdminRouteHandle, type AdminScreenName } from '../pages/admin/screens.ts';
import { trpc, type CurrentUser } from '../trpc.ts';

const DRAWER_WIDTH = 260;
/** From this width on the menu stays open beside the page. */
const WIDE_SCREEN = 'md';

const MENU_ICONS: Record<AdminScreenName, ReactNode> = {
  dashboard: <DashboardIcon />,
  news: <NewspaperIcon />,
  messages: <InboxIcon />,
  calendar: <CalendarMonthIcon />,
  parcours: <ForestIcon />,
  courseBook: <MenuBookIcon />,
  hosts: <AssignmentIndIcon />,
  groups: <GroupsIcon />,
  users: <PeopleIcon />,
  account: <AccountCircleIcon />,
  log: <ReceiptLongIcon />,
};

function mayOpen(user: CurrentUser, screen: AdminScreenName): boolean {
  // Until the second factor a group requires is set up, only Meine Daten (the server refuses the rest too).
  if (mustSetUpSecondFactor(user)) return screen === 'account';
  const { permission } = ADMIN_SCREENS[screen];
  return permission === null || hasPermission(user, permission);
}

/**
 * One menu entry. The link sits inside a list item: a link straight inside the list would
 * leave screen readers a list without items (axe 'list').
 */
function MenuEntry({
  to,
  state,
  icon,
  label,
  count = 0,
  onNavigate,
}: {
  to: string;
  state?: unknown;
  icon: ReactNode;
  label: string;
  /** New things behind the entry (messages), shown as a number beside it; 0 shows none. */
  count?: number;
  onNavigate: () => void;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={to} state={state} onClick={onNavigate}>
        <ListItemIcon>{icon}</ListItemIcon>
        <ListItemText primary={label} />
        {count > 0 && (
          <>
            <Chip label={count} size="small" color="secondary" aria-hidden sx={{ ml: 1 }} />
            <Box component="span" sx={visuallyHidden}>
              {count === 1 ? ' (1 neue)' : ` (${count} neue)`}
            </Box>
          </>
        )}
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The number of new messages beside 'Nachrichten' (issue 27.5): one count of what the member
 * may read, asked again at most once a minute (and at once after a message was handled).
 */
function useNewMessages(user: CurrentUser): number {
  const newCount = trpc.messages.newCount.useQuery(undefined, {
    enabled: mayOpen(user, 'messages'),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    meta: { errorPrefix: 'Fehler beim Abrufen der neuen Nachrichten' },
  });
  return newCount.data?.count ?? 0;
}

/** The menu of SPEC §2: each entry only with its view permission, Logout after a divider. */
function AdminMenu({ user, onNavigate }: { user: CurrentUser; onNavigate: () => void }) {
  const newMessages = useNewMessages(user);
  return (
    <Box component="nav" aria-label="Verwaltung">
      <List>
        {ADMIN_MENU_ORDER.filter((screen) => mayOpen(user, screen)).map((screen) => (
          <MenuEntry
            key={screen}
            to={ADMIN_SCREENS[screen].path}
            icon={MENU_ICONS[screen]}
            label={ADMIN_SCREENS[screen].label}
            count={screen === 'messages' ? newMessages : 0}
            onNavigate={onNavigate}
          />
        ))}
      </List>
      <Divider />
      <List>
        <MenuEntry to="/logout" state={LOGOUT_FROM_MENU} icon={<LogoutIcon />} label="Logout" onNavigate={onNavigate} />
      </List>
    </Box>
  );
}

function AdminShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const clubName = useClubName();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const menuStyle = { '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } } as const;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        // Above the permanent menu on wide screens; below the temporary one on phones, which covers it.
        sx={(theme) => ({ [theme.breakpoints.up(WIDE_SCREEN)]: { zIndex: theme.zIndex.drawer + 1 } })}
      >
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Menü öffnen"
            onClick={() => setMenuOpen(true)}
            sx={{ mr: 1, display: { [WIDE_SCREEN]: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/home"
            // As tall as the bar: the whole height takes the tap.
            sx={{ color: 'inherit', textDecoration: 'none', flexGrow: 1, alignSelf: 'stretch', display: 'flex', alignItems: 'center', minHeight: 44 }}
          >
            {clubName}
          </Typography>
          <Typography variant="body2" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {user.prename} {user.lastname}
          </Typography>
        </Toolbar>
      </AppBar>
      {/* The opened menu is a dialog over the page; it needs a name like any dialog. */}
      <Drawer
        variant="temporary"
        open={menuOpen}
        onClose={closeMenu}
        sx={{ display: { [WIDE_SCREEN]: 'none' }, ...menuStyle }}
        slotProps={{ paper: { 'aria-label': 'Menü' } }}
      >
        <AdminMenu user={user} onNavigate={closeMenu} />
      </Drawer>
      <Drawer variant="permanent" sx={{ display: { xs: 'none', [WIDE_SCREEN]: 'block' }, width: DRAWER_WIDTH, flexShrink: 0, ...menuStyle }}>
        <Toolbar />
        <AdminMenu user={user} onNavigate={closeMenu} />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        {children}
      </Box>
    </Box>
  );
}

/**
 * The back office (SPEC §2): only for members who are logged in, each screen only with
 * its view permission; without it the member is sent to Meine Daten. A member whose group
 * requires a second factor they have not set up reaches only Meine Daten.
 */
export function AdminLayout() {
  const currentUser = useCurrentUser();
  const matches = useMatches();

  if (currentUser.data === null) return <Navigate to="/login" replace />;
  const user = currentUser.data;
  if (!user) {
    if (currentUser.isPending) return <LoadingScreen />;
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
        <Alert severity="error" sx={{ mb: 2 }}>
          Fehler beim Abrufen deiner Berechtigungen: {messageOf(currentUser.error)}
        </Alert>
        <Button variant="contained" onClick={() => void currentUser.refetch()}>
          Erneut versuchen
        </Button>
      </Box>
    );
  }

  const screen = matches.map((match) => match.handle).findLast(isAdminRouteHandle)?.screen;
  if (screen && !mayOpen(user, screen)) return <Navigate to={ADMIN_SCREENS.account.path} replace />;

  return (
    <DateLocalization>
      <AdminShell user={user}>
        <Outlet />
      </AdminShell>
    </DateLocalization>
  );
}
