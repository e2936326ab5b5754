import { seriesTime } from '../../../shared/appointmentGlance.ts';
import { addDays, describeRhythm } from '../../../shared/recurrence.ts';
import { SERIES_ROSTER_MESSAGES } from '../../../shared/schemas/hosts.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { parseRule } from '../calendar/rule.ts';

/** The roster's empty slot: 'ungeklärt' until someone is entered. */
export const OPEN_SLOT = -2;

export interface SeriesChoice {
  id: number;
  name: string;
  /**
   * The rhythm and the time of the next occurrence in German, `jeden Dienstag, 18:30–21:00`;
   * the range is the dates' (issue 28.5: not the rule's end a second time).
   */
  description: string;
  /** The next occurrence not cancelled, from today. */
  next_date: string;
  last_date: string;
}

/**
 * Series with an occurrence from `today` on, for 'Dienste für Serie anlegen'. Without
 * `internal` (seesInternalAppointments), only what the public calendar shows: public
 * series and their public occurrences.
 */
export async function listSeriesChoices(db: Db, today: string, internal: boolean): Promise<SeriesChoice[]> {
  let query = db
    .selectFrom('appointment_series as s')
    .innerJoin('appointments as a', 'a.series_id', 's.id')
    .select((eb) => ['s.id', 's.name', 's.rule', eb.fn.min('a.occurrence_date').as('next_date'), eb.fn.max('a.occurrence_date').as('last_date')])
    .where('a.occurrence_date', '>=', today)
    .where('a.cancelled', '=', 0);
  if (!internal) query = query.where('s.visibility', '=', 1).where('a.visibility', '=', 1);
  const rows = await query
    .groupBy(['s.id', 's.name', 's.rule'])
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  if (rows.length === 0) return [];
  // The time of each series' next occurrence: the first row per series, in order.
  let times = db
    .selectFrom('appointments')
    .select(['series_id', 'datetime_begin', 'datetime_end'])
    .where('series_id', 'in', rows.map((row) => row.id))
    .where('occurrence_date', '>=', today)
    .where('cancelled', '=', 0);
  if (!internal) times = times.where('visibility', '=', 1);
  const nextTime = new Map<number, string>();
  for (const occurrence of await times.orderBy('datetime_begin').execute()) {
    if (occurrence.series_id === null || nextTime.has(occurrence.series_id)) continue;
    nextTime.set(occurrence.series_id, seriesTime({ datetime_begin: String(occurrence.datetime_begin), datetime_end: String(occurrence.datetime_end) }));
  }
  return rows.map((row) => {
    const time = nextTime.get(row.id);
    return {
      id: row.id,
      name: row.name,
      description: time ? `${describeRhythm(parseRule(row.rule))}, ${time}` : describeRhythm(parseRule(row.rule)),
      next_date: String(row.next_date),
      last_date: String(row.last_date),
    };
  });
}

/**
 * One roster row per occurrence of the series in [from, until] that takes place, with both
 * slots open; dates that have a row already keep it. Returns how many were added and kept.
 * Without `internal`, a series or occurrence the public calendar does not show is as
 * unknown as in `listSeriesChoices`.
 */
export async function fillRosterFromSeries(db: Db, seriesId: number, from: string, until: string, internal: boolean): Promise<{ seriesName: string; created: string[]; kept: number }> {
  let series = db.selectFrom('appointment_series').select(['id', 'name']).where('id', '=', seriesId);
  if (!internal) series = series.where('visibility', '=', 1);
  const found = await series.executeTakeFirst();
  if (!found) throw AppError.field('series_id', SERIES_ROSTER_MESSAGES.unknownSeries);
  let occurrences = db
    .selectFrom('appointments')
    .select('datetime_begin')
    .where('series_id', '=', seriesId)
    .where('cancelled', '=', 0)
    .where('datetime_begin', '>=', `${from} 00:00:00`)
    .where('datetime_begin', '<', `${addDays(until, 1)} 00:00:00`);
  if (!internal) occurrences = occurrences.where('visibility', '=', 1);
  const dates = (await occurrences.orderBy('datetime_begin').execute()).map((row) => String(row.datetime_begin).slice(0, 10));
  const wanted = [...new Set(dates)];
  if (wanted.length === 0) return { seriesName: found.name, created: [], kept: 0 };
  const existing = new Set(
    (await db.selectFrom('host_entries').select('date').where('date', '>=', wanted[0]!).where('date', '<=', wanted.at(-1)!).execute()).map((row) => String(row.date).slice(0, 10)),
  );
  const created = wanted.filter((date) => !existing.has(date));
  if (created.length > 0) {
    await db
      .insertInto('host_entries')
      .values(created.map((date) => ({ date, supervisor_user_id: null, supervisor_special: OPEN_SLOT, host_user_id: null, host_special: OPEN_SLOT })))
      .execute();
  }
  return { seriesName: found.name, created, kept: wanted.length - created.length };
}

/**
 * Days in [from, until] on which an occurrence of a series is cancelled and no other
 * appointment begins: the roster shows its entries of those days as 'entfällt - siehe Kalender'.
 */
export async function cancelledDays(db: Db, from: string, until: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('appointments')
    .select(['datetime_begin', 'cancelled'])
    .where('datetime_begin', '>=', `${from} 00:00:00`)
    .where('datetime_begin', '<', `${addDays(until, 1)} 00:00:00`)
    .execute();
  const cancelled = new Set<string>();
  const taking = new Set<string>();
  for (const row of rows) (Number(row.cancelled) === 1 ? cancelled : taking).add(String(row.datetime_begin).slice(0, 10));
  return new Set([...cancelled].filter((day) => !taking.has(day)));
}
