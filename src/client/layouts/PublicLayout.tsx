import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { CookieNotice } from '../components/CookieNotice.tsx';
import { SITE_NAME } from '../components/PageTitle.tsx';

interface NavTarget {
  label: string;
  to: string;
}

interface NavGroup {
  label: string;
  items: readonly NavTarget[];
}

type NavEntry = NavTarget | NavGroup;

/** The club's pages of SPEC §2 as the top navigation offers them. */
const NAVIGATION: readonly NavEntry[] = [
  { label: 'Home', to: '/home' },
  { label: 'Über uns', to: '/about' },
  { label: 'Termine', to: '/termine' },
  { label: 'Downloads', to: '/downloads' },
  { label: 'Galerien', to: '/galerien' },
  {
    label: 'LG/LP',
    items: [
      { label: 'Zeiten', to: '/zeiten-lg-lp' },
      { label: 'Ergebnisse', to: '/ergebnisse-lg-lp' },
    ],
  },
  {
    label: 'Bogen',
    items: [
      { label: 'Zeiten', to: '/zeiten-bogen' },
      { label: 'Bogenparcours', to: '/bogenparcours' },
      { label: 'Ergebnisse', to: '/ergebnisse-bogen' },
    ],
  },
  {
    label: 'Blasrohr',
    items: [
      { label: 'Zeiten', to: '/zeiten-blasrohr' },
      { label: 'Ergebnisse', to: '/ergebnisse-blasrohr' },
    ],
  },
  { label: 'Kontakt', to: '/kontakt' },
  { label: 'Login', to: '/login' },
];

const FOOTER_LINKS: readonly NavTarget[] = [
  { label: 'Unterstützer', to: '/unterstuetzer' },
  { label: 'Datenschutz', to: '/datenschutz' },
  { label: 'Disclaimer', to: '/disclaimer' },
  { label: 'Impressum', to: '/impressum' },
];

function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

/** Below this width the navigation moves into a drawer behind the menu button. */
const WIDE_SCREEN = 'lg';
const NAVIGATION_LABEL = 'Hauptnavigation';

/** Marks the entry of the page on screen; NavLink sets the class. */
const activeButtonStyle = { '&.active': { bgcolor: 'rgba(255, 255, 255, 0.16)' } } as const;

function GroupMenu({ group }: { group: NavGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { pathname } = useLocation();
  const open = anchor !== null;
  const containsCurrentPage = group.items.some((item) => item.to === pathname);
  return (
    <>
      <Button
        color="inherit"
        className={containsCurrentPage ? 'active' : undefined}
        sx={activeButtonStyle}
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {group.label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={() => setAnchor(null)}>
        {group.items.map((item) => (
          <MenuItem key={item.to} component={NavLink} to={item.to} onClick={() => setAnchor(null)}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function WideNavigation() {
  return (
    <Box component="nav" aria-label={NAVIGATION_LABEL} sx={{ display: { xs: 'none', [WIDE_SCREEN]: 'flex' }, gap: 0.5 }}>
      {NAVIGATION.map((entry) =>
        isGroup(entry) ? (
          <GroupMenu key={entry.label} group={entry} />
        ) : (
          <Button key={entry.to} color="inherit" component={NavLink} to={entry.to} sx={activeButtonStyle}>
            {entry.label}
          </Button>
        ),
      )}
    </Box>
  );
}

function DrawerNavigation({ onNavigate }: { onNavigate: () => void }) {
  // Each link in a list item of its own, so the lists hold only items (axe 'list').
  const link = (target: NavTarget, indent: boolean) => (
    <ListItem key={target.to} disablePadding>
      <ListItemButton component={NavLink} to={target.to} onClick={onNavigate} sx={{ pl: indent ? 4 : 2 }}>
        <ListItemText primary={target.label} />
      </ListItemButton>
    </ListItem>
  );
  return (
    <Box component="nav" aria-label={NAVIGATION_LABEL} sx={{ width: 260 }}>
      <List>
        {NAVIGATION.map((entry) =>
          isGroup(entry) ? (
            <li key={entry.label}>
              <List disablePadding subheader={<ListSubheader disableSticky>{entry.label}</ListSubheader>}>
                {entry.items.map((item) => link(item, true))}
              </List>
            </li>
          ) : (
            link(entry, false)
          ),
        )}
      </List>
    </Box>
  );
}

/** Top navigation (a drawer on small screens), footer links and cookie notice (SPEC §2). */
export function PublicLayout() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <AppBar position="sticky">
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Menü öffnen"
            onClick={() => setDrawerOpen(true)}
            sx={{ mr: 1, display: { [WIDE_SCREEN]: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/home"
            sx={{ color: 'inherit', textDecoration: 'none', mr: 3, whiteSpace: 'nowrap' }}
          >
            {SITE_NAME}
          </Typography>
          <WideNavigation />
        </Toolbar>
      </AppBar>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} sx={{ display: { [WIDE_SCREEN]: 'none' } }}>
        <DrawerNavigation onNavigate={() => setDrawerOpen(false)} />
      </Drawer>

      <Container component="main" sx={{ flex: 1, py: 4 }}>
        <Outlet />
      </Container>

      <Box component="footer" sx={{ bgcolor: 'grey.100', py: 3 }}>
        <Container component="nav" aria-label="Rechtliches" sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 3 }}>
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to} color="inherit">
              {link.label}
            </Link>
          ))}
        </Container>
      </Box>
      <CookieNotice />
    </Box>
  );
}
