import { describe, expect, it } from 'vitest';
import { fromClubDateTime, isApiDateTime, toClubDateTime } from '../../src/shared/dates.ts';
import { APPOINTMENT_MESSAGES, appointmentCreateInput } from '../../src/shared/schemas/calendar.ts';
import { monthRange } from '../../src/server/areas/calendar/queries.ts';

describe('club-local date-times', () => {
  it('reads winter and summer time', () => {
    expect(fromClubDateTime('2026-12-05 10:00:00')?.toISOString()).toBe('2026-12-05T09:00:00.000Z');
    expect(fromClubDateTime('2026-07-01 10:00:00')?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  });

  it('knows no 02:00–02:59 on the last Sunday of March, and takes the first of the two 02:30 in October', () => {
    expect(fromClubDateTime('2027-03-28 02:30:00')).toBeUndefined();
    expect(fromClubDateTime('2027-03-28 01:59:00')?.toISOString()).toBe('2027-03-28T00:59:00.000Z');
    expect(fromClubDateTime('2027-03-28 03:00:00')?.toISOString()).toBe('2027-03-28T01:00:00.000Z');
    expect(fromClubDateTime('2026-10-25 02:30:00')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips with toClubDateTime and refuses dates that do not exist', () => {
    for (const value of ['2026-01-01 00:00:00', '2026-06-15 23:59:59', '2028-02-29 12:00:00']) {
      expect(toClubDateTime(fromClubDateTime(value)!)).toBe(value);
    }
    expect(isApiDateTime('2027-02-29 12:00:00')).toBe(false);
    expect(isApiDateTime('2026-12-05 24:00:00')).toBe(false);
    expect(isApiDateTime('05.12.2026 10:00')).toBe(false);
  });
});

describe('appointment schema', () => {
  it('names an end before the begin even while other fields are still empty (the form shows it at once)', () => {
    const result = appointmentCreateInput.safeParse({ name: '', location: '', datetime_begin: '2026-12-05 12:00', datetime_end: '2026-12-05 10:00' });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain(APPOINTMENT_MESSAGES.endBeforeBegin);
    expect(messages).toContain(APPOINTMENT_MESSAGES.assignment);
  });

  it('takes minutes without seconds and an ISO T, and the upload answer as attachments', () => {
    const result = appointmentCreateInput.parse({
      name: 'Training',
      location: 'Halle',
      datetime_begin: '2026-12-05T10:00',
      datetime_end: '2026-12-05 12:00',
      assignment: '3',
      status: '2',
      visibility: '1',
      attachments: [{ id: 4, filename: 'a.pdf' }, 5],
    });
    expect(result).toMatchObject({ datetime_begin: '2026-12-05 10:00:00', datetime_end: '2026-12-05 12:00:00', assignment: 3, status: 2, visibility: true, attachments: [4, 5], notify: false });
  });

  it('spans a month from its first moment to the next month’s first, December into January', () => {
    expect(monthRange(2026, 12)).toEqual({ from: '2026-12-01 00:00:00', until: '2027-01-01 00:00:00' });
    expect(monthRange(2026, 2)).toEqual({ from: '2026-02-01 00:00:00', until: '2026-03-01 00:00:00' });
  });
});
