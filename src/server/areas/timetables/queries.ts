import type { Db } from '../../db/connection.ts';
import type { TimetableEntryTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { TIMETABLE_SECTIONS, type TimetableEntry, type TimetableSection } from '../../../shared/timetable.ts';

type Row = Selectable<TimetableEntryTable>;

/** The fields of a row as the procedures receive them. */
export interface TimetableFields {
  weekday: number;
  from: string;
  to: string;
  what: string;
  note: string;
  active: boolean;
}

/** A row's id and place, all that renumbering needs. */
type Placed = Pick<TimetableEntry, 'id' | 'sort_order'>;

function toEntry(row: Row): TimetableEntry {
  return {
    id: Number(row.id),
    // Only the procedures write rows, with a section their schema checked.
    section: row.section as TimetableSection,
    weekday: Number(row.weekday),
    from: row.time_from,
    to: row.time_to,
    what: row.what,
    note: row.note,
    active: Number(row.active) === 1,
    sort_order: Number(row.sort_order),
  };
}

function columnsOf(fields: TimetableFields) {
  return { weekday: fields.weekday, time_from: fields.from, time_to: fields.to, what: fields.what, note: fields.note, active: fields.active ? 1 : 0 };
}

/** Every row of every section (or of one), each section's in the order of its table; equal places by age. */
export async function listTimetableEntries(db: Db, section?: TimetableSection): Promise<TimetableEntry[]> {
  let query = db.selectFrom('timetable_entries').selectAll();
  if (section) query = query.where('section', '=', section);
  const rows = await query.orderBy('section').orderBy('sort_order').orderBy('id').execute();
  const rank = (entry: TimetableEntry) => TIMETABLE_SECTIONS.indexOf(entry.section);
  // The sections in the order of the site (LG/LP, Bogen, Blasrohr), not the alphabet's.
  return rows.map(toEntry).toSorted((a, b) => rank(a) - rank(b));
}

export async function findTimetableEntry(db: Db, id: number): Promise<TimetableEntry | undefined> {
  const row = await db.selectFrom('timetable_entries').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/**
 * Where a row belongs in its section's table by the clock: after the last row of an
 * earlier day, or of the same day starting no later. The members may order the rows
 * differently afterwards; a new or moved row still lands where a reader looks for it.
 */
function chronologicalIndex(entries: readonly TimetableEntry[], row: Pick<TimetableEntry, 'weekday' | 'from'>): number {
  let index = 0;
  entries.forEach((entry, position) => {
    if (entry.weekday < row.weekday || (entry.weekday === row.weekday && entry.from <= row.from)) index = position + 1;
  });
  return index;
}

/** Numbers the rows 0, 1, 2 … in the given order, writing only those whose place changed. */
async function renumber(db: Db, ordered: readonly Placed[]): Promise<void> {
  for (const [position, entry] of ordered.entries()) {
    if (entry.sort_order !== position) await db.updateTable('timetable_entries').set({ sort_order: position }).where('id', '=', entry.id).execute();
  }
}

/** Adds a row at its place by the clock; answers its id. Call inside a transaction. */
export async function insertTimetableEntry(db: Db, section: TimetableSection, fields: TimetableFields): Promise<number> {
  const entries = await listTimetableEntries(db, section);
  const index = chronologicalIndex(entries, fields);
  const result = await db
    .insertInto('timetable_entries')
    .values({ section, ...columnsOf(fields), sort_order: index })
    .executeTakeFirstOrThrow();
  const id = Number(result.insertId);
  const ordered: Placed[] = [...entries];
  ordered.splice(index, 0, { id, sort_order: index });
  await renumber(db, ordered);
  return id;
}

/**
 * Saves a row's fields. It keeps its place unless its day or beginning changed, when it
 * moves to its place by the clock. Call inside a transaction.
 */
export async function updateTimetableEntry(db: Db, before: TimetableEntry, fields: TimetableFields): Promise<void> {
  await db.updateTable('timetable_entries').set(columnsOf(fields)).where('id', '=', before.id).execute();
  if (before.weekday === fields.weekday && before.from === fields.from) return;
  const others = (await listTimetableEntries(db, before.section)).filter((entry) => entry.id !== before.id);
  const index = chronologicalIndex(others, fields);
  const ordered: Placed[] = [...others];
  // A place no row has: renumber writes the moved row's new one.
  ordered.splice(index, 0, { id: before.id, sort_order: -1 });
  await renumber(db, ordered);
}

export async function deleteTimetableEntry(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('timetable_entries').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Puts the section's rows in the order of `ids`, which names each of them once. Call inside a transaction. */
export async function reorderTimetable(db: Db, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('timetable_entries').set({ sort_order: position }).where('id', '=', id).execute();
  }
}

export async function countTimetableEntries(db: Db, section: TimetableSection): Promise<number> {
  const row = await db
    .selectFrom('timetable_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('section', '=', section)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The section of a row (rights per section, issue 28.1); undefined when there is none, which the procedure answers. */
export async function sectionOfTimetableEntry(db: Db, id: number): Promise<TimetableSection | undefined> {
  const row = await db.selectFrom('timetable_entries').select('section').where('id', '=', id).executeTakeFirst();
  return row?.section as TimetableSection | undefined;
}
