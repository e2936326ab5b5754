import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AppointmentSeriesTable } from '../../db/schema.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import { addDays, daysBetween, occurrenceDates, recurrenceKey, type Recurrence } from '../../../shared/recurrence.ts';
import { APPOINTMENT_MESSAGES, seriesProblem } from '../../../shared/schemas/calendar.ts';
import { assignAttachments, columns, deleteAttachmentsOf, visitorSection, type AppointmentRow, type AppointmentValues } from './queries.ts';
import type { FeedSeriesEntry } from './feed.ts';
import { parseRule } from './rule.ts';

/**
 * Appointment series (issue 19, point 1). A series row holds the first occurrence's values
 * and the rule; its occurrences are appointment rows, one per date of the rule, which a
 * change of the series rewrites in place (ids stay) unless they were changed on their own.
 * Every function here runs inside the saving transaction the router opens.
 */

export type SeriesRow = Omit<Selectable<AppointmentSeriesTable>, 'created_at' | 'notified_ms'> & { recurrence: Recurrence };

/** What a save hands over: the checked input without the attachment list. */
export interface SeriesSave {
  values: AppointmentValues;
  attachments: number[];
  actorId: number;
  now: string;
}

/** How many rows one INSERT carries: far below SQLite's 32,766 variables with 16 columns. */
const INSERT_CHUNK = 500;

export async function findSeries(db: Db, id: number): Promise<SeriesRow> {
  const row = await db
    .selectFrom('appointment_series')
    .select(['id', 'name', 'datetime_begin', 'datetime_end', 'location', 'visibility', 'description', 'notes', 'assignment', 'status', 'notify', 'rule', 'sequence', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return { ...row, recurrence: parseRule(row.rule) };
}

/** Begin and end of the occurrence on `date`: the first one's wall-clock times, its length in days kept (18:30 stays 18:30 in summer). */
export function occurrenceTimes(template: { datetime_begin: string; datetime_end: string }, date: string): { datetime_begin: string; datetime_end: string } {
  const endDate = addDays(date, daysBetween(template.datetime_begin, template.datetime_end));
  return { datetime_begin: `${date} ${template.datetime_begin.slice(11)}`, datetime_end: `${endDate} ${template.datetime_end.slice(11)}` };
}

function assertSeriesFits(rule: Recurrence, begin: string, end: string): void {
  const problem = seriesProblem(rule, begin, end);
  if (problem) throw AppError.field('recurrence', problem);
}

async function insertSeries(db: Db, values: AppointmentValues, rule: Recurrence, now: string): Promise<number> {
  assertSeriesFits(rule, values.datetime_begin, values.datetime_end);
  const result = await db
    .insertInto('appointment_series')
    .values({ ...columns(values), rule: JSON.stringify(rule), created_at: now, updated_at: now })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Every change of a series or one of its occurrences grows its SEQUENCE: calendars holding it replace it. */
async function updateSeries(db: Db, id: number, change: { values?: AppointmentValues; rule?: Recurrence }, now: string): Promise<void> {
  await db
    .updateTable('appointment_series')
    .set((eb) => ({
      ...(change.values ? columns(change.values) : {}),
      ...(change.rule ? { rule: JSON.stringify(change.rule) } : {}),
      updated_at: now,
      sequence: eb('sequence', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/** A change of one occurrence is a change of the series' calendar entry. */
export function touchSeries(db: Db, id: number, now: string): Promise<void> {
  return updateSeries(db, id, {}, now);
}

/**
 * Makes the occurrence rows what the series says: rows of dates the rule no longer gives
 * go (with their own attachments), rows not changed on their own take the series' values
 * and their date's times, missing dates get a row. Returns the stored names of removed
 * attachment rows.
 */
async function syncOccurrences(db: Db, seriesId: number, now: string): Promise<string[]> {
  const series = await findSeries(db, seriesId);
  const dates = occurrenceDates(series.recurrence, series.datetime_begin);
  const wanted = new Set(dates);
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'occurrence_date', 'detached', 'datetime_begin', 'datetime_end'])
    .where('series_id', '=', seriesId)
    .execute();
  const names: string[] = [];
  const gone = rows.filter((row) => !wanted.has(String(row.occurrence_date)));
  for (const row of gone) names.push(...(await deleteAttachmentsOf(db, { appointment: row.id })));
  if (gone.length > 0) await db.deleteFrom('appointments').where('id', 'in', gone.map((row) => row.id)).execute();

  const shared = columns({ ...series, visibility: Number(series.visibility) === 1, notify: Number(series.notify) === 1, status: Number(series.status) as 0 | 1 | 2 });
  const { datetime_begin: _begin, datetime_end: _end, ...sharedValues } = shared;
  await db
    .updateTable('appointments')
    .set((eb) => ({ ...sharedValues, updated_at: now, sequence: eb('sequence', '+', 1) }))
    .where('series_id', '=', seriesId)
    .where('detached', '=', 0)
    .execute();
  const existing = new Set<string>();
  for (const row of rows) {
    if (!wanted.has(String(row.occurrence_date))) continue;
    existing.add(String(row.occurrence_date));
    if (Number(row.detached) === 1) continue;
    const times = occurrenceTimes(series, String(row.occurrence_date));
    if (times.datetime_begin !== String(row.datetime_begin) || times.datetime_end !== String(row.datetime_end)) {
      await db.updateTable('appointments').set(times).where('id', '=', row.id).execute();
    }
  }
  const missing = dates.filter((date) => !existing.has(date));
  for (let start = 0; start < missing.length; start += INSERT_CHUNK) {
    await db
      .insertInto('appointments')
      .values(
        missing.slice(start, start + INSERT_CHUNK).map((date) => ({
          ...shared,
          ...occurrenceTimes(series, date),
          series_id: seriesId,
          occurrence_date: date,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  return names;
}

/**
 * Moves the occurrences from `fromDate` on (all with null) by `days` and into series
 * `intoSeries`, ids kept. Their dates are cleared first: the unique (series, date) index
 * would otherwise meet a row not yet moved (weekly on Monday and Tuesday, moved a day).
 */
async function moveOccurrences(db: Db, seriesId: number, fromDate: string | null, days: number, intoSeries: number): Promise<void> {
  let query = db.selectFrom('appointments').select(['id', 'occurrence_date']).where('series_id', '=', seriesId);
  if (fromDate !== null) query = query.where('occurrence_date', '>=', fromDate);
  const rows = await query.execute();
  if (rows.length === 0 || (days === 0 && intoSeries === seriesId)) return;
  if (days === 0) {
    await db.updateTable('appointments').set({ series_id: intoSeries }).where('id', 'in', rows.map((row) => row.id)).execute();
    return;
  }
  await db.updateTable('appointments').set({ occurrence_date: null, series_id: intoSeries }).where('id', 'in', rows.map((row) => row.id)).execute();
  for (const row of rows) await db.updateTable('appointments').set({ occurrence_date: addDays(String(row.occurrence_date), days) }).where('id', '=', row.id).execute();
}

/** Removes occurrences (all, or from `fromDate` on) with their own attachments; returns the stored names. */
async function deleteOccurrences(db: Db, seriesId: number, fromDate: string | null, except?: number): Promise<string[]> {
  let query = db.selectFrom('appointments').select('id').where('series_id', '=', seriesId);
  if (fromDate !== null) query = query.where('occurrence_date', '>=', fromDate);
  if (except !== undefined) query = query.where('id', '!=', except);
  const ids = (await query.execute()).map((row) => row.id);
  const names: string[] = [];
  for (const id of ids) names.push(...(await deleteAttachmentsOf(db, { appointment: id })));
  if (ids.length > 0) await db.deleteFrom('appointments').where('id', 'in', ids).execute();
  return names;
}

/** The series' rule ended before `date` (the day before it), for a split or the deletion of the rest. */
function endedBefore(rule: Recurrence, date: string): Recurrence {
  return { ...rule, end: { until: addDays(date, -1) } };
}

export interface SeriesCreated {
  seriesId: number;
  firstId: number;
  occurrences: number;
}

/** A new series: its row, its attachments, one appointment per date. */
export async function createSeries(db: Db, save: SeriesSave, rule: Recurrence): Promise<SeriesCreated> {
  const seriesId = await insertSeries(db, save.values, rule, save.now);
  await assignAttachments(db, { series: seriesId }, save.attachments, save.actorId);
  await syncOccurrences(db, seriesId, save.now);
  return { seriesId, ...(await firstOccurrence(db, seriesId)) };
}

async function firstOccurrence(db: Db, seriesId: number): Promise<{ firstId: number; occurrences: number }> {
  const rows = await db.selectFrom('appointments').select('id').where('series_id', '=', seriesId).orderBy('occurrence_date').execute();
  return { firstId: rows[0]!.id, occurrences: rows.length };
}

/**
 * A single appointment gets a rule: it becomes the first occurrence of a new series (its
 * id stays), its attachments the series'.
 */
export async function makeSeries(db: Db, row: AppointmentRow, save: SeriesSave, rule: Recurrence): Promise<{ seriesId: number; names: string[] }> {
  const seriesId = await insertSeries(db, save.values, rule, save.now);
  const names = await assignAttachments(db, { series: seriesId }, save.attachments, save.actorId, { move: { appointment: row.id } });
  names.push(...(await deleteAttachmentsOf(db, { appointment: row.id })));
  await db
    .updateTable('appointments')
    .set({ series_id: seriesId, occurrence_date: save.values.datetime_begin.slice(0, 10), detached: 0, own_attachments: 0, cancelled: 0 })
    .where('id', '=', row.id)
    .execute();
  names.push(...(await syncOccurrences(db, seriesId, save.now)));
  return { seriesId, names };
}

function sameIds(a: number[], b: number[]): boolean {
  const left = [...new Set(a)].sort((x, y) => x - y);
  const right = [...new Set(b)].sort((x, y) => x - y);
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/**
 * 'Nur diesen Termin': the occurrence takes the values and keeps them (detached). Its
 * attachments stay the series' while the list is the series' list; a different list makes
 * them its own (the series' ones it keeps are copied, naming the same files).
 */
export async function editOccurrence(db: Db, row: AppointmentRow, series: SeriesRow, save: SeriesSave, rule: Recurrence | null | undefined, shownIds: number[]): Promise<string[]> {
  if (rule !== undefined && recurrenceKey(rule) !== recurrenceKey(series.recurrence)) throw AppError.field('recurrence', APPOINTMENT_MESSAGES.ruleOnlyForSeries);
  await db
    .updateTable('appointments')
    .set((eb) => ({ ...columns(save.values), detached: 1, updated_at: save.now, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', row.id)
    .execute();
  let names: string[] = [];
  const own = Number(row.own_attachments) === 1;
  if (own || !sameIds(save.attachments, shownIds)) {
    names = await assignAttachments(db, { appointment: row.id }, save.attachments, save.actorId, { copy: { series: series.id } });
    if (!own) await db.updateTable('appointments').set({ own_attachments: 1 }).where('id', '=', row.id).execute();
  }
  await touchSeries(db, series.id, save.now);
  return names;
}

/** The occurrence takes the values and stands alone: no series, no date of one, its own attachments. */
async function leaveSeries(db: Db, id: number, save: SeriesSave): Promise<void> {
  await db
    .updateTable('appointments')
    .set((eb) => ({ ...columns(save.values), series_id: null, occurrence_date: null, detached: 0, cancelled: 0, own_attachments: 0, updated_at: save.now, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * A series without a rule any more: the occurrence being edited stays as a single
 * appointment (with the attachments it names), every other occurrence goes with the series.
 */
async function dissolveSeries(db: Db, row: AppointmentRow, series: SeriesRow, save: SeriesSave): Promise<string[]> {
  await leaveSeries(db, row.id, save);
  const names = await assignAttachments(db, { appointment: row.id }, save.attachments, save.actorId, { move: { series: series.id } });
  names.push(...(await deleteSeries(db, series.id)));
  return names;
}

/** Removes a series: every occurrence, all attachment rows, the series row. */
export async function deleteSeries(db: Db, seriesId: number): Promise<string[]> {
  const names = await deleteOccurrences(db, seriesId, null);
  names.push(...(await deleteAttachmentsOf(db, { series: seriesId })));
  await db.deleteFrom('appointment_series').where('id', '=', seriesId).execute();
  return names;
}

/**
 * The series' first values for 'Alle Termine der Serie' edited from one occurrence: the
 * occurrence moved by some days (a change of the weekday) moves the series' start by as many.
 */
function shiftedStart(series: SeriesRow, row: AppointmentRow, values: AppointmentValues): { days: number; begin: string; end: string } {
  const days = daysBetween(String(row.occurrence_date), values.datetime_begin);
  const beginDate = addDays(series.datetime_begin.slice(0, 10), days);
  const endDate = addDays(beginDate, daysBetween(values.datetime_begin, values.datetime_end));
  return { days, begin: `${beginDate} ${values.datetime_begin.slice(11)}`, end: `${endDate} ${values.datetime_end.slice(11)}` };
}

/**
 * 'Alle Termine der Serie': the series takes the values (its start moved as the occurrence
 * was), the rule given or kept, the attachment list; the occurrence being edited follows the
 * series again, others changed on their own keep their changes.
 */
export async function editSeries(db: Db, row: AppointmentRow, series: SeriesRow, save: SeriesSave, rule: Recurrence | null | undefined): Promise<string[]> {
  const nextRule = rule === undefined ? series.recurrence : rule;
  if (nextRule === null) return dissolveSeries(db, row, series, save);
  const start = shiftedStart(series, row, save.values);
  assertSeriesFits(nextRule, start.begin, start.end);
  await updateSeries(db, series.id, { values: { ...save.values, datetime_begin: start.begin, datetime_end: start.end }, rule: nextRule }, save.now);
  const own = Number(row.own_attachments) === 1;
  const names = await assignAttachments(db, { series: series.id }, save.attachments, save.actorId, own ? { move: { appointment: row.id } } : {});
  if (own) names.push(...(await deleteAttachmentsOf(db, { appointment: row.id })));
  await db.updateTable('appointments').set({ detached: 0, own_attachments: 0 }).where('id', '=', row.id).execute();
  await moveOccurrences(db, series.id, null, start.days, series.id);
  names.push(...(await syncOccurrences(db, series.id, save.now)));
  return names;
}

/**
 * 'Diesen und alle folgenden': the series ends the day before this occurrence's date and a
 * new series starts with it (its values, the rule given or kept; a number of times counts
 * the whole series, the earlier ones included). The occurrences from here on move into the
 * new series with their ids; without a rule this one stays single and the rest goes.
 */
export async function editFollowing(db: Db, row: AppointmentRow, series: SeriesRow, save: SeriesSave, rule: Recurrence | null | undefined): Promise<{ names: string[]; seriesId: number | null }> {
  const splitDate = String(row.occurrence_date);
  if (splitDate <= series.datetime_begin.slice(0, 10)) {
    const names = await editSeries(db, row, series, save, rule);
    return { names, seriesId: rule === null ? null : series.id };
  }
  let nextRule = rule === undefined ? series.recurrence : rule;
  if (nextRule !== null && 'count' in nextRule.end) {
    const before = occurrenceDates(series.recurrence, series.datetime_begin).filter((date) => date < splitDate).length;
    if (nextRule.end.count - before < 1) throw AppError.field('recurrence', APPOINTMENT_MESSAGES.countTooSmall);
    nextRule = { ...nextRule, end: { count: nextRule.end.count - before } };
  }
  const own = Number(row.own_attachments) === 1;
  let names: string[];
  let seriesId: number | null = null;
  if (nextRule === null) {
    await leaveSeries(db, row.id, save);
    names = await assignAttachments(db, { appointment: row.id }, save.attachments, save.actorId, { copy: { series: series.id } });
    names.push(...(await deleteOccurrences(db, series.id, splitDate)));
  } else {
    seriesId = await insertSeries(db, save.values, nextRule, save.now);
    names = await assignAttachments(db, { series: seriesId }, save.attachments, save.actorId, { copy: { series: series.id }, ...(own ? { move: { appointment: row.id } } : {}) });
    if (own) names.push(...(await deleteAttachmentsOf(db, { appointment: row.id })));
    await db.updateTable('appointments').set({ detached: 0, own_attachments: 0 }).where('id', '=', row.id).execute();
    // Occurrences that move along and showed the old series' attachments now show the new one's copies.
    await moveOccurrences(db, series.id, splitDate, daysBetween(splitDate, save.values.datetime_begin), seriesId);
    names.push(...(await syncOccurrences(db, seriesId, save.now)));
  }
  await updateSeries(db, series.id, { rule: endedBefore(series.recurrence, splitDate) }, save.now);
  names.push(...(await syncOccurrences(db, series.id, save.now)));
  return { names, seriesId };
}

/** Deleting 'Diesen und alle folgenden': the series ends the day before; from the first one on, the whole series goes. */
export async function deleteFollowing(db: Db, row: AppointmentRow, series: SeriesRow, now: string): Promise<string[]> {
  const splitDate = String(row.occurrence_date);
  if (splitDate <= series.datetime_begin.slice(0, 10)) return deleteSeries(db, series.id);
  const names = await deleteOccurrences(db, series.id, splitDate);
  await updateSeries(db, series.id, { rule: endedBefore(series.recurrence, splitDate) }, now);
  return names;
}

/** The ids of the series' occurrence rows, cancelled ones included. */
export async function occurrenceIds(db: Db, seriesId: number): Promise<number[]> {
  return (await db.selectFrom('appointments').select('id').where('series_id', '=', seriesId).execute()).map((row) => row.id);
}

/** How many of the appointment rows `ids` no longer exist (a save moves rows between series with their ids, never renews them). */
export async function countGone(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { found } = await db
    .selectFrom('appointments')
    .select((eb) => eb.fn.countAll<number | string>().as('found'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return ids.length - Number(found);
}

/** Cancels (true) or restores (false) one occurrence: its row stays, the feed writes or drops its EXDATE. */
export async function setCancelled(db: Db, row: AppointmentRow, cancelled: boolean, now: string): Promise<void> {
  await db
    .updateTable('appointments')
    .set((eb) => ({ cancelled: cancelled ? 1 : 0, updated_at: now, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', row.id)
    .execute();
  await touchSeries(db, Number(row.series_id), now);
}

/** Public series with an occurrence not ended before `since`: the feed's entries; with `groupId` those of that section. */
export async function publicSeriesIds(db: Db, since: string, groupId?: number): Promise<number[]> {
  let query = db
    .selectFrom('appointments')
    .innerJoin('appointment_series', 'appointment_series.id', 'appointments.series_id')
    .select('appointments.series_id')
    .distinct()
    .where('appointment_series.visibility', '=', 1)
    .where('appointments.datetime_end', '>=', since);
  if (groupId !== undefined) query = query.where('appointment_series.assignment', '=', groupId);
  const rows = await query.execute();
  return rows.map((row) => Number(row.series_id)).sort((a, b) => a - b);
}

/**
 * The series with their occurrences for a calendar file; `shown` says which occurrences that
 * calendar shows. `sections`: each `section` is the group's name (a mail to the group), or
 * what visitors see of it (a public feed, `visitorSection`).
 */
export async function seriesEntries(
  db: Db,
  ids: number[],
  shown: (occurrence: { visibility: number; assignment: number }) => boolean,
  sections: 'group' | 'visitor' = 'group',
): Promise<FeedSeriesEntry[]> {
  if (ids.length === 0) return [];
  const series = await db
    .selectFrom('appointment_series')
    .innerJoin('groups', 'groups.id', 'appointment_series.assignment')
    .select([
      'appointment_series.id',
      'appointment_series.name',
      'appointment_series.datetime_begin',
      'appointment_series.datetime_end',
      'appointment_series.location',
      'appointment_series.description',
      'appointment_series.sequence',
      'appointment_series.updated_at',
      'appointment_series.rule',
      'groups.name as section',
      'groups.public_section',
    ])
    .where('appointment_series.id', 'in', ids)
    .orderBy('appointment_series.id')
    .execute();
  const occurrences = await db
    .selectFrom('appointments')
    .innerJoin('groups', 'groups.id', 'appointments.assignment')
    .select([
      'appointments.id',
      'appointments.series_id',
      'appointments.occurrence_date',
      'appointments.detached',
      'appointments.cancelled',
      'appointments.visibility',
      'appointments.assignment',
      'appointments.name',
      'appointments.datetime_begin',
      'appointments.datetime_end',
      'appointments.location',
      'appointments.description',
      'appointments.sequence',
      'appointments.updated_at',
      'groups.name as section',
      'groups.public_section',
    ])
    .where('appointments.series_id', 'in', ids)
    .orderBy('appointments.occurrence_date')
    .execute();
  const sectionOf = (row: { section: string; public_section: number }) => (sections === 'visitor' ? visitorSection(row) : row.section);
  return series.map((row) => ({
    series: { ...row, section: sectionOf(row), sequence: Number(row.sequence), recurrence: parseRule(row.rule) },
    occurrences: occurrences
      .filter((occurrence) => Number(occurrence.series_id) === row.id)
      .map((occurrence) => ({
        ...occurrence,
        section: sectionOf(occurrence),
        occurrence_date: String(occurrence.occurrence_date),
        detached: Number(occurrence.detached) === 1,
        cancelled: Number(occurrence.cancelled) === 1,
        shown: shown(occurrence),
      })),
  }));
}
