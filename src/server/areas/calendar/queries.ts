import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { AppointmentTable } from '../../db/schema.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import type { PermissionName } from '../../../shared/permissions.ts';
import { describeRecurrence, describeRhythm } from '../../../shared/recurrence.ts';
import { SECTION_GROUP_NAMES, sectionSlug, type PublicSection } from '../../../shared/sectionGroups.ts';
import { APPOINTMENT_MESSAGES, type appointmentCreateInput, type AppointmentView, type AttachmentView, type PublicAppointment, type PublicSeriesLink } from '../../../shared/schemas/calendar.ts';
import { parseRule } from './rule.ts';
import type { Section } from '../../../shared/constants.ts';
import { sectionOfGroup } from '../../../shared/sectionRights.ts';

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
  'appointments.series_id',
  'appointments.occurrence_date',
  'appointments.detached',
  'appointments.cancelled',
  'appointments.own_attachments',
  'groups.name as section',
  'groups.public_section',
  'appointment_series.rule as series_rule',
  'appointment_series.datetime_begin as series_begin',
] as const;

/**
 * An appointment's row with its group's name and whether that group is a section (and its
 * series' rule and start), as the queries read it.
 */
export type AppointmentRow = Omit<Selectable<AppointmentTable>, 'created_at' | 'notified_ms'> & {
  section: string;
  public_section: number;
  series_rule: string | null;
  series_begin: string | null;
};

/**
 * What visitors read as an appointment's 'Sparte' (issue 26): the group's name when the group
 * is a section, nothing otherwise, so internal group names never reach them. The back
 * office's month shows the group itself.
 */
export function visitorSection(row: { section: string; public_section: number | string }): string {
  return Number(row.public_section) === 1 ? row.section : '';
}

function baseQuery(db: Db) {
  return db
    .selectFrom('appointments')
    .innerJoin('groups', 'groups.id', 'appointments.assignment')
    .leftJoin('appointment_series', 'appointment_series.id', 'appointments.series_id')
    .select(APPOINTMENT_COLUMNS);
}

/** Whose attachments an appointment shows: an occurrence without attachments of its own shows its series'. */
type AttachmentOwner = { appointment: number } | { series: number };

function ownerOf(row: Pick<AppointmentRow, 'id' | 'series_id' | 'own_attachments'>): AttachmentOwner {
  return row.series_id !== null && Number(row.own_attachments) === 0 ? { series: Number(row.series_id) } : { appointment: row.id };
}

/** Attachments the given appointments show, by appointment id, in upload order: one query for a whole month. */
async function attachmentsOf(db: Db, rows: Pick<AppointmentRow, 'id' | 'series_id' | 'own_attachments'>[], urlOf: UrlOf): Promise<Map<number, AttachmentView[]>> {
  const byAppointment = new Map<number, AttachmentView[]>();
  if (rows.length === 0) return byAppointment;
  const owners = rows.map(ownerOf);
  const appointmentIds = owners.flatMap((owner) => ('appointment' in owner ? [owner.appointment] : []));
  const seriesIds = [...new Set(owners.flatMap((owner) => ('series' in owner ? [owner.series] : [])))];
  const found = await db
    .selectFrom('attachments')
    .select(['id', 'appointment_id', 'series_id', 'filename', 'stored_name', 'mime', 'size'])
    .where((eb) => eb.or([...(appointmentIds.length > 0 ? [eb('appointment_id', 'in', appointmentIds)] : []), ...(seriesIds.length > 0 ? [eb('series_id', 'in', seriesIds)] : [])]))
    .orderBy('id')
    .execute();
  const byOwner = new Map<string, AttachmentView[]>();
  for (const row of found) {
    const key = row.appointment_id !== null ? `a${row.appointment_id}` : `s${row.series_id}`;
    const list = byOwner.get(key) ?? [];
    list.push({ id: row.id, filename: row.filename, url: urlOf(row.stored_name), size: Number(row.size), type: row.mime });
    byOwner.set(key, list);
  }
  rows.forEach((row, index) => {
    const owner = owners[index]!;
    byAppointment.set(row.id, byOwner.get('appointment' in owner ? `a${owner.appointment}` : `s${owner.series}`) ?? []);
  });
  return byAppointment;
}

/** The ids of the attachments the appointment shows (its series' or its own). */
export async function shownAttachmentIds(db: Db, row: AppointmentRow): Promise<number[]> {
  return ((await attachmentsOf(db, [row], (name) => name)).get(row.id) ?? []).map((attachment) => attachment.id);
}

function seriesView(row: AppointmentRow): AppointmentView['series'] {
  if (row.series_id === null || row.series_rule === null || row.series_begin === null) return null;
  const recurrence = parseRule(row.series_rule);
  return { id: Number(row.series_id), recurrence, description: describeRecurrence(recurrence), first_date: String(row.series_begin).slice(0, 10) };
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
    series: seriesView(row),
    occurrence_date: row.occurrence_date === null ? null : String(row.occurrence_date),
    detached: Number(row.detached) === 1,
    cancelled: Number(row.cancelled) === 1,
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
  const attachments = await attachmentsOf(db, rows, urlOf);
  return rows.map((row) => toView(row, attachments.get(row.id) ?? []));
}

export async function findAppointmentRow(db: Db, id: number): Promise<AppointmentRow> {
  const row = (await baseQuery(db).where('appointments.id', '=', id).executeTakeFirst());
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

export async function findAppointment(db: Db, id: number, urlOf: UrlOf): Promise<AppointmentView> {
  const row = await findAppointmentRow(db, id);
  return toView(row, (await attachmentsOf(db, [row], urlOf)).get(id) ?? []);
}

/**
 * What of the calendar a member sees (SPEC §6): with calendar_view every appointment and
 * series; without it what every visitor sees, the public calendar (`listPublic`, the feed),
 * i.e. only rows whose `visibility` is 1. Everything outside the calendar that shows members
 * appointments or series (the days of their duties, the roster's series) asks this instead
 * of deciding again.
 */
export function seesInternalAppointments(permissions: Iterable<PermissionName>): boolean {
  return [...permissions].includes('calendar_view');
}

/**
 * Public appointments not ended before `since`, soonest first; occurrences of a series only
 * up to `until` (SPEC's list shows every upcoming appointment, a five-year series the next
 * twelve months of it) and not cancelled; with `groupId` only that section's. Runs on
 * appointments_public_idx (visibility, datetime_end).
 */
export async function listPublic(db: Db, since: string, until: string, urlOf: UrlOf, groupId?: number): Promise<PublicAppointment[]> {
  let query = baseQuery(db)
    .where('appointments.visibility', '=', 1)
    .where('appointments.datetime_end', '>=', since)
    .where((eb) => eb.or([eb('appointments.series_id', 'is', null), eb('appointments.datetime_begin', '<', until)]))
    .where('appointments.cancelled', '=', 0);
  if (groupId !== undefined) query = query.where('appointments.assignment', '=', groupId);
  const rows = (await query.orderBy('appointments.datetime_begin').orderBy('appointments.id').execute()) as AppointmentRow[];
  const attachments = await attachmentsOf(db, rows, urlOf);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    datetime_begin: row.datetime_begin,
    datetime_end: row.datetime_end,
    location: row.location,
    description: row.description,
    section: visitorSection(row),
    attachments: attachments.get(row.id) ?? [],
    series: publicSeriesLink(row),
    // Filled by the list's procedure (registrations/public-states.ts).
    signup: null,
  }));
}

/** An occurrence's series as visitors see it: its rhythm, never its notes or its end (the list shows the dates). */
function publicSeriesLink(row: AppointmentRow): PublicSeriesLink | null {
  if (row.series_id === null || row.series_rule === null) return null;
  return { id: Number(row.series_id), rhythm: describeRhythm(parseRule(row.series_rule)), changed: Number(row.detached) === 1 };
}

/**
 * Public appointments outside the feed's series, with what iCal needs beyond the public
 * list; with `groupId` the feed of that section, whose series are that group's public ones.
 * The rows' `section` is what visitors see (`visitorSection`).
 */
export async function listFeed(db: Db, since: string, groupId?: number): Promise<AppointmentRow[]> {
  let query = baseQuery(db)
    .where('appointments.visibility', '=', 1)
    .where('appointments.datetime_end', '>=', since)
    // A public occurrence of a series the feed does not hold is an event of its own.
    .where((eb) =>
      eb.or([
        eb('appointments.series_id', 'is', null),
        eb.and([
          eb('appointments.cancelled', '=', 0),
          eb.or([eb('appointment_series.visibility', '=', 0), ...(groupId === undefined ? [] : [eb('appointment_series.assignment', '!=', groupId)])]),
        ]),
      ]),
    );
  if (groupId !== undefined) query = query.where('appointments.assignment', '=', groupId);
  const rows = await query.orderBy('appointments.datetime_begin').orderBy('appointments.id').execute();
  return rows.map((row) => ({ ...row, section: visitorSection(row) }));
}

/** A section (a group flagged 'Als Sparte öffentlich anzeigen') with its address and group. */
export interface SectionGroup extends PublicSection {
  id: number;
}

const CANONICAL_SLUGS: readonly string[] = SECTION_GROUP_NAMES.map(sectionSlug);
const byName = new Intl.Collator('de');

/**
 * The sections visitors can choose: the club's own three first in the order of SPEC §2 (LG/LP,
 * Bogen, Blasrohr), then any other by name. The groups' saves keep one address to one section;
 * should two names still give the same slug (written before that check, or by hand), the older
 * group keeps it.
 */
export async function listSectionGroups(db: Db): Promise<SectionGroup[]> {
  const rows = await db.selectFrom('groups').select(['id', 'name']).where('public_section', '=', 1).orderBy('id').execute();
  const bySlug = new Map<string, SectionGroup>();
  for (const row of rows) {
    const slug = sectionSlug(row.name);
    if (slug !== '' && !bySlug.has(slug)) bySlug.set(slug, { id: row.id, name: row.name, slug });
  }
  const rank = (section: SectionGroup) => {
    const index = CANONICAL_SLUGS.indexOf(section.slug);
    return index === -1 ? CANONICAL_SLUGS.length : index;
  };
  return [...bySlug.values()].sort((a, b) => rank(a) - rank(b) || byName.compare(a.name, b.name));
}

export async function assertGroupExists(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('groups').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.field('assignment', APPOINTMENT_MESSAGES.unknownGroup);
}

/** What a create or update writes: the checked input without the attachments (they are rows of their own). */
export type AppointmentValues = Omit<z.output<typeof appointmentCreateInput>, 'attachments' | 'recurrence'>;

/** The columns an appointment and a series share. */
export function columns(values: AppointmentValues) {
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

/** Who attachment rows belong to: an appointment (also an occurrence with attachments of its own) or a series. */
export type Owner = { appointment: number } | { series: number };

function ownerColumns(owner: Owner) {
  return 'appointment' in owner ? { appointment_id: owner.appointment, series_id: null } : { appointment_id: null, series_id: owner.series };
}

function ownedBy(row: { appointment_id: number | null; series_id: number | null }, owner: Owner | undefined): boolean {
  if (owner === undefined) return false;
  return 'appointment' in owner ? Number(row.appointment_id) === owner.appointment && row.series_id === null : Number(row.series_id) === owner.series && row.appointment_id === null;
}

/**
 * Makes `ids` the attachments of `owner`. Each must be already the owner's, a fresh upload
 * (no owner yet) of the saving member, or a row of `sources.move` (taken over: an
 * occurrence's own attachments becoming the series') or of `sources.copy` (copied, naming
 * the same file: the series' attachments becoming an occurrence's own, or a new series'
 * after a split). Ids are sequential, and a guessed one must not move another member's
 * upload or another appointment's attachment. Claims and moves are conditional UPDATEs
 * whose row counts are checked, in the saving transaction: of two saves naming the same
 * fresh upload (or a save and the cleanup), only one can take it, on both databases.
 * Returns the stored names of the rows the owner no longer has; whether a file goes with
 * them is for `unusedFiles` to say, after all rows of the save changed.
 */
export async function assignAttachments(db: Db, owner: Owner, ids: number[], actorId: number, sources: { move?: Owner; copy?: Owner } = {}): Promise<string[]> {
  const wanted = [...new Set(ids)];
  const rows =
    wanted.length === 0
      ? []
      : await db.selectFrom('attachments').select(['id', 'appointment_id', 'series_id', 'filename', 'stored_name', 'mime', 'size', 'uploaded_by', 'created_at']).where('id', 'in', wanted).orderBy('id').execute();
  if (rows.length !== wanted.length) throw AppError.field('attachments', APPOINTMENT_MESSAGES.unknownAttachment);
  const kept: number[] = [];
  const fresh: number[] = [];
  const moved: number[] = [];
  const copied: typeof rows = [];
  for (const row of rows) {
    if (ownedBy(row, owner)) kept.push(row.id);
    else if (row.appointment_id === null && row.series_id === null) fresh.push(row.id);
    else if (ownedBy(row, sources.move)) moved.push(row.id);
    else if (ownedBy(row, sources.copy)) copied.push(row);
    else throw AppError.field('attachments', APPOINTMENT_MESSAGES.unknownAttachment);
  }
  const target = ownerColumns(owner);
  if (fresh.length > 0) {
    const claimed = await db
      .updateTable('attachments')
      .set(target)
      .where('id', 'in', fresh)
      .where('appointment_id', 'is', null)
      .where('series_id', 'is', null)
      .where('uploaded_by', '=', actorId)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== fresh.length) throw AppError.field('attachments', APPOINTMENT_MESSAGES.unknownAttachment);
  }
  if (moved.length > 0 && sources.move) {
    const source = ownerColumns(sources.move);
    const taken = await db
      .updateTable('attachments')
      .set(target)
      .where('id', 'in', moved)
      .where((eb) => (source.appointment_id === null ? eb('series_id', '=', source.series_id) : eb('appointment_id', '=', source.appointment_id)))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== moved.length) throw AppError.field('attachments', APPOINTMENT_MESSAGES.unknownAttachment);
  }
  for (const row of copied) {
    const result = await db
      .insertInto('attachments')
      .values({ ...target, filename: row.filename, stored_name: row.stored_name, mime: row.mime, size: row.size, uploaded_by: row.uploaded_by, created_at: row.created_at })
      .executeTakeFirstOrThrow();
    kept.push(Number(result.insertId));
  }
  const keep = [...kept, ...fresh, ...moved];
  let dropped = db.selectFrom('attachments').select(['id', 'stored_name']).where((eb) => ('appointment' in owner ? eb('appointment_id', '=', owner.appointment) : eb('series_id', '=', owner.series)));
  if (keep.length > 0) dropped = dropped.where('id', 'not in', keep);
  const gone = await dropped.execute();
  if (gone.length > 0) await db.deleteFrom('attachments').where('id', 'in', gone.map((row) => row.id)).execute();
  return gone.map((row) => row.stored_name);
}

/** Deletes every attachment row of the owner; returns their stored names. */
export async function deleteAttachmentsOf(db: Db, owner: Owner): Promise<string[]> {
  const column = 'appointment' in owner ? 'appointment_id' : 'series_id';
  const id = 'appointment' in owner ? owner.appointment : owner.series;
  const rows = await db.selectFrom('attachments').select('stored_name').where(column, '=', id).execute();
  if (rows.length > 0) await db.deleteFrom('attachments').where(column, '=', id).execute();
  return rows.map((row) => row.stored_name);
}

/** Of stored names whose rows went, those no attachment row names any more: their files go after the commit. */
export async function unusedFiles(db: Db, names: string[]): Promise<string[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  const used = new Set((await db.selectFrom('attachments').select('stored_name').where('stored_name', 'in', unique).execute()).map((row) => row.stored_name));
  return unique.filter((name) => !used.has(name));
}

/** Deletes the appointment and its own attachment rows; returns the files to remove after the commit. */
export async function deleteAppointment(db: Db, id: number): Promise<string[]> {
  const names = await deleteAttachmentsOf(db, { appointment: id });
  const result = await db.deleteFrom('appointments').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return unusedFiles(db, names);
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
    .where('series_id', 'is', null)
    .where('created_at', '<', before)
    .execute();
  const deleted: string[] = [];
  for (const candidate of candidates) {
    const result = await db.deleteFrom('attachments').where('id', '=', candidate.id).where('appointment_id', 'is', null).where('series_id', 'is', null).executeTakeFirst();
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

/**
 * The section of an appointment's group (rights per section, issue 28.1): a section group's
 * section, the club's for any other group; undefined when there is no such group (the
 * procedure answers that).
 */
export async function sectionOfAssignment(db: Db, groupId: number): Promise<Section | undefined> {
  const group = await db.selectFrom('groups').select(['name', 'public_section']).where('id', '=', groupId).executeTakeFirst();
  return group && sectionOfGroup({ name: group.name, public_section: Number(group.public_section) === 1 });
}

/** The section of a stored appointment: its group's. */
export async function sectionOfAppointment(db: Db, id: number): Promise<Section | undefined> {
  const row = await db.selectFrom('appointments').select('assignment').where('id', '=', id).executeTakeFirst();
  return row ? sectionOfAssignment(db, row.assignment) : undefined;
}
