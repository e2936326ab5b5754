import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatDateWithWeekday } from '../../src/shared/appointmentGlance.ts';
import { endAfterBeginMoved, newAppointmentBegin, newAppointmentEnd } from '../../src/client/pages/admin/calendar/newAppointment.ts';

const at = (text: string) => dayjs(text);
const shown = (dates: dayjs.Dayjs) => dates.format('YYYY-MM-DD HH:mm');

describe('a new appointment (issue 28.5)', () => {
  const now = at('2026-11-27T14:10:00');

  it('begins from the add button at the next full hour in the current month, on the first day of a later one', () => {
    expect(shown(newAppointmentBegin(null, at('2026-11-01'), now))).toBe('2026-11-27 15:00');
    expect(shown(newAppointmentBegin(null, at('2026-12-01'), now))).toBe('2026-12-01 18:00');
    // A past month has no future day: the next full hour today.
    expect(shown(newAppointmentBegin(null, at('2026-10-01'), now))).toBe('2026-11-27 15:00');
    expect(shown(newAppointmentBegin(null, at('2026-11-01'), at('2026-11-27T14:00:00')))).toBe('2026-11-27 15:00');
  });

  it('begins on a clicked day at 18:00, today after six at the next full hour', () => {
    expect(shown(newAppointmentBegin(at('2026-12-08'), at('2026-12-01'), now))).toBe('2026-12-08 18:00');
    expect(shown(newAppointmentBegin(at('2026-11-27'), at('2026-11-01'), now))).toBe('2026-11-27 18:00');
    expect(shown(newAppointmentBegin(at('2026-11-27'), at('2026-11-01'), at('2026-11-27T19:20:00')))).toBe('2026-11-27 20:00');
  });

  it('lasts two hours, and its end moves with the begin keeping the length', () => {
    expect(shown(newAppointmentEnd(at('2026-12-08T18:00:00')))).toBe('2026-12-08 20:00');
    expect(shown(endAfterBeginMoved(at('2026-12-08T18:00:00'), at('2026-12-08T21:30:00'), at('2026-12-09T10:00:00')))).toBe('2026-12-09 13:30');
    expect(shown(endAfterBeginMoved(null, null, at('2026-12-09T10:00:00')))).toBe('2026-12-09 12:00');
  });

  it('names a day with its weekday', () => {
    expect(formatDateWithWeekday('2026-12-01')).toBe('Di, 01.12.2026');
  });
});
