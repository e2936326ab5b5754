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
import type { ClubLogo } from '../../shared/clubPictures.ts';
import { useClubName, useClubPictures } from '../publicContent.ts';
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

/** A menu entry is never squeezed below its label: 'Termine' must not become 'Termin/e' (issue 26.7). */
const wholeEntry = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

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
        sx={[activeButtonStyle, wholeEntry]}
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

/**
 * The menu beside (or below) the club's name on wide screens. An entry keeps its words whole
 * (the page around it breaks long words anywhere); when all entries do not fit in one row
 * beside the name, the whole menu moves to a row of its own under it (see PublicLayout), and
 * only a menu wider than the screen itself would wrap between its entries.
 */
function WideNavigation() {
  return (
    <Box
      component="nav"
      aria-label={NAVIGATION_LABEL}
      sx={{ display: { xs: 'none', [WIDE_SCREEN]: 'flex' }, flex: '0 1 auto', minWidth: 0, ml: 'auto', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5 }}
    >
      {NAVIGATION.map((entry) =>
        isGroup(entry) ? (
          <GroupMenu key={entry.label} group={entry} />
        ) : (
          <Button key={entry.to} color="inherit" component={NavLink} to={entry.to} sx={[activeButtonStyle, wholeEntry]}>
            {entry.label}
          </Button>
        ),
      )}
    </Box>
  );
}

/**
 * How wide the club's name asks to be beside the menu on wide screens: 0.6 `ch` per character,
 * about 70 % of its width on one line (a `ch`, a digit's width, is a little wider than the
 * average letter), which leaves room for two lines that end between words. So the name shares
 * the bar with the menu only where it fits in two lines; a name that would need three gets the
 * first row to itself and the menu the second. The server knows the name, so this is plain CSS
 * in the rendered page.
 */
function nameBasis(clubName: string): string {
  return `${Math.max(8, Math.ceil(clubName.length * 0.6))}ch`;
}

/** The logo's room in the bar: its height, and its widest on phones and on larger screens (a wide logo is shown smaller, never cropped). */
const LOGO_BOX = { height: { xs: 32, sm: 40 }, maxWidth: { xs: 72, sm: 160 } } as const;
/** The gap between logo and name (theme spacing 1.5). */
const LOGO_GAP_PX = 12;

/** How wide the logo is shown beside the name on larger screens: its proportions at 40 px high, at most 160 px. */
function logoWidth(logo: ClubLogo): number {
  return Math.min(LOGO_BOX.maxWidth.sm, Math.round((LOGO_BOX.height.sm * logo.header.width) / logo.header.height));
}

/**
 * The club's uploaded logo (issue 26.3) before its name, 1x and 2x from the server. Its
 * proportions are known from width and height, and its box from CSS, so it takes its place
 * in the first paint and nothing moves when it arrives. Empty alt: the name beside it, in
 * the same link, says what it is.
 */
function HeaderLogo({ logo }: { logo: ClubLogo }) {
  return (
    <Box
      component="img"
      src={logo.header.url}
      srcSet={`${logo.header.url} 1x, ${logo.header2x.url} 2x`}
      width={logo.header.width}
      height={logo.header.height}
      alt=""
      sx={{ display: 'block', flexShrink: 0, width: 'auto', height: LOGO_BOX.height, maxWidth: LOGO_BOX.maxWidth, objectFit: 'contain' }}
    />
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
  const logo = useClubPictures().data?.logo ?? null;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Stays true after the first opening, so that the drawer can play its closing transition.
  const [drawerWanted, setDrawerWanted] = useState(false);
  return (
    // Club texts, names and file names bring German compounds and addresses longer than a
    // phone's line: they are hyphenated where the browser knows German, and broken anywhere
    // where it must, rather than widening the page.
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', overflowWrap: 'anywhere', hyphens: 'auto' }}>
      <AppBar position="sticky">
        {/*
         * The club's name (from the club data, 60 characters and more) and the menu share the
         * bar where both fit, the name in two lines at most; where they do not, the bar wraps
         * and the menu takes a row of its own under the name (see nameBasis). Flex wrapping
         * decides this from the real text widths, in CSS alone, so the server's HTML already
         * has its final layout: nothing moves when the app starts.
         */}
        <Toolbar sx={{ flexWrap: { [WIDE_SCREEN]: 'wrap' }, columnGap: { [WIDE_SCREEN]: 3 }, py: { [WIDE_SCREEN]: 0.5 } }}>
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
          <Box
            sx={{
              flex: { xs: '0 1 auto', [WIDE_SCREEN]: `1 1 ${logo ? `calc(${nameBasis(clubName)} + ${logoWidth(logo) + LOGO_GAP_PX}px)` : nameBasis(clubName)}` },
              minWidth: 0,
              py: 1,
              // Here rather than on the link, so that `ch` in the basis counts the name's own characters.
              fontSize: { xs: '1.05rem', sm: '1.25rem' },
            }}
          >
            <Typography
              variant="h6"
              component={RouterLink}
              to="/home"
              // A long club name wraps between its words (a little smaller on phones) instead of
              // widening the page; no hyphens. Only a single word longer than the whole line
              // breaks inside, as nothing else would fit.
              sx={[
                { color: 'inherit', textDecoration: 'none', fontSize: 'inherit', lineHeight: 1.3, overflowWrap: 'break-word', hyphens: 'manual' },
                logo !== null && { display: 'flex', alignItems: 'center', gap: 1.5 },
              ]}
            >
              {logo ? (
                <>
                  <HeaderLogo logo={logo} />
                  <Box component="span" sx={{ minWidth: 0 }}>
                    {clubName}
                  </Box>
                </>
              ) : (
                clubName
              )}
            </Typography>
          </Box>
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
