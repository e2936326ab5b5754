import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Sun times chosen to hit each rule of SPEC §9 exactly; the real astronomy is tested beside. */
const sun = vi.hoisted(() => ({ times: new Map<string, { sunrise: Date | null; sunset: Date | null }>() }));
vi.mock('suncalc', () => ({
  getTimes: (date: Date) => sun.times.get(date.toISOString().slice(0, 10)) ?? { sunrise: null, sunset: null },
}));

const { openingHours } = await import('../../src/shared/openingHours.ts');
const { DEFAULT_OPENING_RULE } = await import('../../src/shared/courseFacts.ts');
const COORDS = { lat: 50, lon: 10 };

function hoursFor(date: string, sunrise: string | null, sunset: string | null, rule = DEFAULT_OPENING_RULE) {
  sun.times.set(date, { sunrise: sunrise ? new Date(sunrise) : null, sunset: sunset ? new Date(sunset) : null });
  const [first] = openingHours(new Date(`${date}T11:00:00Z`), 1, COORDS, rule);
  return first;
}

describe('opening hour rules', () => {
  beforeEach(() => sun.times.clear());

  it('rounds sunrise up to the next quarter hour, keeping an exact quarter hour', () => {
    // Winter: club time = UTC + 1.
    expect(hoursFor('2026-01-10', '2026-01-10T07:00:00Z', '2026-01-10T16:00:00Z')).toMatchObject({ open: '09:00', close: '16:00' });
    expect(hoursFor('2026-01-11', '2026-01-11T07:00:01Z', '2026-01-11T16:14:59Z')).toMatchObject({ open: '09:15', close: '16:00' });
    expect(hoursFor('2026-01-12', '2026-01-12T07:14:59Z', '2026-01-12T16:15:00Z')).toMatchObject({ open: '09:15', close: '16:15' });
  });

  it('never opens before 08:00 nor closes after 19:00', () => {
    // Summer: club time = UTC + 2. Sunrise 05:00 -> 06:00; sunset 21:45 -> 20:45.
    expect(hoursFor('2026-06-10', '2026-06-10T03:00:00Z', '2026-06-10T19:45:00Z')).toMatchObject({ open: '08:00', close: '19:00', closed: false });
    // Sunrise 07:00:01 -> 07:15 + 1 h = 08:15 is kept.
    expect(hoursFor('2026-06-11', '2026-06-11T05:00:01Z', '2026-06-11T19:00:00Z')).toMatchObject({ open: '08:15', close: '19:00' });
  });

  it('uses summer time from 29.03. and winter time from 25.10.2026', () => {
    // The same UTC instants are an hour later on the club clock after the spring switch.
    expect(hoursFor('2026-03-28', '2026-03-28T06:20:00Z', '2026-03-28T17:40:00Z')).toMatchObject({ open: '08:30', close: '17:30' });
    expect(hoursFor('2026-03-29', '2026-03-29T06:20:00Z', '2026-03-29T17:40:00Z')).toMatchObject({ open: '09:30', close: '18:30' });
    expect(hoursFor('2026-10-24', '2026-10-24T06:20:00Z', '2026-10-24T16:10:00Z')).toMatchObject({ open: '09:30', close: '17:00' });
    expect(hoursFor('2026-10-25', '2026-10-25T06:20:00Z', '2026-10-25T16:10:00Z')).toMatchObject({ open: '08:30', close: '16:00' });
  });

  it('is closed when the end is not after the start, or the sun does not rise', () => {
    // 09:00 -> 10:00; 11:05 -> 11:00 - 1 h = 10:00: nothing left.
    expect(hoursFor('2026-12-01', '2026-12-01T08:00:00Z', '2026-12-01T10:05:00Z')).toEqual({
      date: '2026-12-01',
      label: 'Di, 01.12.2026',
      open: null,
      close: null,
      closed: true,
    });
    expect(hoursFor('2026-12-02', '2026-12-02T08:00:00Z', '2026-12-02T10:15:00Z')).toMatchObject({ open: '10:00', close: '10:15', closed: false });
    expect(hoursFor('2026-12-03', null, null)).toMatchObject({ closed: true, open: null });
  });

  it('takes the limits and the minutes after sunrise and before sunset from the club\'s rule', () => {
    const rule = { earliestOpen: '09:30', latestClose: '17:45', minutesAfterSunrise: 30, minutesBeforeSunset: 90 };
    // Summer: sunrise 05:00 -> 05:30, held to 09:30; sunset 21:45 -> 20:15, held to 17:45.
    expect(hoursFor('2026-06-12', '2026-06-12T03:00:00Z', '2026-06-12T19:45:00Z', rule)).toMatchObject({ open: '09:30', close: '17:45' });
    // Winter: sunrise 08:10 -> 08:15 + 30 = 08:45, held to 09:30; sunset 16:20 -> 16:15 - 90 min = 14:45.
    expect(hoursFor('2026-01-13', '2026-01-13T07:10:00Z', '2026-01-13T15:20:00Z', rule)).toMatchObject({ open: '09:30', close: '14:45' });
    // Without offsets: sunrise 10:05 -> 10:15; sunset 16:20 -> 16:15.
    const noOffsets = { earliestOpen: '06:00', latestClose: '22:00', minutesAfterSunrise: 0, minutesBeforeSunset: 0 };
    expect(hoursFor('2026-01-14', '2026-01-14T09:05:00Z', '2026-01-14T15:20:00Z', noOffsets)).toMatchObject({ open: '10:15', close: '16:15' });
  });
});
