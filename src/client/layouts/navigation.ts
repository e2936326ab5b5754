export interface NavTarget {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  items: readonly NavTarget[];
}

export type NavEntry = NavTarget | NavGroup;

/** The club's pages of SPEC §2 as the top navigation offers them. */
export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Home', to: '/home' },
  { label: 'Aktuelles', to: '/aktuelles' },
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

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

export const NAVIGATION_LABEL = 'Hauptnavigation';

/** Below this width the navigation moves into a drawer behind the menu button. */
export const WIDE_SCREEN = 'lg';
