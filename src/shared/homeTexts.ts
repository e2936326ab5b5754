/**
 * The home page's words as data (issue 26.1): the greeting and welcome text and the four
 * cards that lead to the sections. Kept in the database (tables `club_home` and
 * `club_home_cards`, migration 0022), edited in the back office (panel 'Startseite'), read
 * by the home page, its description for search engines and the panel's preview. The cards
 * lead to fixed pages; their titles and texts are the club's. The values below are the
 * seed of a new database; no component states them itself.
 *
 * Free of zod (public pages import it); the schema is in schemas/homeTexts.ts.
 */

/** The pages the cards lead to, in the order shown (one per section of the club). */
export const HOME_CARD_PATHS = ['/zeiten-lg-lp', '/zeiten-bogen', '/zeiten-blasrohr', '/bogenparcours'] as const;
export type HomeCardPath = (typeof HOME_CARD_PATHS)[number];

export interface HomeCard {
  path: HomeCardPath;
  title: string;
  text: string;
}

export interface HomeTexts {
  /** The first words, e.g. 'Schön, dass du uns besuchst!'; empty: none. */
  greeting: string;
  /** What the club is about; also the page's description for search engines. */
  welcome: string;
  /** One card per entry of HOME_CARD_PATHS, in that order. */
  cards: HomeCard[];
}

/** What the card of each page is called in the form and in a save's log line. */
export const HOME_CARD_LABELS: Record<HomeCardPath, string> = {
  '/zeiten-lg-lp': 'Karte LG/LP',
  '/zeiten-bogen': 'Karte Bogen',
  '/zeiten-blasrohr': 'Karte Blasrohr',
  '/bogenparcours': 'Karte 3D-Bogenparcours',
};

/**
 * Today's texts. The cards name no figures: the number of targets and the like are data of
 * their own (courseFacts.ts), and a card repeating them would go stale with the next change.
 */
export const DEFAULT_HOME_TEXTS: HomeTexts = {
  greeting: 'Schön, dass du uns besuchst!',
  welcome:
    'Bei uns wird mit Luftgewehr und Luftpistole, mit dem Bogen und mit dem Blasrohr geschossen – im Training, im Wettkampf und auf unserem 3D-Bogenparcours. Gäste und alle, die einmal hineinschnuppern möchten, sind zu den Schießzeiten herzlich willkommen.',
  cards: [
    { path: '/zeiten-lg-lp', title: 'Luftgewehr/Luftpistole', text: 'Schießzeiten und Standaufsicht an unserem Luftdruckstand.' },
    { path: '/zeiten-bogen', title: 'Bogen', text: 'Trainingszeiten der Bogenabteilung für Einsteiger und Erfahrene.' },
    { path: '/zeiten-blasrohr', title: 'Blasrohr', text: 'Trainingszeiten der Blasrohrschützinnen und -schützen.' },
    { path: '/bogenparcours', title: '3D-Bogenparcours', text: 'Tierziele im Gelände: Regeln, Preise, Öffnungszeiten und Anfahrt.' },
  ],
};

/** The labels of the parts in which two versions differ (a save's log line). */
export function differingHomeTexts(before: HomeTexts, after: HomeTexts): string[] {
  const changed: string[] = [];
  if (before.greeting !== after.greeting) changed.push('Begrüßung');
  if (before.welcome !== after.welcome) changed.push('Willkommenstext');
  for (const card of after.cards) {
    const old = before.cards.find((entry) => entry.path === card.path);
    if (!old || old.title !== card.title || old.text !== card.text) changed.push(HOME_CARD_LABELS[card.path]);
  }
  return changed;
}
