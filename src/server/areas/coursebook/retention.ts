import { toClubDate } from '../../../shared/dates.ts';
import type { Db } from '../../db/connection.ts';
import { readClubData } from '../club/queries.ts';
import { forgetGroupsBefore } from './queries.ts';

/** The club-local day `months` calendar months before `now`'s (the 31st going to the month's last day). */
export function monthsBefore(now: Date, months: number): string {
  const [year, month, day] = toClubDate(now).split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay))).toISOString().slice(0, 10);
}

/**
 * The course book's rule of the retention sweep (retention.ts): names, shooter numbers and
 * phone numbers of groups that checked in more than the club's period ago (club data,
 * default twelve months; README „Parcoursbuch“) are deleted. The bookings stay for the
 * treasurer, naming nobody.
 */
export async function pruneCourseBook(db: Db, now: Date): Promise<number> {
  const { courseBookRetentionMonths } = await readClubData(db);
  return forgetGroupsBefore(db, monthsBefore(now, courseBookRetentionMonths));
}
