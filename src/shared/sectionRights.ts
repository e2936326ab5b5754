import { SECTION_LABELS, SECTIONS, type AlertIdentifier, type InfoIdentifier, type Section } from './constants.ts';
import type { PermissionName } from './permissions.ts';
import { SECTION_GROUP_NAMES } from './sectionGroups.ts';

/**
 * Rights per section (issue 28.1, DESIGN §10 'Sections'): a group may be limited to some of
 * the club's sections (`SECTIONS`: Verein, LG/LP, Bogen, Blasrohr; none chosen: all). For its
 * members the content permissions below then reach only the content of those sections. A
 * member in several groups has the union; a group without a limit reaches every section, as
 * before. Everything a section's content is, is decided here, once, for server and client.
 */

/** The permissions a group's section limit narrows; every other permission stays whole. */
export const SECTION_PERMISSIONS = [
  'dashboard_create',
  'dashboard_update',
  'dashboard_delete',
  'calendar_create',
  'calendar_update',
  'calendar_delete',
  // Articles carry their section (issue 27).
  'news_create',
  'news_update',
  'news_delete',
] as const satisfies readonly PermissionName[];
export type SectionPermission = (typeof SECTION_PERMISSIONS)[number];

export function isSectionPermission(name: string): name is SectionPermission {
  return (SECTION_PERMISSIONS as readonly string[]).includes(name);
}

/** Every section, or only these (possibly none). */
export type SectionScope = { all: true } | { all: false; sections: readonly Section[] };

/** What a member reaches with each section permission they hold; a permission they lack is missing. */
export type SectionRights = Partial<Record<SectionPermission, SectionScope>>;

export const ALL_SECTIONS: SectionScope = { all: true };

/** Whether the scope reaches `section`. */
export function scopeReaches(scope: SectionScope | undefined, section: Section): boolean {
  if (!scope) return false;
  return scope.all || scope.sections.includes(section);
}

/**
 * A member's scope for one permission from their groups holding it: each group's limit
 * (empty: all), united. `groupSections` lists one entry per group that holds it.
 */
export function unitedScope(groupSections: readonly (readonly Section[])[]): SectionScope {
  if (groupSections.some((sections) => sections.length === 0)) return ALL_SECTIONS;
  const listed = new Set(groupSections.flat());
  return { all: false, sections: SECTIONS.filter((section) => listed.has(section)) };
}

/** The German refusal (403) naming the section that is missing. */
export function sectionRefusalMessage(section: Section): string {
  return `Diese Änderung ist nur für Mitglieder mit Rechten für die Sparte ${SECTION_LABELS[section]} möglich.`;
}

/** The back office's tooltip on a control of another section's content. */
export function sectionTooltip(section: Section): string {
  return `Nur für Mitglieder mit Rechten für die Sparte ${SECTION_LABELS[section]}`;
}

/** How the group dialog and the groups table name a limit. */
export function sectionLimitLabel(sections: readonly Section[]): string {
  return sections.length === 0 ? 'alle' : sections.map((section) => SECTION_LABELS[section]).join(', ');
}

/** The section of each info text: the shooting times, the course's texts and the results' texts. */
export const INFO_TEXT_SECTION = {
  shootingtimes_gun: 'gun',
  shootingtimes_arch: 'arch',
  shootingtimes_blowpipe: 'blowpipe',
  archparcours_tourneys: 'arch',
  archparcours_openings: 'arch',
  archparcours_closings: 'arch',
  archparcours_usage: 'arch',
  gunking_senior: 'gun',
  gunking_junior: 'gun',
  challangecup_senior: 'arch',
  challangecup_junior: 'arch',
  most_active: 'gun',
  most_active_blowpipe: 'blowpipe',
  best_shot: 'gun',
  saison_gun: 'gun',
  saison_arch: 'arch',
  saison_blowpipe: 'blowpipe',
} as const satisfies Record<InfoIdentifier, Section>;

/** The section of each notice: the sections' own, the course's and the archery live result; contact and appointments are the club's. */
export const ALERT_SECTION = {
  gun: 'gun',
  arch: 'arch',
  blowpipe: 'blowpipe',
  archparcours: 'arch',
  liveresult: 'arch',
  contact: 'club',
  appointments: 'club',
} as const satisfies Record<AlertIdentifier, Section>;

/**
 * The section of content that has no identifier of its own: the course's facts and prices
 * (Bogen), the range's facts (LG/LP); club data, home texts and pictures, About captions,
 * sponsors and downloads (they carry no section) are the club's.
 */
export const CONTENT_SECTION = {
  courseFacts: 'arch',
  rangeFacts: 'gun',
  clubData: 'club',
  homeTexts: 'club',
  clubPictures: 'club',
  aboutCaptions: 'club',
  sponsors: 'club',
  downloads: 'club',
} as const satisfies Record<string, Section>;

/** The section of an info text or notice by its identifier; undefined for an unknown one (the procedure answers 404). */
export function sectionOfInfoText(identifier: string): Section | undefined {
  return Object.hasOwn(INFO_TEXT_SECTION, identifier) ? INFO_TEXT_SECTION[identifier as InfoIdentifier] : undefined;
}

export function sectionOfAlert(identifier: string): Section | undefined {
  return Object.hasOwn(ALERT_SECTION, identifier) ? ALERT_SECTION[identifier as AlertIdentifier] : undefined;
}

/** The section of the section groups of 0019 by their names. */
const SECTION_OF_GROUP_NAME: Record<(typeof SECTION_GROUP_NAMES)[number], Section> = { 'LG/LP': 'gun', Bogen: 'arch', Blasrohr: 'blowpipe' };

/**
 * The section of an appointment: its group's when that group is one of the section groups
 * (LG/LP, Bogen, Blasrohr, flagged public), the club's for every other group.
 */
export function sectionOfGroup(group: { name: string; public_section: boolean }): Section {
  if (!group.public_section) return 'club';
  const section = (SECTION_OF_GROUP_NAME as Record<string, Section | undefined>)[group.name];
  return section ?? 'club';
}
