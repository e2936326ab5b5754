/**
 * Sections as visitors see them (issue 26, point 4): a group flagged 'Als Sparte öffentlich
 * anzeigen' is a section. Its appointments show its name as 'Sparte' on /termine, in the
 * feed and in `/api/public/calendar`; every other group stays internal. Each section has
 * an address of its own, made from its name: /termine?sparte=<slug> and
 * /api/public/calendar/<slug>.ics. No zod here: the router's module, in every public page's
 * download, reads the slugs (the procedures' inputs are in schemas/sections.ts).
 */

/**
 * The section groups a new installation starts with (and an existing one gets from
 * migration 0019), in the order of SPEC §2. Their slugs are the sections' slugs of the
 * galleries: lg-lp, bogen, blasrohr.
 */
export const SECTION_GROUP_NAMES = ['LG/LP', 'Bogen', 'Blasrohr'] as const;

/** The query parameter of /termine that filters by section. */
export const SECTION_QUERY = 'sparte';

/** Long enough for any sensible name; an address of hundreds of characters helps nobody. */
export const SECTION_SLUG_MAX = 80;

/** Umlauts as German writes them without: a slug of 'Übungsgruppe' is 'uebungsgruppe', not 'ubungsgruppe'. */
const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The slug of a section's name: lower case, umlauts and ß written out, other accents
 * dropped, every run of anything but letters and digits one hyphen ('LG/LP' is 'lg-lp').
 * Empty when the name has no letter or digit at all.
 */
export function sectionSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => GERMAN_LETTERS[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SECTION_SLUG_MAX)
    .replace(/^-+|-+$/g, '');
}

/** Whether `value` is spelled as a slug is (and so as the canonical address spells it). */
export function isSectionSlug(value: string): boolean {
  return value !== '' && sectionSlug(value) === value;
}

/** /termine filtered by a section. */
export function sectionPagePath(slug: string): string {
  return `/termine?${SECTION_QUERY}=${encodeURIComponent(slug)}`;
}

/** The iCal feed of all public appointments (DESIGN §8). */
export const CALENDAR_FEED_PATH = '/api/public/calendar.ics';

/** The iCal feed of one section's public appointments. */
export function sectionFeedPath(slug: string): string {
  return `/api/public/calendar/${encodeURIComponent(slug)}.ics`;
}

/** A section as visitors see it. */
export interface PublicSection {
  slug: string;
  name: string;
}

export const UNKNOWN_SECTION = 'Diese Sparte gibt es nicht.';
