/**
 * The 3D course's facts as data (issue 26.1): the numbers the course page states, its
 * day-ticket and annual-pass price tables, its rules and the rule of its sun-based
 * opening hours. Kept in the database (tables `club_facts`, `club_prices`, `club_rules`,
 * migration 0022), edited in the back office (panel 'Bogenparcours: Fakten und Preise',
 * `club.courseFacts` / `club.updateCourseFacts`), read by the course page, its JSON-LD and
 * the dashboard's preview. The values below are SPEC §9's, the seed of a new database and
 * nothing else: no component states a fact itself.
 *
 * Free of zod (public pages import it); the schema is in schemas/courseFacts.ts.
 */

/** When the course opens and closes, relative to the sun (SPEC §9), in club-local time. */
export interface OpeningRule {
  /** `HH:mm`: it never opens before this. */
  earliestOpen: string;
  /** `HH:mm`: it never closes after this. */
  latestClose: string;
  /** Minutes after sunrise (rounded up to the quarter hour) at which it opens. */
  minutesAfterSunrise: number;
  /** Minutes before sunset (rounded down to the quarter hour) at which it closes. */
  minutesBeforeSunset: number;
}

/** One row of a price table. */
export interface PriceRow {
  /** The section (Bogen, Blasrohr); empty: the table has no section column for it. */
  section: string;
  /** Who pays this price, e.g. 'Erwachsene'. */
  persons: string;
  /** Euros, at most two decimals. */
  price: number;
}

export interface CourseFacts {
  /** Number of 3D targets. */
  targets: number;
  /** Metres on foot from the parking to the course. */
  walkMeters: number;
  /** Minimum age in years; null: the page names none. */
  minimumAge: number | null;
  dayPrices: PriceRow[];
  annualPrices: PriceRow[];
  /** What the annual passes are subject to, shown with the table; empty: nothing. */
  annualNote: string;
  /** The course's rules, in the order shown. */
  rules: string[];
  opening: OpeningRule;
}

/** SPEC §9: start = sunrise ↑ quarter hour + 1 h, not before 08:00; end = sunset ↓ quarter hour − 1 h, not after 19:00. */
export const DEFAULT_OPENING_RULE: OpeningRule = {
  earliestOpen: '08:00',
  latestClose: '19:00',
  minutesAfterSunrise: 60,
  minutesBeforeSunset: 60,
};

/** The facts of SPEC §9 and the rules the page showed before they became data. */
export const DEFAULT_COURSE_FACTS: CourseFacts = {
  targets: 28,
  walkMeters: 600,
  minimumAge: null,
  dayPrices: [
    { section: 'Bogen', persons: 'Erwachsene', price: 12 },
    { section: 'Bogen', persons: 'Jugendliche (13–17 Jahre)', price: 8 },
    { section: 'Bogen', persons: 'Kinder (unter 13 Jahren)', price: 5 },
    { section: 'Blasrohr', persons: 'alle', price: 8 },
  ],
  annualPrices: [
    { section: '', persons: 'Erwachsene', price: 150 },
    { section: '', persons: 'Jugendliche (13–17 Jahre)', price: 90 },
    { section: '', persons: 'Kinder (unter 13 Jahren)', price: 60 },
  ],
  annualNote: 'nur für Mitglieder, gültig vom 1. Januar bis 31. Dezember',
  rules: [
    'Vor dem ersten Schuss wird die Tages- oder Jahreskarte gelöst; die Nutzung erfolgt auf eigene Gefahr.',
    'Kinder und Jugendliche schießen nur in Begleitung und unter Aufsicht eines Erwachsenen.',
    'Geschossen wird nur von den markierten Abschusspflöcken auf die aufgestellten 3D-Ziele und nur, wenn sich niemand im Schussbereich aufhält.',
    'Erlaubt sind Feld- und Scheibenspitzen; Jagdspitzen und Armbrüste sind nicht zugelassen.',
    'Die Wege und die Reihenfolge der Ziele werden eingehalten; Pfeile werden nur gesucht, wenn die nachfolgende Gruppe gewarnt ist.',
    'Wald und Wiese bleiben sauber: Abfall und abgebrochene Pfeile werden wieder mitgenommen, Hunde sind an der Leine zu führen.',
  ],
  opening: DEFAULT_OPENING_RULE,
};

/** The parts of the facts as the form and a save's log line name them. */
export const COURSE_FACTS_LABELS = {
  targets: 'Anzahl der Ziele',
  walkMeters: 'Fußweg vom Parkplatz',
  minimumAge: 'Mindestalter',
  dayPrices: 'Tageskarten',
  annualPrices: 'Jahreskarten',
  annualNote: 'Hinweis zu den Jahreskarten',
  rules: 'Regeln',
  opening: 'Öffnungszeiten-Regel',
} as const satisfies Record<keyof CourseFacts, string>;

export const COURSE_FACTS_PARTS = Object.keys(COURSE_FACTS_LABELS) as (keyof CourseFacts)[];

/** The labels of the parts in which two versions differ, in the order of the form (a save's log line). */
export function differingCourseFacts(before: CourseFacts, after: CourseFacts): string[] {
  return COURSE_FACTS_PARTS.filter((part) => JSON.stringify(before[part]) !== JSON.stringify(after[part])).map((part) => COURSE_FACTS_LABELS[part]);
}

const DECIMALS = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** `12,00 €`, `1.500,00 €`: German formatting with an ordinary space, as the page has always written it. */
export function formatEuro(price: number): string {
  return `${DECIMALS.format(price)} €`;
}

/** `600`, `1.200`: whole numbers with the German thousands separator. */
export function formatWhole(value: number): string {
  return WHOLE.format(value);
}

/** A price as the form shows it: `12,50`. */
export function priceText(price: number): string {
  return price.toFixed(2).replace('.', ',');
}

/** Cents as stored; exact for prices of at most two decimals. */
export function toCents(price: number): number {
  return Math.round(price * 100);
}

/** A duration after `ab` (dative: 'einer Stunde') or after `bis` ('eine Stunde'). */
function duration(minutes: number, dative: boolean): string {
  if (minutes === 60) return dative ? 'einer Stunde' : 'eine Stunde';
  if (minutes % 60 === 0) return `${minutes / 60} Stunden`;
  return `${minutes} Minuten`;
}

/**
 * The opening rule in words, e.g. 'Geöffnet ab einer Stunde nach Sonnenaufgang, frühestens
 * um 08:00 Uhr, bis eine Stunde vor Sonnenuntergang, spätestens um 19:00 Uhr; die Zeiten
 * sind auf die Viertelstunde gerundet.' The course page states it from the same data that
 * computes the days below it, so the words cannot say something else than the times.
 */
export function describeOpeningRule(rule: OpeningRule): string {
  const from = rule.minutesAfterSunrise === 0 ? 'ab Sonnenaufgang' : `ab ${duration(rule.minutesAfterSunrise, true)} nach Sonnenaufgang`;
  const to = rule.minutesBeforeSunset === 0 ? 'bis Sonnenuntergang' : `bis ${duration(rule.minutesBeforeSunset, false)} vor Sonnenuntergang`;
  return `Geöffnet ${from}, frühestens um ${rule.earliestOpen} Uhr, ${to}, spätestens um ${rule.latestClose} Uhr; die Zeiten sind auf die Viertelstunde gerundet.`;
}

/** Minutes since midnight of an `HH:mm` time. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}
