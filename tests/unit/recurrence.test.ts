import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { fromClubDateTime } from '../../src/shared/dates.ts';
import { latestSeriesDate, occurrenceDates, recurrenceProblem, toRRule, type Recurrence, type RecurrenceEnd, type WeekdayCode } from '../../src/shared/recurrence.ts';

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** What a calendar app makes of the rule: ical.js expands the RRULE from a Berlin start. */
function expandWithIcal(rule: Recurrence, start: string): { date: string; utc: string }[] {
  const [date, time] = start.split(' ');
  const text = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//recurrence//DE',
    ...BERLIN,
    'BEGIN:VEVENT',
    'UID:series@test',
    'DTSTAMP:20261124T000000Z',
    `DTSTART;TZID=Europe/Berlin:${date!.replace(/-/g, '')}T${time!.replace(/:/g, '')}`,
    `RRULE:${toRRule(rule)}`,
    'SUMMARY:Training',
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const calendar = new ICAL.Component(ICAL.parse(text));
  ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  const iterator = event.iterator();
  const result: { date: string; utc: string }[] = [];
  for (let next = iterator.next(); next && result.length < 400; next = iterator.next()) {
    result.push({ date: next.toString().slice(0, 10), utc: next.toJSDate().toISOString() });
  }
  return result;
}

const weekly = (weekdays: WeekdayCode[], end: RecurrenceEnd, interval = 1): Recurrence => ({
  frequency: 'weekly',
  interval,
  weekdays,
  end,
});

describe('recurring appointments', () => {
  it('repeats a Tuesday and Thursday training evening every week until a date, across the change to summer time', () => {
    const rule = weekly(['TU', 'TH'], { until: '2027-04-08' });
    const start = '2027-03-02 18:30:00';
    const dates = occurrenceDates(rule, start);
    expect(dates.slice(0, 4)).toEqual(['2027-03-02', '2027-03-04', '2027-03-09', '2027-03-11']);
    expect(dates.at(-1)).toBe('2027-04-08');
    expect(dates).toHaveLength(12);
    const expanded = expandWithIcal(rule, start);
    expect(expanded.map((entry) => entry.date)).toEqual(dates);
    // 18:30 in Berlin is 17:30 UTC in winter and 16:30 UTC in summer (28 March 2027), in both.
    for (const entry of expanded) expect(entry.utc).toBe(fromClubDateTime(`${entry.date} 18:30:00`)!.toISOString());
    expect(expanded[0]!.utc).toBe('2027-03-02T17:30:00.000Z');
    expect(expanded.at(-1)!.utc).toBe('2027-04-08T16:30:00.000Z');
  });

  it('skips weeks with an interval, counted from the first week, and stops after a number of times', () => {
    const rule = weekly(['MO', 'FR'], { count: 5 }, 2);
    const start = '2026-11-27 19:00:00';
    expect(recurrenceProblem(rule, start)).toBeUndefined();
    const dates = occurrenceDates(rule, start);
    // Friday 27 Nov starts; its week's Monday (23 Nov) lies before it; then every other week.
    expect(dates).toEqual(['2026-11-27', '2026-12-07', '2026-12-11', '2026-12-21', '2026-12-25']);
    expect(expandWithIcal(rule, start).map((entry) => entry.date)).toEqual(dates);
  });

  it('repeats monthly on a day, leaving out months without it', () => {
    const rule: Recurrence = { frequency: 'monthly', interval: 1, on: { day: 31 }, end: { until: '2027-08-31' } };
    const start = '2027-01-31 20:00:00';
    const dates = occurrenceDates(rule, start);
    expect(dates).toEqual(['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31', '2027-08-31']);
    expect(expandWithIcal(rule, start).map((entry) => entry.date)).toEqual(dates);
  });

  it('repeats monthly on the n-th or the last weekday', () => {
    const first: Recurrence = { frequency: 'monthly', interval: 1, on: { ordinal: 1, weekday: 'WE' }, end: { count: 4 } };
    expect(occurrenceDates(first, '2026-12-02 19:00:00')).toEqual(['2026-12-02', '2027-01-06', '2027-02-03', '2027-03-03']);
    expect(expandWithIcal(first, '2026-12-02 19:00:00').map((entry) => entry.date)).toEqual(occurrenceDates(first, '2026-12-02 19:00:00'));
    const last: Recurrence = { frequency: 'monthly', interval: 3, on: { ordinal: -1, weekday: 'FR' }, end: { count: 4 } };
    expect(occurrenceDates(last, '2026-11-27 19:00:00')).toEqual(['2026-11-27', '2027-02-26', '2027-05-28', '2027-08-27']);
    expect(expandWithIcal(last, '2026-11-27 19:00:00').map((entry) => entry.date)).toEqual(occurrenceDates(last, '2026-11-27 19:00:00'));
  });

  it('never runs past five years, also with a count', () => {
    expect(latestSeriesDate('2028-02-29 18:00:00')).toBe('2033-02-28');
    const rule = weekly(['WE'], { count: 1000 });
    const dates = occurrenceDates(rule, '2026-11-25 18:00:00');
    expect(dates.at(-1)! <= '2031-11-25').toBe(true);
    expect(dates).toHaveLength(261);
    expect(recurrenceProblem(weekly(['WE'], { until: '2031-11-26' }), '2026-11-25 18:00:00')).toBe('Eine Serie darf höchstens 5 Jahre dauern.');
    expect(recurrenceProblem(weekly(['WE'], { until: '2031-11-25' }), '2026-11-25 18:00:00')).toBeUndefined();
  });

  it('names in German why a rule does not fit its first date', () => {
    expect(recurrenceProblem(weekly([], { count: 3 }), '2026-11-25 18:00:00')).toBe('Bitte wähle mindestens einen Wochentag.');
    expect(recurrenceProblem(weekly(['TU'], { count: 3 }), '2026-11-25 18:00:00')).toBe('Der erste Termin muss auf einem der gewählten Wochentage liegen.');
    expect(recurrenceProblem({ frequency: 'monthly', interval: 1, on: { day: 24 }, end: { count: 2 } }, '2026-11-25 18:00:00')).toBe(
      'Der erste Termin muss auf dem gewählten Tag des Monats liegen.',
    );
    expect(recurrenceProblem({ frequency: 'monthly', interval: 1, on: { ordinal: -1, weekday: 'WE' }, end: { count: 2 } }, '2026-11-18 18:00:00')).toBe(
      'Der erste Termin muss auf dem gewählten Wochentag des Monats liegen.',
    );
    expect(recurrenceProblem(weekly(['WE'], { until: '2026-11-24' }), '2026-11-25 18:00:00')).toBe('Das Ende der Serie darf nicht vor dem ersten Termin liegen.');
    expect(recurrenceProblem(weekly(['WE'], { count: 0 }), '2026-11-25 18:00:00')).toBe('Die Zahl der Termine muss mindestens 1 sein.');
    expect(recurrenceProblem(weekly(['WE'], { count: 2 }, 13), '2026-11-25 18:00:00')).toBe('Der Abstand muss zwischen 1 und 12 liegen.');
  });
});
