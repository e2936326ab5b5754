import type { Dayjs } from 'dayjs';

/** Club evenings start around six: a clicked day's new appointment begins then. */
export const NEW_APPOINTMENT_HOUR = 18;
/** How long a new appointment lasts until its end is set (issue 28.5). */
export const NEW_APPOINTMENT_HOURS = 2;

/** The next full hour after `now` (at 14:10 it is 15:00; at 14:00 sharp too). */
function nextFullHour(now: Dayjs): Dayjs {
  return now.startOf('hour').add(1, 'hour');
}

/**
 * Where a new appointment begins (issue 28.5): on a clicked day at 18:00 (today, when six
 * has passed, at the next full hour); from the add button the next full hour today when the
 * shown month is the current one (or a past one: nothing there lies ahead), else the shown
 * month's first day at 18:00.
 */
export function newAppointmentBegin(clickedDay: Dayjs | null, shownMonth: Dayjs, now: Dayjs): Dayjs {
  if (clickedDay) {
    const evening = clickedDay.startOf('day').hour(NEW_APPOINTMENT_HOUR);
    return evening.isAfter(now) ? evening : clickedDay.isSame(now, 'day') ? nextFullHour(now) : evening;
  }
  const first = shownMonth.startOf('month');
  if (first.isAfter(now, 'day')) return first.hour(NEW_APPOINTMENT_HOUR);
  return nextFullHour(now);
}

/** Its end: two hours later. */
export function newAppointmentEnd(begin: Dayjs): Dayjs {
  return begin.add(NEW_APPOINTMENT_HOURS, 'hour');
}

/**
 * The end after the begin moved: the appointment keeps its length (a span that was not
 * one yet, or an end that was never valid, becomes the two hours of a new appointment).
 */
export function endAfterBeginMoved(previousBegin: Dayjs | null, previousEnd: Dayjs | null, begin: Dayjs): Dayjs {
  if (previousBegin?.isValid() && previousEnd?.isValid() && !previousEnd.isBefore(previousBegin)) return begin.add(previousEnd.diff(previousBegin), 'millisecond');
  return newAppointmentEnd(begin);
}
