import { afterEach, describe, expect, it } from 'vitest';
import { formatOpeningDay, openingHours } from '../../src/shared/openingHours.ts';
import { DEFAULT_OPENING_RULE } from '../../src/shared/courseFacts.ts';

/**
 * Real sun times. Expectations follow from published almanac times (rounded to the
 * minute): Berlin 21.06.2026 sunrise 04:43, sunset 21:33 CEST; München 21.12.2026
 * sunrise 08:01, sunset 16:22 CET; München 28./29.03.2026 sunset 18:38 CET / 19:39 CEST;
 * 24./25.10.2026 sunrise 07:46 CEST / 06:48 CET, sunset 18:09 CEST / 17:07 CET.
 */
const BERLIN = { lat: 52.52, lon: 13.405 };
const MUENCHEN = { lat: 48.137, lon: 11.575 };

function day(iso: string, coords = MUENCHEN) {
  const [first] = openingHours(new Date(iso), 1, coords, DEFAULT_OPENING_RULE);
  if (!first) throw new Error('no day');
  return first;
}

describe('sun-based opening hours (SPEC §9)', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('is held to 08:00 – 19:00 around the summer solstice', () => {
    // 04:43 -> 04:45 + 1 h = 05:45, before 08:00; 21:33 -> 21:30 - 1 h = 20:30, after 19:00.
    expect(day('2026-06-21T10:00:00Z', BERLIN)).toEqual({ date: '2026-06-21', label: 'So, 21.06.2026', open: '08:00', close: '19:00', closed: false });
  });

  it('rounds sunrise up and sunset down at the winter solstice', () => {
    // 08:01 -> 08:15 + 1 h; 16:22 -> 16:15 - 1 h.
    expect(day('2026-12-21T10:00:00Z')).toEqual({ date: '2026-12-21', label: 'Mo, 21.12.2026', open: '09:15', close: '15:15', closed: false });
  });

  it('follows the switch to summer time on 29.03.2026', () => {
    const [saturday, sunday] = openingHours(new Date('2026-03-28T09:00:00Z'), 2, MUENCHEN, DEFAULT_OPENING_RULE);
    // Sunset 18:38 CET -> 17:30; the next day 19:39 CEST -> 18:30 (club clock, not UTC).
    expect(saturday).toMatchObject({ date: '2026-03-28', label: 'Sa, 28.03.2026', open: '08:00', close: '17:30' });
    expect(sunday).toMatchObject({ date: '2026-03-29', label: 'So, 29.03.2026', open: '08:00', close: '18:30' });
  });

  it('follows the switch back to winter time on 25.10.2026', () => {
    const [saturday, sunday] = openingHours(new Date('2026-10-24T09:00:00Z'), 2, MUENCHEN, DEFAULT_OPENING_RULE);
    // Sunrise 07:46 CEST -> 08:00 + 1 h; 06:48 CET -> 07:00 + 1 h. Sunset 18:09 -> 17:00; 17:07 -> 16:00.
    expect(saturday).toMatchObject({ date: '2026-10-24', open: '09:00', close: '17:00' });
    expect(sunday).toMatchObject({ date: '2026-10-25', label: 'So, 25.10.2026', open: '08:00', close: '16:00' });
  });

  it('gives 7 consecutive club-local days by default, starting with the club-local date of the instant', () => {
    // 23:30 UTC on 28.03. is already 29.03. in Berlin.
    const days = openingHours(new Date('2026-03-28T23:30:00Z'), 7, MUENCHEN, DEFAULT_OPENING_RULE);
    expect(days.map((entry) => entry.date)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01', '2026-04-02', '2026-04-03', '2026-04-04']);
    expect(days.map((entry) => entry.label.slice(0, 2))).toEqual(['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa']);
  });

  it('does not depend on the time zone of the visitor', () => {
    const compute = () => [
      ...openingHours(new Date('2026-03-27T22:30:00Z'), 7, MUENCHEN, DEFAULT_OPENING_RULE),
      ...openingHours(new Date('2026-10-24T22:30:00Z'), 3, MUENCHEN, DEFAULT_OPENING_RULE),
      ...openingHours(new Date('2026-12-20T23:30:00Z'), 2, MUENCHEN, DEFAULT_OPENING_RULE),
    ];
    process.env.TZ = 'America/New_York';
    const newYork = compute();
    expect(new Date('2026-06-01T12:00:00Z').getTimezoneOffset()).toBe(240);
    process.env.TZ = 'Asia/Tokyo';
    const tokyo = compute();
    expect(new Date('2026-06-01T12:00:00Z').getTimezoneOffset()).toBe(-540);
    process.env.TZ = 'UTC';
    expect(newYork).toEqual(tokyo);
    expect(compute()).toEqual(tokyo);
    // 22:30 UTC on 27.03. is 18:30 in New York and 07:30 on 28.03. in Tokyo; the club's date is 27.03.
    expect(newYork[0]?.date).toBe('2026-03-27');
    expect(newYork.find((entry) => entry.date === '2026-12-21')).toMatchObject({ open: '09:15', close: '15:15' });
  });

  it('formats a day for people', () => {
    expect(formatOpeningDay({ date: '2026-11-23', label: 'Mo, 23.11.2026', open: '08:00', close: '15:30', closed: false })).toBe('Mo, 23.11.2026 08:00 – 15:30');
    expect(formatOpeningDay({ date: '2026-11-23', label: 'Mo, 23.11.2026', open: null, close: null, closed: true })).toBe('Mo, 23.11.2026 geschlossen');
  });
});
