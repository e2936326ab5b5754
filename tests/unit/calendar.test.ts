import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildEventFile, buildFeed, type FeedAppointment } from '../../src/server/areas/calendar/feed.ts';
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

describe('iCal text (RFC 5545)', () => {
  // C0 but LF, DEL and C1; a stray CR would end a content line.
  const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('') + '\u007f\u0080\u0085\u009f';
  const appointment: FeedAppointment = {
    id: 7,
    name: `Königs${controls}schießen`,
    datetime_begin: '2026-12-05 10:00:00',
    datetime_end: '2026-12-05 16:00:00',
    location: 'Stand\t3\u0000',
    description: 'Zeile 1\r\nZeile 2\rZeile 3\nZeile 4\u0007\u001b[31m',
    section: 'Bogen\u0008',
    sequence: 2,
    updated_at: '2026-11-23 11:00:00',
  };
  const expected = { summary: 'Königs \n\nschießen', location: 'Stand 3', description: 'Zeile 1\nZeile 2\nZeile 3\nZeile 4[31m', category: 'Bogen' };

  for (const [what, text] of [
    ['the feed', () => buildFeed([appointment], 'https://verein.example.org', 'Schützen\u0001verein').body],
    ['the event file of a mail', () => buildEventFile(appointment, 'https://verein.example.org', 'Schützen\u0001verein')],
  ] as const) {
    it(`${what}: text fields carry no control characters, line breaks stay, and the text ends with CRLF after END:VCALENDAR`, () => {
      const body = text();
      expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
      // Only CRLF line ends remain of all control characters.
      // eslint-disable-next-line no-control-regex
      expect(body.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      const calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect({
        summary: event.summary,
        location: event.location,
        description: event.description,
        category: event.component.getFirstPropertyValue('categories'),
      }).toEqual(expected);
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Termine – Schützenverein');
    });
  }
});
