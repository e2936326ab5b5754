import jsqr from 'jsqr';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QrCode } from '../../src/client/components/QrCode.tsx';
import { DEFAULT_CLUB_DATA } from '../../src/shared/clubData.ts';
import { COURSE_BOOK_MESSAGES } from '../../src/shared/schemas/courseBook.ts';
import { CHECK_IN_LIMIT, COURSE_BOOK_RESPONSES } from '../../src/server/areas/coursebook/router.ts';
import { sweepRetention, RETENTION_RULES } from '../../src/server/retention.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { parseCsv } from '../helpers/csv.ts';

/**
 * The course book at the 3D course's entrance (issue 30.2–30.4): check-in refused while
 * closed and outside today's sun hours (injected clock), prices from the price table,
 * members' annual passes, the ticket by its long random address only, its GiroCode decoded
 * from the rendered SVG, check-out by the visitor and by a member, the warden's live list,
 * the treasurer's month CSV parsed back, the retention sweep, the limit per network, the
 * IBAN in no public answer, and 401/403/allowed.
 */

let now = new Date('2026-11-27T09:00:00Z');
const clock: Clock = { now: () => now };
/** Club-local (Berlin, winter: UTC+1). */
const at = (clubTime: string) => new Date(`${clubTime.replace(' ', 'T')}+01:00`);
const IBAN = 'DE02120300000000202051';

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };
let memberUid: string;
let memberId: number;
let passEditor: { authorization: string };
let addressCounter = 0;
const nextAddress = () => `198.51.100.${(addressCounter += 1)}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  editor = (await t.createMember(['parcours_view', 'parcours_update'])).auth;
  viewer = (await t.createMember(['parcours_view'])).auth;
  outsider = (await t.createMember(['dashboard_view', 'calendar_view'])).auth;
  const member = await t.createMember([]);
  memberUid = member.uid;
  memberId = member.id;
  passEditor = (await t.createMember(['users_view', 'users_update'])).auth;
});
afterAll(() => t.close());
beforeEach(async () => {
  now = at('2026-11-27 10:00:00');
  await t.db.deleteFrom('course_book_shooters').execute();
  await t.db.deleteFrom('course_book_groups').execute();
  await t.db.deleteFrom('course_closures').execute();
  await t.db.deleteFrom('network_attempts').execute();
  await t.db.deleteFrom('course_annual_passes').execute();
});

function query(path: string, input: unknown, headers: Record<string, string> = {}) {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return t.inject({ method: 'GET', url: `/trpc/${path}${search}`, headers });
}

function mutate(path: string, input: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, remoteAddress, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

const GROUP = {
  shooters: [
    { name: 'Anna Beispiel', category: 0 },
    { name: 'Ben Beispiel', category: 2 },
  ],
  phone: '0171 2345678',
  payment: 'cash',
  rulesAccepted: true,
  childrenConfirmed: true,
};

async function checkIn(input: Record<string, unknown> = GROUP, remoteAddress?: string) {
  const response = await mutate('courseBook.checkIn', input, {}, remoteAddress);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data as { token: string; ticketCode: string };
}

async function ticket(token: string) {
  const response = await query('courseBook.ticket', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
}

async function setClubBank(fields: Record<string, unknown>) {
  const saved = await t.inject({ method: 'PUT', url: '/api/club', headers: t.admin, payload: { ...DEFAULT_CLUB_DATA, contactInfo: 'info@verein.example', ...fields } });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function refusal(input: Record<string, unknown>) {
  const response = await mutate('courseBook.checkIn', input);
  // 400 for the input's own checks, 422 for what the server knows (open hours, members, the table).
  expect([400, 422]).toContain(response.statusCode);
  return response.json().error.message as string;
}

/** Rasterises the ticket page's QR code as the page renders it and reads it back, as a banking app would. */
async function scanned(text: string): Promise<string> {
  const svg = renderToStaticMarkup(createElement(QrCode, { text, label: 'GiroCode', size: 400 }));
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsqr.default(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!code) throw new Error('no QR code found');
  return Buffer.from(code.binaryData).toString('utf8');
}

describe('check-in', () => {
  it('prices the group from the day-ticket table and answers a ticket at a long random address', async () => {
    const { token, ticketCode } = await checkIn();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ticketCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    const view = await ticket(token);
    expect(view).toMatchObject({
      ticketCode,
      day: '2026-11-27',
      checkedInAt: '2026-11-27 10:00:00',
      checkedOutAt: null,
      amountCents: 1700,
      payment: 'cash',
      transfer: null,
      closingTime: '15:15',
    });
    expect(view.shooters).toEqual([
      { name: 'Anna Beispiel', category: 'Erwachsene', priceCents: 1200, member: false },
      { name: 'Ben Beispiel', category: 'Kinder (unter 13 Jahren)', priceCents: 500, member: false },
    ]);
    // Only the hash is stored.
    const stored = await t.db.selectFrom('course_book_groups').select('token_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
  });

  it('follows a changed price table', async () => {
    const facts = await t.inject({ method: 'GET', url: '/trpc/club.courseFacts', headers: t.admin });
    const current = facts.json().result.data;
    const changed = { ...current, dayPrices: current.dayPrices.map((row: { price: number }, index: number) => (index === 0 ? { ...row, price: 13.5 } : row)) };
    const saved = await mutate('club.updateCourseFacts', changed, t.admin);
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const { token } = await checkIn({ ...GROUP, shooters: [{ name: 'Anna', category: 0 }] });
      expect((await ticket(token)).amountCents).toBe(1350);
    } finally {
      expect((await mutate('club.updateCourseFacts', current, t.admin)).statusCode).toBe(200);
    }
  });

  it('lets a member with an annual pass for this club year shoot without paying', async () => {
    const marked = await mutate('users.setAnnualPass', { ref: memberUid, year: 2026, pass: true }, passEditor);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().result.data.data).toEqual([2026]);
    const { token } = await checkIn({ ...GROUP, shooters: [{ name: 'Mia Mitglied', category: 0, memberNumber: memberUid }, { name: 'Gast', category: 0 }] });
    const view = await ticket(token);
    expect(view.amountCents).toBe(1200);
    expect(view.shooters[0]).toEqual({ name: 'Mia Mitglied', category: 'Erwachsene', priceCents: 0, member: true });
  });

  it('refuses a member whose pass is only for last year or who has none, and a non-member, storing nothing', async () => {
    await t.db.insertInto('course_annual_passes').values({ user_id: memberId, year: 2025, created_at: '2025-03-01 10:00:00' }).execute();
    const lastYear = await mutate('courseBook.checkIn', { ...GROUP, shooters: [{ name: 'Mia Mitglied', category: 0, memberNumber: memberUid }] });
    expect(lastYear.statusCode).toBe(422);
    expect(lastYear.json().error.message).toBe(`Für die Schützennummer ${memberUid} ist für 2026 keine Jahreskarte eingetragen. Bitte eine Tageskarte wählen.`);
    expect(lastYear.json().error.data.fieldErrors).toEqual({ 'shooters.0.memberNumber': [COURSE_BOOK_MESSAGES.noPass(memberUid, 2026)] });

    await t.db.deleteFrom('course_annual_passes').execute();
    const none = await mutate('courseBook.checkIn', { ...GROUP, shooters: [{ name: 'Mia Mitglied', category: 0, memberNumber: memberUid }] });
    expect(none.statusCode).toBe(422);
    expect(none.json().error.message).toBe(COURSE_BOOK_MESSAGES.noPass(memberUid, 2026));

    const response = await mutate('courseBook.checkIn', { ...GROUP, shooters: [{ name: 'Max', category: 0, memberNumber: '99999998' }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(COURSE_BOOK_MESSAGES.notMember('99999998'));
    expect(await t.db.selectFrom('course_book_groups').select('id').execute()).toEqual([]);
  });

  it('counts the pass by the club year of the injected clock: the 2026 pass no longer holds on 1 January 2027', async () => {
    await t.db.insertInto('course_annual_passes').values({ user_id: memberId, year: 2026, created_at: '2026-03-01 10:00:00' }).execute();
    now = at('2027-01-01 12:00:00');
    const response = await mutate('courseBook.checkIn', { ...GROUP, shooters: [{ name: 'Mia Mitglied', category: 0, memberNumber: memberUid }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(COURSE_BOOK_MESSAGES.noPass(memberUid, 2027));
  });

  it('sets annual passes only with users_update (401/403), lists them with users_view, and logs the change', async () => {
    expect((await mutate('users.setAnnualPass', { ref: memberUid, year: 2026, pass: true })).statusCode).toBe(401);
    expect((await mutate('users.setAnnualPass', { ref: memberUid, year: 2026, pass: true }, outsider)).statusCode).toBe(403);
    expect((await query('users.annualPasses', { ref: memberUid }, outsider)).statusCode).toBe(403);
    expect(await t.db.selectFrom('course_annual_passes').selectAll().execute()).toEqual([]);

    expect((await mutate('users.setAnnualPass', { ref: memberUid, year: 2027, pass: true }, passEditor)).statusCode).toBe(200);
    expect((await mutate('users.setAnnualPass', { ref: memberUid, year: 2026, pass: true }, passEditor)).statusCode).toBe(200);
    expect((await query('users.annualPasses', { ref: memberUid }, passEditor)).json().result.data).toEqual([2026, 2027]);
    const cleared = await mutate('users.setAnnualPass', { ref: memberUid, year: 2027, pass: false }, passEditor);
    expect(cleared.json().result.data).toEqual({ message: 'Jahreskarte 2027 entfernt', data: [2026] });
    const log = await t.db.selectFrom('log_entries').select('message').where('message', 'like', 'Jahreskarte Bogenparcours%').orderBy('id').execute();
    expect(log.map((line) => line.message).slice(-3)).toEqual([
      expect.stringMatching(/^Jahreskarte Bogenparcours 2027 für .* eingetragen$/),
      expect.stringMatching(/^Jahreskarte Bogenparcours 2026 für .* eingetragen$/),
      expect.stringMatching(/^Jahreskarte Bogenparcours 2027 für .* entfernt$/),
    ]);

    const bad = await mutate('users.setAnnualPass', { ref: memberUid, year: 1999, pass: true }, passEditor);
    expect(bad.statusCode).toBe(400);
    expect((await mutate('users.setAnnualPass', { ref: '99999998', year: 2026, pass: true }, passEditor)).statusCode).toBe(404);
  });

  it('refuses in German while the course is closed, before opening and after closing, and stores nothing', async () => {
    const closure = await mutate('parcours.createClosure', { from: '2026-11-27', to: '2026-11-27', reason: 'storm' }, editor);
    expect(closure.statusCode, closure.body).toBe(200);
    expect(await refusal(GROUP)).toBe('Der Parcours ist heute geschlossen (Sturm). Eine Anmeldung ist nicht möglich.');
    await t.db.deleteFrom('course_closures').execute();
    // The closure was cached with the course's state; a write drops it.
    await mutate('parcours.updateState', { closedTargets: '', detour: '' }, editor);

    now = at('2026-11-27 08:30:00');
    expect(await refusal(GROUP)).toBe(COURSE_BOOK_MESSAGES.beforeOpening('09:00'));
    now = at('2026-11-27 15:15:00');
    expect(await refusal(GROUP)).toBe(COURSE_BOOK_MESSAGES.afterClosing('15:15'));
    expect(await t.db.selectFrom('course_book_groups').selectAll().execute()).toEqual([]);
  });

  it('asks for the rules, a phone number, categories from the table and an adult with children', async () => {
    expect(await refusal({ ...GROUP, rulesAccepted: false })).toBe(COURSE_BOOK_MESSAGES.rules);
    expect(await refusal({ ...GROUP, phone: '' })).toBe(COURSE_BOOK_MESSAGES.phoneEmpty);
    expect(await refusal({ ...GROUP, shooters: [{ name: 'X', category: 9 }] })).toBe(COURSE_BOOK_MESSAGES.category);
    expect(await refusal({ ...GROUP, shooters: [{ name: 'Kind', category: 2 }] })).toBe(COURSE_BOOK_MESSAGES.noAdult);
    expect(await refusal({ ...GROUP, childrenConfirmed: false })).toBe(COURSE_BOOK_MESSAGES.children);
    expect(await refusal({ ...GROUP, shooters: Array.from({ length: 11 }, (_, n) => ({ name: `P${n}`, category: 0 })) })).toBe(COURSE_BOOK_MESSAGES.tooManyShooters);
    expect(await refusal({ ...GROUP, payment: 'transfer' })).toBe(COURSE_BOOK_MESSAGES.noTransfer);
    expect(await t.db.selectFrom('course_book_groups').selectAll().execute()).toEqual([]);
  });

  it('limits check-ins per network', async () => {
    const address = '203.0.113.7';
    for (let n = 0; n < CHECK_IN_LIMIT.perNetwork; n += 1) await checkIn(GROUP, address);
    const refused = await mutate('courseBook.checkIn', GROUP, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(COURSE_BOOK_MESSAGES.tooMany);
    // Another network is not held up.
    await checkIn(GROUP);
  });

  it('finds a ticket only by its token', async () => {
    await checkIn();
    for (const token of ['ABC123', 'x'.repeat(43)]) {
      const response = await query('courseBook.ticket', { token });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(COURSE_BOOK_MESSAGES.ticketNotFound);
    }
  });
});

describe('payment by GiroCode', () => {
  it('puts the club’s account, the amount and the ticket code into the code a banking app reads, and the IBAN nowhere public', async () => {
    await setClubBank({ iban: IBAN, bic: 'BYLADEM1001', accountHolder: 'Schützenverein Tannenfeld e. V.' });
    try {
      const form = await query('courseBook.form', undefined);
      expect(form.json().result.data).toMatchObject({ transferOffered: true, retentionMonths: 12 });
      expect(form.body).not.toContain(IBAN);
      for (const url of ['/trpc/club.profile', '/api/public/parcours', '/trpc/parcours.publicState', '/trpc/courseBook.form']) {
        const response = await t.inject({ method: 'GET', url });
        expect(response.body, url).not.toContain(IBAN);
        expect(response.body, url).not.toContain('DE02 1203');
      }

      const { token, ticketCode } = await checkIn({ ...GROUP, payment: 'transfer' });
      const view = await ticket(token);
      expect(view.transfer).toMatchObject({ accountHolder: 'Schützenverein Tannenfeld e. V.', iban: IBAN, bic: 'BYLADEM1001', remittance: `Parcours ${ticketCode}` });
      const expected = ['BCD', '002', '1', 'SCT', 'BYLADEM1001', 'Schützenverein Tannenfeld e. V.', IBAN, 'EUR17.00', '', '', `Parcours ${ticketCode}`].join('\n');
      expect(view.transfer.girocode).toBe(expected);
      expect(await scanned(view.transfer.girocode)).toBe(expected);
    } finally {
      await setClubBank({});
    }
  });
});

describe('check-out and the warden’s list', () => {
  it('checks a group out from its ticket, lists today’s groups with counts and income, marks late groups, and lets a member check out and mark paid', async () => {
    const first = await checkIn();
    const second = await checkIn({ ...GROUP, shooters: [{ name: 'Clara', category: 0 }, { name: 'Dora', category: 3 }], phone: '+49 170 1111111' });

    const out = await mutate('courseBook.checkOut', { token: first.token });
    expect(out.json().result.data.message).toBe(COURSE_BOOK_RESPONSES.checkedOut);
    expect((await mutate('courseBook.checkOut', { token: first.token })).json().result.data.message).toBe(COURSE_BOOK_RESPONSES.alreadyOut);
    expect((await ticket(first.token)).checkedOutAt).toBe('2026-11-27 10:00:00');

    let list = (await query('courseBook.today', undefined, viewer)).json().result.data;
    expect(list).toMatchObject({ today: '2026-11-27', closingTime: '15:15', late: false, incomeCents: { cash: 3700, transfer: 0 } });
    expect(list.out.map((group: { ticketCode: string; phone: string; checkedInAt: string }) => [group.ticketCode, group.phone, group.checkedInAt])).toEqual([
      [second.ticketCode, '+49 170 1111111', '2026-11-27 10:00:00'],
    ]);
    expect(list.left.map((group: { ticketCode: string }) => group.ticketCode)).toEqual([first.ticketCode]);
    expect(list.counts).toEqual([
      { category: 'Erwachsene', count: 2 },
      { category: 'Kinder (unter 13 Jahren)', count: 1 },
      { category: 'Blasrohr', count: 1 },
    ]);

    // One hour before closing, the groups still out are marked.
    now = at('2026-11-27 14:15:00');
    list = (await query('courseBook.today', undefined, viewer)).json().result.data;
    expect(list.late).toBe(true);
    expect(list.out[0].late).toBe(true);

    const id = list.out[0].id as number;
    expect((await mutate('courseBook.checkOutGroup', { id }, viewer)).statusCode).toBe(403);
    const byHand = await mutate('courseBook.checkOutGroup', { id }, editor);
    expect(byHand.json().result.data.message).toBe(COURSE_BOOK_RESPONSES.groupCheckedOut);
    const paid = await mutate('courseBook.markPaid', { id }, editor);
    expect(paid.json().result.data.message).toBe(COURSE_BOOK_RESPONSES.paid);
    list = (await query('courseBook.today', undefined, viewer)).json().result.data;
    expect(list.out).toEqual([]);
    expect(list.left.find((group: { id: number }) => group.id === id)).toMatchObject({ checkedOutBy: 'member', paidAt: '2026-11-27 14:15:00' });
    expect((await mutate('courseBook.markPaid', { id: 999999 }, editor)).statusCode).toBe(404);
  });

  it('gives the treasurer the month as CSV with date, ticket code, categories, amount and payment way', async () => {
    const first = await checkIn();
    now = at('2026-12-01 10:00:00');
    await checkIn();
    const response = await query('courseBook.monthCsv', { month: '2026-11' }, viewer);
    expect(response.statusCode, response.body).toBe(200);
    const { filename, csv } = response.json().result.data as { filename: string; csv: string };
    expect(filename).toBe('parcoursbuch-2026-11.csv');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parseCsv(csv)).toEqual([
      ['Datum', 'Ticket', 'Kategorien', 'Betrag', 'Zahlungsweg', 'Erhalten'],
      ['27.11.2026', first.ticketCode, '1 × Erwachsene, 1 × Kinder (unter 13 Jahren)', '17,00', 'Bar in die Kasse', ''],
    ]);
    expect((await query('courseBook.monthCsv', { month: '2026-13' }, viewer)).json().error.message).toBe(COURSE_BOOK_MESSAGES.month);
  });
});

describe('retention', () => {
  it('deletes names and phone numbers after the club’s period and keeps the booking', async () => {
    const old = await checkIn();
    now = at('2027-11-26 10:00:00');
    const recent = await checkIn();
    // A year after the first check-in plus a day.
    now = at('2027-11-28 10:00:00');
    const result = await sweepRetention(t.db, now, RETENTION_RULES);
    expect(result.failed).toEqual([]);
    expect(result.deleted['course book']).toBe(1);
    const oldTicket = await ticket(old.token);
    expect(oldTicket.shooters.map((shooter: { name: string }) => shooter.name)).toEqual(['', '']);
    expect(oldTicket.amountCents).toBe(1700);
    const phones = await t.db.selectFrom('course_book_groups').select(['ticket_code', 'phone', 'categories']).orderBy('id').execute();
    expect(phones).toEqual([
      { ticket_code: old.ticketCode, phone: '', categories: '1 × Erwachsene, 1 × Kinder (unter 13 Jahren)' },
      { ticket_code: recent.ticketCode, phone: '0171 2345678', categories: '1 × Erwachsene, 1 × Kinder (unter 13 Jahren)' },
    ]);
    expect((await ticket(recent.token)).shooters[0].name).toBe('Anna Beispiel');
  });
});

describe('permissions', () => {
  it('asks for a login (401), parcours_view to read and parcours_update to change (403)', async () => {
    expect((await query('courseBook.today', undefined)).statusCode).toBe(401);
    expect((await query('courseBook.monthCsv', { month: '2026-11' })).statusCode).toBe(401);
    expect((await mutate('courseBook.checkOutGroup', { id: 1 })).statusCode).toBe(401);
    expect((await mutate('courseBook.markPaid', { id: 1 })).statusCode).toBe(401);
    expect((await query('courseBook.today', undefined, outsider)).statusCode).toBe(403);
    expect((await query('courseBook.monthCsv', { month: '2026-11' }, outsider)).statusCode).toBe(403);
    expect((await mutate('courseBook.checkOutGroup', { id: 1 }, viewer)).statusCode).toBe(403);
    expect((await mutate('courseBook.markPaid', { id: 1 }, viewer)).statusCode).toBe(403);
    expect((await query('courseBook.today', undefined, viewer)).statusCode).toBe(200);
  });
});
