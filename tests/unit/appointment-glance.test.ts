import { describe, expect, it } from 'vitest';
import { byMonth, entryInWords, entryWhen, formatAppointmentTime, glanceEntries, monthHeading, seriesSummary } from '../../src/shared/appointmentGlance.ts';
import { describeRecurrence, describeRhythm, type Recurrence, type WeekdayCode } from '../../src/shared/recurrence.ts';
import type { PublicAppointment, PublicSeriesLink } from '../../src/shared/schemas/calendar.ts';

/** Appointments at a glance (issue 26, point 5): times, rhythms and entries as /termine and the home page write them. */

const END = { count: 10 } as const;

function appointment(id: number, begin: string, end: string, series: PublicSeriesLink | null = null): PublicAppointment {
  return { id, name: `Termin ${id}`, datetime_begin: begin, datetime_end: end, location: 'Vereinsheim', description: '', section: '', attachments: [], series, signup: null };
}

describe('an appointment’s time', () => {
  it('names the weekday and gives the date of a same-day appointment once, the times joined by an en dash', () => {
    expect(formatAppointmentTime('2026-12-01 18:30:00', '2026-12-01 21:00:00')).toBe('Di, 01.12.2026, 18:30–21:00');
    expect(formatAppointmentTime('2026-11-30 08:00:00', '2026-11-30 09:00:00')).toBe('Mo, 30.11.2026, 08:00–09:00');
    expect(formatAppointmentTime('2026-12-06 10:00:00', '2026-12-06 12:00:00')).toBe('So, 06.12.2026, 10:00–12:00');
    // The back office lets the end equal the begin: the time once.
    expect(formatAppointmentTime('2026-12-01 18:30:00', '2026-12-01 18:30:00')).toBe('Di, 01.12.2026, 18:30');
  });

  it('gives both dates of an appointment over several days', () => {
    expect(formatAppointmentTime('2026-12-05 10:00:00', '2026-12-06 16:00:00')).toBe('Sa, 05.12.2026, 10:00 – So, 06.12.2026, 16:00');
    expect(formatAppointmentTime('2026-12-31 20:00:00', '2027-01-01 02:00:00')).toBe('Do, 31.12.2026, 20:00 – Fr, 01.01.2027, 02:00');
  });

  it('names months in German', () => {
    expect(monthHeading('2026-03')).toBe('März 2026');
    expect(monthHeading('2026-12')).toBe('Dezember 2026');
  });
});

describe('a series’ rhythm', () => {
  const weekly = (weekdays: WeekdayCode[], interval = 1): Recurrence => ({ frequency: 'weekly', interval, weekdays, end: END });
  it('is said the same way in the back office, the mails and on /termine', () => {
    expect(describeRhythm(weekly(['TU']))).toBe('jeden Dienstag');
    expect(describeRhythm(weekly(['TU'], 2))).toBe('jeden zweiten Dienstag');
    expect(describeRhythm(weekly(['FR'], 3))).toBe('jeden dritten Freitag');
    expect(describeRhythm(weekly(['MO', 'TH']))).toBe('jeden Montag und Donnerstag');
    expect(describeRhythm(weekly(['MO', 'WE', 'FR']))).toBe('jeden Montag, Mittwoch und Freitag');
    expect(describeRhythm(weekly(['MO', 'TH'], 2))).toBe('jede zweite Woche am Montag und Donnerstag');
    expect(describeRhythm({ frequency: 'monthly', interval: 1, on: { ordinal: 1, weekday: 'SA' }, end: END })).toBe('jeden ersten Samstag im Monat');
    expect(describeRhythm({ frequency: 'monthly', interval: 1, on: { ordinal: -1, weekday: 'FR' }, end: END })).toBe('jeden letzten Freitag im Monat');
    expect(describeRhythm({ frequency: 'monthly', interval: 1, on: { day: 15 }, end: END })).toBe('jeden 15. im Monat');
    expect(describeRhythm({ frequency: 'monthly', interval: 3, on: { day: 15 }, end: END })).toBe('jeden dritten Monat am 15.');
    expect(describeRecurrence({ frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { until: '2027-12-31' } })).toBe('jeden Dienstag, bis 31.12.2027');
    expect(describeRecurrence({ frequency: 'monthly', interval: 1, on: { ordinal: -1, weekday: 'FR' }, end: { count: 1 } })).toBe('jeden letzten Freitag im Monat, 1 Termin');
  });

  it('stands with the time and the next three dates', () => {
    const evenings = ['01', '08', '15', '22'].map((day, index) => appointment(index + 1, `2026-12-${day} 18:30:00`, `2026-12-${day} 21:00:00`));
    expect(seriesSummary('jeden Dienstag', evenings)).toBe('jeden Dienstag, 18:30–21:00 · nächste: 01.12., 08.12., 15.12.');
    expect(seriesSummary('jeden Dienstag', evenings.slice(3))).toBe('jeden Dienstag, 18:30–21:00 · nächster: 22.12.');
    expect(seriesSummary('jeden Freitag', [appointment(8, '2026-12-04 19:00:00', '2026-12-04 19:00:00')])).toBe('jeden Freitag, 19:00 · nächster: 04.12.');
    expect(seriesSummary('jeden Samstag', [appointment(9, '2026-12-05 10:00:00', '2026-12-06 16:00:00')])).toBe('jeden Samstag, 10:00 bis Sonntag, 16:00 · nächster: 05.12.');
  });
});

describe('the entries of the list', () => {
  const series = { id: 4, rhythm: 'jeden Dienstag', changed: false };
  const list = [
    appointment(1, '2026-11-24 18:30:00', '2026-11-24 21:00:00', series),
    appointment(2, '2026-11-28 14:00:00', '2026-11-28 18:00:00'),
    appointment(3, '2026-12-01 18:30:00', '2026-12-01 21:00:00', series),
    appointment(4, '2026-12-08 19:00:00', '2026-12-08 22:00:00', { ...series, changed: true }),
    appointment(5, '2026-12-15 18:30:00', '2026-12-15 21:00:00', series),
    appointment(6, '2027-01-02 10:00:00', '2027-01-02 12:00:00'),
  ];

  it('gathers a series into one entry where its next date is; single and changed occurrences stay entries of their own', () => {
    const entries = glanceEntries(list);
    expect(entries.map((entry) => entry.key)).toEqual(['s4', 'a2', 'a4', 'a6']);
    const first = entries[0]!;
    expect(first.kind === 'series' && first.occurrences.map((occurrence) => occurrence.id)).toEqual([1, 3, 5]);
    expect(entryWhen(first)).toBe('jeden Dienstag, 18:30–21:00 · nächste: 24.11., 01.12., 15.12.');
    expect(entryInWords(first)).toBe('Termin 1 jeden Dienstag');
    expect(entryWhen(entries[2]!)).toBe('Di, 08.12.2026, 19:00–22:00');
    expect(entryInWords(entries[1]!)).toBe('Termin 2 am Sa, 28.11.2026, 14:00–18:00');
  });

  it('groups the entries by the month of their next date', () => {
    expect(byMonth(glanceEntries(list)).map(({ month, entries }) => [month, entries.map((entry) => entry.key)])).toEqual([
      ['2026-11', ['s4', 'a2']],
      ['2026-12', ['a4']],
      ['2027-01', ['a6']],
    ]);
  });
});
