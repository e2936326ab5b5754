import { formatGermanDate } from '../../../../shared/dates.ts';
import type { CustomField } from '../../../../shared/schemas/registrations.ts';
import type { RouterOutputs } from '../../../trpc.ts';

/** The organiser's list of one appointment, as the server sends it. */
export type RegistrationList = RouterOutputs['registrations']['list']['data'];
export type ParticipantRow = RegistrationList['participants'][number];

/** Where the organiser's list of an appointment lives: under the calendar, whose rights it follows. */
export function registrationsPath(appointmentId: number): string {
  return `/admin/kalender/anmeldungen/${appointmentId}`;
}

export function printListPath(appointmentId: number): string {
  return `${registrationsPath(appointmentId)}/druckliste`;
}

/** Names per printed A4 page: with the check-in column, 30 rows fit a page with its heading. */
export const PRINT_ROWS_PER_PAGE = 30;

/** The rows cut into printed pages of `perPage` rows each. */
export function printPages<Row>(rows: readonly Row[], perPage = PRINT_ROWS_PER_PAGE): Row[][] {
  const pages: Row[][] = [];
  for (let start = 0; start < rows.length; start += perPage) pages.push(rows.slice(start, start + perPage));
  return pages.length === 0 ? [[]] : pages;
}

/** A custom field's answer as the list shows it. */
export function answerText(field: Pick<CustomField, 'key' | 'type'>, answers: Record<string, string | boolean>): string {
  const answer = answers[field.key];
  if (answer === undefined || answer === '') return '';
  if (typeof answer === 'boolean') return answer ? 'Ja' : 'Nein';
  return answer;
}

export function fullName(row: Pick<ParticipantRow, 'prename' | 'lastname'>): string {
  return `${row.lastname}, ${row.prename}`;
}

export function birthdateText(birthdate: string): string {
  return birthdate === '' ? '' : formatGermanDate(birthdate);
}

/** The orders the organiser can sort the list by: arrival, name, club, or a choice field. */
export type SortKey = 'position' | 'name' | 'club' | `answer:${string}`;

export function sortedRows(rows: readonly ParticipantRow[], key: SortKey): ParticipantRow[] {
  const text = (row: ParticipantRow): string => {
    if (key === 'name') return fullName(row);
    if (key === 'club') return row.club;
    if (key.startsWith('answer:')) {
      const answer = row.answers[key.slice('answer:'.length)];
      return answer === undefined ? '' : String(answer);
    }
    return '';
  };
  if (key === 'position') return [...rows].sort((a, b) => a.position - b.position);
  return [...rows].sort((a, b) => text(a).localeCompare(text(b), 'de') || a.position - b.position);
}

