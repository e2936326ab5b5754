import { closureOn, type PublicCourseState } from '../../../shared/courseState.ts';
import { minutesOfDay, type CourseFacts } from '../../../shared/courseFacts.ts';
import { openingHours, type OpeningDay } from '../../../shared/openingHours.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { COURSE_BOOK_MESSAGES } from '../../../shared/schemas/courseBook.ts';
import { AppError } from '../../errors.ts';

/**
 * Whether the course takes check-ins at `now`: not on a closed day (a closure, a
 * tournament, a day without sun hours) and only between today's sun-based opening and
 * closing time, the same computation as the course page's list. Today's opening day, or a
 * German refusal.
 */
export function assertCourseOpen(now: Date, coords: { lat: number; lon: number }, facts: CourseFacts, state: PublicCourseState): OpeningDay & { open: string; close: string } {
  const [day] = openingHours(now, 1, coords, facts.opening);
  if (!day) throw new AppError('UNPROCESSABLE_CONTENT', COURSE_BOOK_MESSAGES.closedToday);
  const closure = closureOn(state, day.date);
  if (closure) throw new AppError('UNPROCESSABLE_CONTENT', COURSE_BOOK_MESSAGES.closed(closure.text));
  if (day.closed || day.open === null || day.close === null) throw new AppError('UNPROCESSABLE_CONTENT', COURSE_BOOK_MESSAGES.closedToday);
  const minute = minutesOfDay(toClubDateTime(now).slice(11, 16));
  if (minute < minutesOfDay(day.open)) throw new AppError('UNPROCESSABLE_CONTENT', COURSE_BOOK_MESSAGES.beforeOpening(day.open));
  if (minute >= minutesOfDay(day.close)) throw new AppError('UNPROCESSABLE_CONTENT', COURSE_BOOK_MESSAGES.afterClosing(day.close));
  return { ...day, open: day.open, close: day.close };
}

/** Today's closing time, for the ticket and the warden's list; null on a closed day. */
export function closingTimeOf(now: Date, coords: { lat: number; lon: number }, facts: CourseFacts): string | null {
  return openingHours(now, 1, coords, facts.opening)[0]?.close ?? null;
}
