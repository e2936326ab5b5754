import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { AppointmentTable } from '../../db/schema.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import { APPOINTMENT_MESSAGES, type appointmentCreateInput, type AppointmentView, type AttachmentView, type PublicAppointment } from '../../../shared/schemas/calendar.ts';

type UrlOf = (name: string) => string;

const APPOINTMENT_COLUMNS = [
  'appointments.id',
  'appointments.name',
  'appointments.datetime_begin',
  'appointments.datetime_end',
  'appointments.location',
  'appointments.visibility',
  'appointments.description',
  'appointments.notes',
  'appointments.assignment',
  'appointments.status',
  'appointments.notify',
  'appointments.sequence',
  'appointments.updated_at',
  'groups.name as section',
] as const;

/** An appointment's row with its group's name, as the queries read it. */
export type AppointmentRow = Omit<Selectable<AppointmentTable>, 'created_at' | 'notified_ms'> & { section: string };

function baseQuery(db: Db) {
  return db.selectFrom('appointments').innerJoin('groups', 'groups.id', 'appointments.assignment').select(APPOINTMENT_COLUMNS);
}

/** Attachments of the given appointments, grouped by appointment, in upload order. */
async function attachmentsOf(db: Db, ids: number[], urlOf: UrlOf): Promise<Map<number, AttachmentView[]>> {
  const byAppointment = new Map<number, AttachmentView[]>();
  if (ids.length === 0) return byAppointment;
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'appointment_id', 'filename', 'stored_name', 'mime', 'size'])
    .where('appointment_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byAppointment.get(Number(row.appointment_id)) ?? [];
    list.push({ id: row.id, filename: row.filename, url: urlOf(row.stored_name), size: Number(row.size), type: row.mime });
    byAppointment.set(Number(row.appointment_id), list);
  }
  return byAppointment;
}

function toView(row: AppointmentRow, attachments: AttachmentView[]): AppointmentView {
  return {
    id: row.id,
    name: row.name,
    datetime_begin: row.datetime_begin,
    datetime_end: row.datetime_end,
    location: row.location,
    visibility: Number(row.visibility) === 1,
    description: row.description,
    notes: row.notes,
    assignment: row.assignment,
    section: row.section,
    status: Number(row.status) as 0 | 1 | 2,
    notify: Number(row.notify) === 1,
    sequence: Number(row.sequence),
    attachments,
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `[first moment of the month, first moment of the next month)` as API date-times. */
export function monthRange(year: number, month: number): { from: string; until: string } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { from: `${year}-${pad(month)}-01 00:00:00`, until: `${next.year}-${pad(next.month)}-01 00:00:00` };
}

/**
 * Appointments overlapping the month: begun before its end and not ended before its
 * start. The database picks appointments_month_idx (begin, end) or appointments_end_idx (end, begin), whichever is narrower.
 */
export async function listMonth(db: Db, year: number, month: number, urlOf: UrlOf): Promise<AppointmentView[]> {
  const { from, until } = monthRange(year, month);
  const rows = (await baseQuery(db)
    .where('appointments.datetime_begin', '<', until)
    .where('appointments.datetime_end', '>=', from)
    .orderBy('appointments.datetime_begin')
    .orderBy('appointments.id')
    .execute()) as AppointmentRow[];
  const attachments = await attachmentsOf(db, rows.map((row) => row.id), urlOf);
  return rows.map((row) => toView(row, attachments.get(row.id) ?? []));
}

export async function findAppointmentRow(db: Db, id: number): Promise<AppointmentRow> {
  const row = (await baseQuery(db).where('appointments.id', '=', id).executeTakeFirst());
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

export async function findAppointment(db: Db, id: number, urlOf: UrlOf): Promise<AppointmentView> {
  const row = await findAppointmentRow(db, id);
  return toView(row, (await attachmentsOf(db, [id], urlOf)).get(id) ?? []);
}

/**
 * Public appointments not ended before `since`, soonest first; runs on
 * appointments_public_idx (visibility, datetime_end).
 */
export async function listPublic(db: Db, since: string, urlOf: UrlOf): Promise<PublicAppointment[]> {
  const rows = (await baseQuery(db)
    .where('appointments.visibility', '=', 1)
    .where('appointments.datetime_end', '>=', since)
    .orderBy('appointments.datetime_begin')
    .orderBy('appointments.id')
    .execute()) as AppointmentRow[];
  const attachments = await attachmentsOf(db, rows.map((row) => row.id), urlOf);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    datetime_begin: row.datetime_begin,
    datetime_end: row.datetime_end,
    location: row.location,
    description: row.description,
    section: row.section,
    attachments: attachments.get(row.id) ?? [],
  }));
}

/** Public appointments for the feed, with what iCal needs beyond the public list. */
export async function listFeed(db: Db, since: string): Promise<AppointmentRow[]> {
  return (await baseQuery(db)
    .where('appointments.visibility', '=', 1)
    .where('appointments.datetime_end', '>=', since)
    .orderBy('appointments.datetime_begin')
    .orderBy('appointments.id')
    .execute());
}

export async function assertGroupExists(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.field('assignment', APPOINTMENT_MESSAGES.unknownGroup);
}

/** What a create or update writes: the checked input without the attachments (they are rows of their own). */
export type AppointmentValues = Omit<z.output<typeof appointmentCreateInput>, 'attachments'>;

function columns(values: AppointmentValues) {
  return {
    name: values.name,
    datetime_begin: values.datetime_begin,
    datetime_end: values.datetime_end,
    location: values.location,
    visibility: values.visibility ? 1 : 0,
    description: values.description,
    notes: values.notes,
    assignment: values.assignment,
    status: values.status,
    notify: values.notify ? 1 : 0,
  };
}

export async function insertAppointment(db: Db, values: AppointmentValues, now: string): Promise<number> {
  const result = await db
    .insertInto('appointments')
    .values({ ...columns(values), created_at: now, updated_at: now })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Every change grows SEQUENCE, so calendars holding the event replace it. */
export async function updateAppointment(db: Db, id: number, values: AppointmentValues, now: string): Promise<void> {
  const result = await db
    .updateTable('appointments')
    .set((eb) => ({ ...columns(values), updated_at: now, sequence: eb('sequence', '+', 1) }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', MESSAGES.notFound);
}

/**
 * Makes `ids` the attachments of the appointment. Each must be already this one's or a
 * fresh upload (no appointment yet) of the saving member: ids are sequential, and a
 * guessed one must not move another member's upload into this appointment. The claim is
 * one conditional UPDATE whose row count is checked, in the saving transaction: of two
 * saves naming the same fresh upload (or a save and the cleanup), only one can take it,
 * on both databases. Returns the stored names of the attachments it no longer names;
 * their rows are gone, their files go after the commit.
 */
export async function assignAttachments(db: Db, appointmentId: number, ids: number[], actorId: number): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length > 0) {
    const claimed = await db
      .updateTable('attachments')
      .set({ appointment_id: appointmentId })
      .where('id', 'in', wanted)
      .where((eb) =>
        eb.or([eb.and([eb('appointment_id', 'is', null), eb('uploaded_by', '=', actorId)]), eb('appointment_id', '=', appointmentId)]),
      )
      .executeTakeFirst();
    // Rows already this appointment's count too: mysql2 reports the rows found, not only those changed.
    if (Number(claimed.numUpdatedRows) !== wanted.length) throw AppError.field('attachments', APPOINTMENT_MESSAGES.unknownAttachment);
  }
  let dropped = db.selectFrom('attachments').select(['id', 'stored_name']).where('appointment_id', '=', appointmentId);
  if (wanted.length > 0) dropped = dropped.where('id', 'not in', wanted);
  const rows = await dropped.execute();
  if (rows.length > 0) await db.deleteFrom('attachments').where('id', 'in', rows.map((row) => row.id)).execute();
  return rows.map((row) => row.stored_name);
}

/** Deletes the appointment (its attachment rows cascade); returns the files to remove after the commit. */
export async function deleteAppointment(db: Db, id: number): Promise<string[]> {
  const files = await db.selectFrom('attachments').select('stored_name').where('appointment_id', '=', id).execute();
  await db.deleteFrom('attachments').where('appointment_id', '=', id).execute();
  const result = await db.deleteFrom('appointments').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return files.map((row) => row.stored_name);
}

export interface NewAttachment {
  filename: string;
  storedName: string;
  mime: string;
  size: number;
  uploadedBy: number;
  createdAt: string;
}

export async function insertAttachment(db: Db, attachment: NewAttachment): Promise<number> {
  const result = await db
    .insertInto('attachments')
    .values({
      appointment_id: null,
      filename: attachment.filename,
      stored_name: attachment.storedName,
      mime: attachment.mime,
      size: attachment.size,
      uploaded_by: attachment.uploadedBy,
      created_at: attachment.createdAt,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * Uploads no appointment took up before `before`: rows removed, the stored names of those
 * returned. Each row goes only if it is still unclaimed when it is deleted: a save may take
 * it up between the select and the delete, and then it keeps its row and its file.
 */
export async function deleteOrphanAttachments(db: Db, before: string): Promise<string[]> {
  const candidates = await db
    .selectFrom('attachments')
    .select(['id', 'stored_name'])
    .where('appointment_id', 'is', null)
    .where('created_at', '<', before)
    .execute();
  const deleted: string[] = [];
  for (const candidate of candidates) {
    const result = await db.deleteFrom('attachments').where('id', '=', candidate.id).where('appointment_id', 'is', null).executeTakeFirst();
    if (Number(result.numDeletedRows) === 1) deleted.push(candidate.stored_name);
  }
  return deleted;
}

/** Members of the group with an e-mail address, and how many have none. */
export async function groupRecipients(db: Db, groupId: number): Promise<{ recipients: { prename: string; lastname: string; email: string }[]; withoutAddress: number }> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
    .select(['users.prename', 'users.lastname', 'users.email'])
    .where('user_groups.group_id', '=', groupId)
    .orderBy('users.id')
    .execute();
  const recipients = rows.filter((row) => (row.email ?? '').trim() !== '').map((row) => ({ prename: row.prename, lastname: row.lastname, email: String(row.email).trim() }));
  return { recipients, withoutAddress: rows.length - recipients.length };
}
