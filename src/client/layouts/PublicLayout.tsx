import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router';
import { onDemand } from '../components/onDemand.ts';
import { useClubName } from '../publicContent.ts';
import { isGroup, NAVIGATION, NAVIGATION_LABEL, WIDE_SCREEN, type NavGroup, type NavTarget } from './navigation.ts';

/*
 * The menus and the drawer (modal, popover, focus trap, transitions) arrive when a visitor
 * first opens one, so that they are not part of every page's first load.
 */
const groupMenuPopup = onDemand(async () => (await import('./NavigationPopups.tsx')).GroupMenuPopup);
const navigationDrawer = onDemand(async () => (await import('./NavigationPopups.tsx')).NavigationDrawer);

const FOOTER_LINKS: readonly NavTarget[] = [
  { label: 'Unterstützer', to: '/unterstuetzer' },
  { label: 'Datenschutz', to: '/datenschutz' },
  { label: 'Disclaimer', to: '/disclaimer' },
  { label: 'Impressum', to: '/impressum' },
];

/** Marks the entry of the page on screen; NavLink sets the class. */
const activeButtonStyle = { '&.active': { bgcolor: 'rgba(255, 255, 255, 0.16)' } } as const;

function GroupMenu({ group }: { group: NavGroup }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Stays true after the first opening, so that the menu can play its closing transition.
  const [wanted, setWanted] = useState(false);
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
        onPointerEnter={groupMenuPopup.preload}
        onFocus={groupMenuPopup.preload}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        {group.label}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <groupMenuPopup.Component id={menuId} group={group} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
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

/** Every page of the navigation, the groups' entries named with their group. */
const ALL_PAGES: readonly NavTarget[] = NAVIGATION.flatMap((entry) =>
  isGroup(entry) ? entry.items.map((item) => ({ label: `${entry.label}: ${item.label}`, to: item.to })) : [entry],
);

/**
 * Without JavaScript the drawer and the group menus cannot open: the page then lists every
 * page as plain links under the bar (the server renders it; browsers with JavaScript
 * ignore it).
 */
function NavigationWithoutScript() {
  return (
    <noscript>
      <Box component="nav" aria-label="Alle Seiten" sx={{ bgcolor: 'grey.100', borderBottom: 1, borderColor: 'divider' }}>
        <Container component="ul" sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, m: 0, py: 1 }}>
          {ALL_PAGES.map((page) => (
            <li key={page.to}>
              <Link component={RouterLink} to={page.to} sx={{ display: 'inline-block', py: 1 }}>
                {page.label}
              </Link>
            </li>
          ))}
        </Container>
      </Box>
    </noscript>
  );
}

/** Top navigation (a drawer on small screens), footer links and cookie notice (SPEC §2). */
export function PublicLayout() {
  const clubName = useClubName();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Stays true after the first opening, so that the drawer can play its closing transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  return (
    // Club texts, names and file names bring German compounds and addresses longer than a
    // phone's line: they are hyphenated where the browser knows German, and broken anywhere
    // where it must, rather than widening the page.
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', overflowWrap: 'anywhere', hyphens: 'auto' }}>
      <AppBar position="sticky">
        <Toolbar>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Menü öffnen"
            onPointerEnter={navigationDrawer.preload}
            onFocus={navigationDrawer.preload}
            onClick={() => {
              setDrawerWanted(true);
              setDrawerOpen(true);
            }}
            sx={{ mr: 1, display: { [WIDE_SCREEN]: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={RouterLink}
            to="/home"
            // A long club name wraps (a little smaller on phones) instead of widening the page.
            sx={{ color: 'inherit', textDecoration: 'none', mr: 3, minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' }, lineHeight: 1.3 }}
          >
            {clubName}
          </Typography>
          <WideNavigation />
        </Toolbar>
      </AppBar>
      <NavigationWithoutScript />
      {drawerWanted && (
        <Suspense fallback={null}>
          <navigationDrawer.Component open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}

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
    </Box>
  );
}
