import type { Transaction } from 'kysely';
import { closureText, isCourseTournament, type ClosureReason, type PublicClosure, type PublicCourseState } from '../../../shared/courseState.ts';
import { toClubDate, toClubDateTime } from '../../../shared/dates.ts';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

type DbOrTrx = Db | Transaction<Database>;

/** The one row of `course_state`. */
export const COURSE_STATE_ID = 1;

/** A closure as the back office lists and edits it. */
export interface CourseClosure {
  id: number;
  from: string;
  to: string;
  reason: ClosureReason;
  note: string;
}

/** A tournament day from the calendar (`isCourseTournament`): read only, it follows the appointment. */
export interface TournamentClosure {
  appointmentId: number;
  name: string;
  from: string;
  to: string;
  /** Public appointment: visitors read its name with the reason. */
  visible: boolean;
}

/** The targets closed for now and the detour; an open course on a database where nothing was stored yet. */
export async function readCourseState(db: DbOrTrx): Promise<{ closedTargets: number[]; detour: string; updatedAt: string | null }> {
  const row = await db.selectFrom('course_state').selectAll().where('id', '=', COURSE_STATE_ID).executeTakeFirst();
  if (!row) return { closedTargets: [], detour: '', updatedAt: null };
  const closedTargets = row.closed_targets === '' ? [] : row.closed_targets.split(',').map(Number);
  return { closedTargets, detour: row.detour, updatedAt: row.updated_at === null ? null : String(row.updated_at) };
}

export async function writeCourseState(db: DbOrTrx, closedTargets: readonly number[], detour: string, updatedAt: string): Promise<void> {
  const values = { closed_targets: closedTargets.join(','), detour, updated_at: updatedAt };
  const result = await db.updateTable('course_state').set(values).where('id', '=', COURSE_STATE_ID).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) await db.insertInto('course_state').values({ id: COURSE_STATE_ID, ...values }).execute();
}

/** The closures whose last day is `today` or later, the earliest first: an ended one is gone by itself. */
export async function listClosures(db: DbOrTrx, today: string): Promise<CourseClosure[]> {
  const rows = await db
    .selectFrom('course_closures')
    .select(['id', 'from_date', 'to_date', 'reason', 'note'])
    .where('to_date', '>=', today)
    .orderBy('from_date')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), from: row.from_date, to: row.to_date, reason: row.reason as ClosureReason, note: row.note }));
}

export async function findClosure(db: DbOrTrx, id: number): Promise<CourseClosure | undefined> {
  const row = await db.selectFrom('course_closures').select(['id', 'from_date', 'to_date', 'reason', 'note']).where('id', '=', id).executeTakeFirst();
  return row && { id: Number(row.id), from: row.from_date, to: row.to_date, reason: row.reason as ClosureReason, note: row.note };
}

/** The day before a `YYYY-MM-DD`. */
function dayBefore(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/**
 * The calendar's tournaments at the course (`isCourseTournament`) that have not ended, each
 * closing the course on every day from its begin to its end. An appointment ending at
 * midnight does not close the next day; a cancelled occurrence closes nothing.
 */
export async function listTournamentClosures(db: DbOrTrx, today: string): Promise<TournamentClosure[]> {
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'name', 'location', 'datetime_begin', 'datetime_end', 'visibility'])
    .where('cancelled', '=', 0)
    .where('datetime_end', '>=', `${today} 00:00:00`)
    // Both dialects compare these case-insensitively (SQLite's LIKE for ASCII, MySQL's _ci collation); the shared rule decides.
    .where('location', 'like', '%parcours%')
    .where('name', 'like', '%turnier%')
    .orderBy('datetime_begin')
    .orderBy('id')
    .execute();
  return rows.filter(isCourseTournament).flatMap((row) => {
    const begin = String(row.datetime_begin);
    const end = String(row.datetime_end);
    const from = begin.slice(0, 10);
    let to = end.slice(0, 10);
    if (end.slice(11, 19) === '00:00:00' && to > from) to = dayBefore(to);
    if (to < today) return [];
    return [{ appointmentId: Number(row.id), name: row.name, from, to, visible: Number(row.visibility) === 1 }];
  });
}

/** The course's state as visitors see it, for the club's `today`: closures and tournaments in one list, the earliest first. */
export async function publicCourseStateOf(db: DbOrTrx, today: string): Promise<PublicCourseState> {
  const state = await readCourseState(db);
  const closures: PublicClosure[] = [
    ...(await listClosures(db, today)).map((closure) => ({ from: closure.from, to: closure.to, reason: closure.reason, text: closureText(closure.reason, closure.note) })),
    ...(await listTournamentClosures(db, today)).map((tournament) => ({
      from: tournament.from,
      to: tournament.to,
      reason: 'tournament' as const,
      // An internal appointment's name stays in the back office.
      text: closureText('tournament', tournament.visible ? tournament.name : ''),
    })),
  ].sort((a, b) => (a.from === b.from ? a.to.localeCompare(b.to) : a.from.localeCompare(b.from)));
  return { closedTargets: state.closedTargets, detour: state.detour, closures };
}

/** The club's date and date-time of an instant, as the closures compare them. */
export function clubToday(now: Date): { today: string; stamp: string } {
  return { today: toClubDate(now), stamp: toClubDateTime(now) };
}
