import { describe, expect, it } from 'vitest';
import { formatGermanDate, formatGermanDateTime, toClubDate, toClubDateTime } from '../../src/shared/dates.ts';

describe('club-local date-times (Europe/Berlin)', () => {
  it('adds one hour in winter and two in summer', () => {
    expect(toClubDateTime(new Date('2026-01-15T12:00:00Z'))).toBe('2026-01-15 13:00:00');
    expect(toClubDateTime(new Date('2026-07-15T12:00:00Z'))).toBe('2026-07-15 14:00:00');
  });

  it('follows the change to and from summer time', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC).
    expect(toClubDateTime(new Date('2026-03-29T00:59:59Z'))).toBe('2026-03-29 01:59:59');
    expect(toClubDateTime(new Date('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00:00');
    // 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC).
    expect(toClubDateTime(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25 02:30:00');
    expect(toClubDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30:00');
  });

  it('uses 24-hour time with leading zeros', () => {
    expect(toClubDateTime(new Date('2026-02-03T23:05:09Z'))).toBe('2026-02-04 00:05:09');
    expect(toClubDateTime(new Date('2026-02-03T04:05:09Z'))).toBe('2026-02-03 05:05:09');
  });

  it('gives the club-local date, which may differ from the UTC date', () => {
    expect(toClubDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(toClubDate(new Date('2026-06-30T21:59:59Z'))).toBe('2026-06-30');
    expect(toClubDate(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
  });
});

describe('formatGermanDateTime', () => {
  it('turns the API format into DD.MM.YYYY HH:mm', () => {
    expect(formatGermanDateTime('2026-05-01 18:30:15')).toBe('01.05.2026 18:30');
    expect(formatGermanDateTime('2026-05-01T08:03:00')).toBe('01.05.2026 08:03');
  });

  it('keeps the seconds when asked to', () => {
    expect(formatGermanDateTime('2026-05-01 18:30:15', true)).toBe('01.05.2026 18:30:15');
  });

  it('leaves anything else as it is', () => {
    expect(formatGermanDateTime('2026-05-01')).toBe('2026-05-01');
    expect(formatGermanDateTime('kein Datum')).toBe('kein Datum');
  });
});

describe('formatGermanDate', () => {
  it('turns YYYY-MM-DD into DD.MM.YYYY and leaves anything else alone', () => {
    expect(formatGermanDate('2026-12-04')).toBe('04.12.2026');
    expect(formatGermanDate('2027-01-31 00:00:00')).toBe('31.01.2027');
    expect(formatGermanDate('morgen')).toBe('morgen');
  });
});
