import { ALERT_LABELS, INFO_LABELS } from './content.ts';
import { SECTION_LABELS, type AlertIdentifier, type InfoIdentifier, type Section } from './constants.ts';
import { formatGermanDate, formatGermanDateTime } from './dates.ts';
import { specialHostLabel } from './schemas/hosts.ts';

/**
 * How the server log names things (issue 28, point 4): as members know them from the
 * screens, never by internal codes. Every area writes its lines with these helpers, so one
 * thing reads the same in every line. Ids appear only in brackets where two things could
 * share a name.
 */

/** A name or title as the screens show it, in German quotes: „Training“. */
export function quoted(text: string): string {
  return `„${text}“`;
}

/** `YYYY-MM-DD` -> `DD.MM.YYYY`. */
export function logDate(apiDate: string): string {
  return formatGermanDate(apiDate);
}

/** `YYYY-MM-DD HH:mm:ss` -> `DD.MM.YYYY HH:mm`. */
export function logDateTime(apiDateTime: string): string {
  return formatGermanDateTime(apiDateTime);
}

/** An appointment by its title and start: „Training“ am 01.12.2026 18:30. */
export function appointmentName(title: string, start: string): string {
  return `${quoted(title)} am ${logDateTime(start)}`;
}

/** A member by name and shooter number: Max Mustermann (00000042). */
export function memberName(member: { prename: string; lastname: string; uid: string }): string {
  return `${member.prename} ${member.lastname} (${member.uid})`;
}

/**
 * A supervisor or host of the roster: the label of a special value ('ungeklärt'), the
 * member's name, or – for a member the log cannot name any more – 'Mitglied' with the id.
 */
export function rosterPerson(value: number, members: ReadonlyMap<number, { prename: string; lastname: string; uid: string }>): string {
  const special = specialHostLabel(value);
  if (special !== undefined) return special;
  const member = members.get(value);
  return member ? memberName(member) : `Mitglied ${value}`;
}

/** A section by its German label: 'LG/LP', 'Verein'. */
export function sectionName(section: Section): string {
  return SECTION_LABELS[section];
}

/** A notice of the dashboard by its label: Hinweis „Bogenparcours“. */
export function noticeName(identifier: AlertIdentifier): string {
  return `Hinweis ${quoted(ALERT_LABELS[identifier])}`;
}

/** An info text of the dashboard by its label: Infotext „Turniere“. */
export function infoTextName(identifier: InfoIdentifier): string {
  return `Infotext ${quoted(INFO_LABELS[identifier])}`;
}

/** A count with its noun in singular or plural: 1 Bild, 2 Bilder. */
export function counted(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
