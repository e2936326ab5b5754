import { z } from 'zod';
import { SPECIAL_HOST_VALUES } from '../constants.ts';
import { idSchema } from './fields.ts';

/** SPEC §5 'Host entry': date, supervisor and host are all required. */
export const HOST_MESSAGES = {
  dateEmpty: 'Das Datum darf nicht leer gelassen werden!',
  dateInvalid: 'Das Datum ist ungültig! Bitte ein Datum im Format TT.MM.JJJJ angeben.',
  supervisorEmpty: 'Die Standaufsicht muss angegeben werden!',
  supervisorInvalid: 'Die Standaufsicht muss ein Mitglied der Standaufsichtsberechtigten oder ein Sonderwert sein!',
  hostEmpty: 'Die Bewirtung muss angegeben werden!',
  hostInvalid: 'Die Bewirtung muss ein Mitglied oder ein Sonderwert sein!',
} as const;

export type SpecialHostValue = (typeof SPECIAL_HOST_VALUES)[number]['value'];

export function isSpecialHostValue(value: number): value is SpecialHostValue {
  return SPECIAL_HOST_VALUES.some((special) => special.value === value);
}

/** The label of a special value (-1 .. -5), e.g. 'Migliederteam'. */
export function specialHostLabel(value: number): string | undefined {
  return SPECIAL_HOST_VALUES.find((special) => special.value === value)?.label;
}

/** Ids are INT columns; a larger number can name no member. */
const MAX_ID = 2_147_483_647;

/**
 * A supervisor or host: a member's id or a special value. Legacy clients may send the
 * number as a string (form fields); an empty field counts as not given.
 */
function personSchema(empty: string, invalid: string) {
  return z.preprocess(
    (value) => {
      if (value === null || value === '') return undefined;
      if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
      return value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? empty : invalid) })
      .int({ error: invalid })
      .refine((value) => isSpecialHostValue(value) || (value > 0 && value <= MAX_ID), { error: invalid }),
  );
}

/** `YYYY-MM-DD` (DESIGN §3) naming a real day of the calendar. */
export function isApiDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // MySQL's DATE starts at 1000; no roster reaches back that far anyway.
  if (year < 1900) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? HOST_MESSAGES.dateEmpty : HOST_MESSAGES.dateInvalid) })
  .trim()
  .min(1, { error: HOST_MESSAGES.dateEmpty, abort: true })
  .refine(isApiDate, { error: HOST_MESSAGES.dateInvalid });

export const hostEntryFields = {
  date: dateSchema,
  supervisor: personSchema(HOST_MESSAGES.supervisorEmpty, HOST_MESSAGES.supervisorInvalid),
  host: personSchema(HOST_MESSAGES.hostEmpty, HOST_MESSAGES.hostInvalid),
};

export const hostCreateInput = z.object(hostEntryFields);
export type HostCreateInput = z.input<typeof hostCreateInput>;

export const hostUpdateInput = z.object({ id: idSchema, ...hostEntryFields });
export type HostUpdateInput = z.input<typeof hostUpdateInput>;

/** 'Dienste für Serie anlegen' (issue 19): empty rows for the occurrences of a series in a date range. */
export const SERIES_ROSTER_MESSAGES = {
  series: 'Bitte wähle eine Terminserie.',
  range: 'Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
  unknownSeries: 'Die gewählte Terminserie gibt es nicht mehr.',
} as const;

export const seriesRosterInput = z
  .object({
    series_id: z.coerce.number({ error: SERIES_ROSTER_MESSAGES.series }).int({ error: SERIES_ROSTER_MESSAGES.series }).positive({ error: SERIES_ROSTER_MESSAGES.series }).max(MAX_ID, { error: SERIES_ROSTER_MESSAGES.series }),
    from: dateSchema,
    until: dateSchema,
  })
  .refine((value) => value.from <= value.until, { error: SERIES_ROSTER_MESSAGES.range, path: ['until'] });
export type SeriesRosterInput = z.input<typeof seriesRosterInput>;
