/**
 * The air gun range's facts as data (issue 26.1): how many lanes it has and from what age
 * one can start. Kept in the database (table `club_range`, migration 0023), edited in the
 * back office (panel 'Luftdruckstand: Fakten', `club.rangeFacts` / `club.updateRangeFacts`),
 * read by the page /zeiten-lg-lp and the dashboard's preview. The values below are the
 * seed of a new database and nothing else: no component or default text states them.
 *
 * Free of zod (public pages import it); the schema is in schemas/rangeFacts.ts.
 */

export interface RangeFacts {
  /** Number of shooting lanes ('Stände'). */
  lanes: number;
  /** Minimum age in years; null: the page names none. */
  minimumAge: number | null;
}

export const DEFAULT_RANGE_FACTS: RangeFacts = { lanes: 10, minimumAge: 12 };

/** The facts as the form and a save's log line name them. */
export const RANGE_FACTS_LABELS = {
  lanes: 'Anzahl der Stände',
  minimumAge: 'Mindestalter',
} as const satisfies Record<keyof RangeFacts, string>;

/** The labels of the facts in which two versions differ, in the order of the form (a save's log line). */
export function differingRangeFacts(before: RangeFacts, after: RangeFacts): string[] {
  return (Object.keys(RANGE_FACTS_LABELS) as (keyof RangeFacts)[]).filter((fact) => before[fact] !== after[fact]).map((fact) => RANGE_FACTS_LABELS[fact]);
}

/** `mit 10 Ständen`, `mit einem Stand`: the range's size as the page's sentence says it. */
export function lanesPhrase(lanes: number): string {
  return lanes === 1 ? 'mit einem Stand' : `mit ${lanes.toLocaleString('de-DE')} Ständen`;
}
