import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNUP_LIMIT, SIGNUP_MESSAGES } from '../../src/server/areas/registrations/router.ts';
import { REGISTRATION_RESPONSES } from '../../src/server/areas/registrations/queries.ts';
import { IANSEO_HEADER } from '../../src/server/areas/registrations/csv-export.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { OutboxWorker } from '../../src/server/mail/worker.ts';
import { sweepRetention } from '../../src/server/retention.ts';
import type { Clock } from '../../src/server/services.ts';
import { EMAIL_MESSAGES } from '../../src/shared/schemas/fields.ts';
import { GUARDIAN_CONSENT_TEXT, REGISTRATION_MESSAGES, type RegistrationSettingsInput } from '../../src/shared/schemas/registrations.ts';
import { createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { parseCsv } from '../helpers/csv.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * Sign-ups with a waiting list (issue 29), through tRPC and the REST paths: the settings and
 * their German messages, the period with the injected clock, places per sign-up, the waiting
 * list moving up (and its mail at a real SMTP peer), the personal link, minors' consent, the
 * 90 days, the exports parsed back, and the log. The race is in registrations-race.test.ts.
 */

let t: TestApp;
let peer: SmtpPeer;
let nowMs = Date.parse('2027-02-15T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let network = 0;
const nextAddress = () => `198.51.${Math.floor(network / 250)}.${(network++ % 250) + 1}`;

const BOW_CLASS = { label: 'Bogenklasse', type: 'choice' as const, options: ['Recurve', 'Compound', 'Blankbogen', 'Langbogen', 'Jagdbogen'], required: true };

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ clock, mailTransport: null }, { PUBLIC_URL: 'https://schuetzen.example' });
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});
beforeEach(() => {
  testTag += 1;
  nowMs = Date.parse('2027-02-15T10:00:00Z');
  peer.received.length = 0;
});

let appointmentCounter = 0;
async function newAppointment(begin = '2027-03-06 10:00:00', visibility = 1): Promise<number> {
  appointmentCounter += 1;
  const inserted = await t.db
    .insertInto('appointments')
    .values({
      name: `3D-Turnier ${appointmentCounter}`,
      datetime_begin: begin,
      datetime_end: begin.replace(/\d\d:\d\d:\d\d$/, '17:00:00'),
      location: 'Parcours am Waldrand',
      visibility,
      description: '',
      notes: '',
      assignment: 1,
      status: 0,
      notify: 0,
      created_at: '2027-01-01 10:00:00',
      updated_at: '2027-01-01 10:00:00',
    })
    .executeTakeFirstOrThrow();
  return Number(inserted.insertId);
}

async function configure(appointmentId: number, settings: RegistrationSettingsInput, confirm = false) {
  const admin = await t.callerAs(1);
  return admin.registrations.configure({ appointmentId, settings, confirm });
}

async function withSignups(settings: RegistrationSettingsInput, begin?: string): Promise<number> {
  const id = await newAppointment(begin);
  await configure(id, settings);
  return id;
}

/** Each test's participants have addresses of their own, so mails of other tests never mix in. */
let testTag = 0;
const emailOf = (n: number) => `anna${n}.t${testTag}@example.org`;
const person = (n: number, extra: Record<string, unknown> = {}) => ({ prename: `Anna ${n}`, lastname: 'Weiß', email: emailOf(n), ...extra });

function signUp(appointmentId: number, body: Record<string, unknown>, remoteAddress = nextAddress(), headers: Record<string, string> = {}) {
  return t.inject({ method: 'POST', url: `/api/public/registrations/${appointmentId}`, remoteAddress, headers, payload: body });
}

async function publicInfo(appointmentId: number) {
  const response = await t.inject({ method: 'GET', url: `/api/public/registrations/${appointmentId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { stateText: string; state: { state: string } };
}

async function list(appointmentId: number) {
  const admin = await t.callerAs(1);
  return (await admin.registrations.list({ appointmentId })).data;
}

/** The personal link's token from the newest confirmation mail to `email`. */
async function tokenOf(email: string): Promise<string> {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('recipient', '=', email)
    .where('kind', '=', 'registration')
    .where('body', 'like', '%/anmeldung/%')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /\/anmeldung\/\d+\/([A-Za-z0-9_-]{43})/.exec(mail.body)![1]!;
}

function trpc(path: string, input: unknown, method: 'GET' | 'POST' = 'POST') {
  if (method === 'GET') return t.inject({ method, url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}` });
  return t.inject({ method, url: `/trpc/${path}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

describe('settings (calendar_update)', () => {
  it('refuses wrong settings with German messages and stores nothing', async () => {
    const id = await newAppointment();
    const cases: Array<[RegistrationSettingsInput, string]> = [
      [{ places: 0 }, REGISTRATION_MESSAGES.places],
      [{ places: 10, placesPerSignup: 21 }, REGISTRATION_MESSAGES.placesPerSignup],
      [{ places: 10, opensAt: '2027-03-01 10:00:00', closesAt: '2027-02-01 10:00:00' }, REGISTRATION_MESSAGES.closesBeforeOpens],
      [{ places: 10, guardianConsent: true }, REGISTRATION_MESSAGES.consentNeedsBirthdate],
      [{ places: 10, fields: { custom: [{ label: 'Bogenklasse', type: 'choice', options: ['Recurve'] }] } }, REGISTRATION_MESSAGES.tooFewOptions],
      [{ places: 10, fields: { custom: Array.from({ length: 6 }, (_, n) => ({ label: `Feld ${n}`, type: 'text' as const })) } }, REGISTRATION_MESSAGES.tooManyFields],
      [{ places: 10, fields: { custom: [{ label: '', type: 'text' }] } }, 'Die Bezeichnung des Feldes darf nicht leer gelassen werden!'],
      [{ places: 10, opensAt: '01.03.2027' }, REGISTRATION_MESSAGES.dateTime],
    ];
    for (const [settings, message] of cases) {
      const response = await t.inject({ method: 'PUT', url: `/api/registrations/${id}`, headers: t.admin, payload: settings });
      expect(response.statusCode, JSON.stringify(settings)).toBe(422);
      expect(response.json().message).toBe(message);
    }
    expect(await t.db.selectFrom('registration_settings').selectAll().where('appointment_id', '=', id).execute()).toEqual([]);
  });

  it('opens sign-ups only on public appointments, gives custom fields their keys, and logs', async () => {
    const internal = await newAppointment('2027-03-06 10:00:00', 0);
    const refused = await t.inject({ method: 'PUT', url: `/api/registrations/${internal}`, headers: t.admin, payload: { places: 5 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(REGISTRATION_RESPONSES.notPublic);
    const id = await newAppointment();
    const response = await t.inject({ method: 'PUT', url: `/api/registrations/${id}`, headers: t.admin, payload: { places: 60, fields: { club: 'required', custom: [BOW_CLASS] } } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(SIGNUP_MESSAGES.configured);
    const { data } = await (await t.callerAs(1)).registrations.settings({ appointmentId: id });
    expect(data?.fields.custom[0]).toMatchObject({ label: 'Bogenklasse', key: expect.stringMatching(/^f[0-9a-f]{8}$/) });
    expect(data?.closesAt).toBeNull();
    const log = await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log.message).toMatch(/^Anmeldung zu „3D-Turnier \d+“ am 06\.03\.2027 10:00 geöffnet \(60 Plätze\)$/);
  });
});

describe('public state', () => {
  it('says when sign-up opens, how many places are free, that it is full, and when it closed (injected clock)', async () => {
    const id = await withSignups({ places: 2, opensAt: '2027-03-01 18:00:00', closesAt: '2027-03-05 12:00:00' });
    expect((await publicInfo(id)).stateText).toBe('Anmeldung ab 01.03.');
    const early = await signUp(id, person(1));
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Die Anmeldung ist noch nicht geöffnet. Sie beginnt am 01.03.2027 um 18:00 Uhr.');

    nowMs = Date.parse('2027-03-01T17:00:00Z'); // 18:00 in Berlin
    expect((await publicInfo(id)).stateText).toBe('noch 2 Plätze frei');
    expect((await signUp(id, person(1))).statusCode).toBe(201);
    expect((await publicInfo(id)).stateText).toBe('noch 1 Platz frei');
    expect((await signUp(id, person(2))).statusCode).toBe(201);
    expect((await publicInfo(id)).stateText).toBe('ausgebucht – Warteliste');
    const third = await signUp(id, person(3));
    expect(third.json()).toEqual({ message: SIGNUP_MESSAGES.waiting(1), data: { status: 'waiting', waitingPosition: 1 } });

    nowMs = Date.parse('2027-03-05T11:00:00Z'); // 12:00 in Berlin
    expect((await publicInfo(id)).stateText).toBe('Anmeldeschluss war am 05.03.2027 um 12:00 Uhr');
    const late = await signUp(id, person(4));
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Die Anmeldung ist geschlossen. Anmeldeschluss war am 05.03.2027 um 12:00 Uhr.');
  });

  it('closes at the appointment’s start by default, and shows nothing of a participant', async () => {
    const id = await withSignups({ places: 5 }, '2027-02-20 09:00:00');
    expect((await signUp(id, person(5))).statusCode).toBe(201);
    const info = await t.inject({ method: 'GET', url: `/api/public/registrations/${id}` });
    expect(info.body).not.toContain(emailOf(5));
    expect(info.body).not.toContain('Anna 5');
    nowMs = Date.parse('2027-02-20T08:00:00Z');
    expect((await publicInfo(id)).stateText).toBe('Anmeldeschluss war am 20.02.2027 um 09:00 Uhr');
  });

  it('answers 404 for an appointment without sign-ups', async () => {
    const id = await newAppointment();
    const response = await t.inject({ method: 'GET', url: `/api/public/registrations/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(REGISTRATION_RESPONSES.noSignup);
    expect((await signUp(id, person(1))).statusCode).toBe(404);
  });
});

describe('the form', () => {
  it('checks the fields the settings ask, in German, and stores nothing', async () => {
    const id = await withSignups({ places: 10, fields: { phone: 'required', club: 'optional', custom: [BOW_CLASS, { label: 'Leihbogen', type: 'yesno' }] } });
    const { data } = await (await t.callerAs(1)).registrations.settings({ appointmentId: id });
    const [bow, loan] = data!.fields.custom;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...person(1), prename: '' }, 'prename', 'Der Vorname darf nicht leer gelassen werden!'],
      [{ ...person(1), email: 'kein-at' }, 'email', EMAIL_MESSAGES.invalid],
      [{ ...person(1), answers: { [bow!.key]: 'Recurve' } }, 'phone', 'Die Telefonnummer darf nicht leer gelassen werden!'],
      [{ ...person(1), phone: '0661 1', answers: {} }, `answers.${bow!.key}`, 'Das Feld „Bogenklasse“ darf nicht leer gelassen werden!'],
      [{ ...person(1), phone: '0661 1', answers: { [bow!.key]: 'Armbrust' } }, `answers.${bow!.key}`, 'Bitte wähle für „Bogenklasse“ eine der angebotenen Möglichkeiten!'],
      [{ ...person(1), phone: '0661 1', answers: { [bow!.key]: 'Recurve', [loan!.key]: 'vielleicht' } }, `answers.${loan!.key}`, 'Bitte beantworte „Leihbogen“ mit Ja oder Nein!'],
      [{ ...person(1), phone: '0661 1', answers: { [bow!.key]: 'Recurve' }, places: 2 }, 'places', 'Pro Anmeldung ist nur 1 Platz möglich!'],
      [{ ...person(1), phone: '0661 1', answers: { [bow!.key]: 'Recurve' }, birthdate: '31.02.2000' }, 'birthdate', REGISTRATION_MESSAGES.birthdate],
    ];
    for (const [body, field, message] of cases) {
      const response = await signUp(id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().message).toBe(message);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await t.db.selectFrom('registrations').selectAll().where('appointment_id', '=', id).execute()).toEqual([]);
    const ok = await signUp(id, { ...person(1), phone: '0661 1', answers: { [bow!.key]: 'Langbogen', [loan!.key]: true } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ message: SIGNUP_MESSAGES.place, data: { status: 'place', waitingPosition: null } });
  });

  it('drops a filled honeypot with the normal answer, and counts a network’s sign-ups per hour', async () => {
    const id = await withSignups({ places: 100 });
    const before = await t.db.selectFrom('registrations').select('id').execute();
    const trap = await signUp(id, { ...person(9), homepage: 'http://spam.example' });
    expect(trap.statusCode).toBe(201);
    expect(trap.json().message).toBe(SIGNUP_MESSAGES.place);
    expect(await t.db.selectFrom('registrations').select('id').execute()).toEqual(before);

    const address = '2001:db8:77::1';
    for (let n = 0; n < SIGNUP_LIMIT.perNetwork; n += 1) expect((await signUp(id, person(100 + n), `2001:db8:77::${(n + 2).toString(16)}`)).statusCode).toBe(201);
    const refused = await signUp(id, person(200), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(REGISTRATION_RESPONSES.tooMany);
    nowMs += SIGNUP_LIMIT.windowMs + 1000;
    expect((await signUp(id, person(201), address)).statusCode).toBe(201);
  });

  it('lets only logged-in members sign up when the organiser says so, with the member noted', async () => {
    const id = await withSignups({ places: 5, audience: 'members' });
    const anonymous = await signUp(id, person(1));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(REGISTRATION_RESPONSES.membersOnly);
    const member = await t.createMember([]);
    const response = await signUp(id, person(2), nextAddress(), member.auth);
    expect(response.statusCode, response.body).toBe(201);
    const row = await t.db.selectFrom('registrations').select('user_id').where('appointment_id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(member.id);
    void MEMBER_PASSWORD;
  });
});

describe('minors', () => {
  const settings: RegistrationSettingsInput = { places: 10, guardianConsent: true, fields: { birthdate: 'required' } };

  it('asks a guardian’s name and consent of whoever is under 18 on the appointment’s date, and stores when it was given', async () => {
    const id = await withSignups(settings, '2027-03-06 10:00:00');
    // 18 the day after the appointment: still a minor on its date.
    const minor = { ...person(1), birthdate: '2009-03-07' };
    const refused = await signUp(id, minor);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ guardianName: [REGISTRATION_MESSAGES.guardianName], guardianConsent: [REGISTRATION_MESSAGES.guardianConsent] });
    const withConsent = await signUp(id, { ...minor, guardianName: 'Bernd Weiß', guardianConsent: true });
    expect(withConsent.statusCode, withConsent.body).toBe(201);
    const row = await t.db.selectFrom('registrations').select(['guardian_name', 'guardian_consent_at']).where('email', '=', minor.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ guardian_name: 'Bernd Weiß', guardian_consent_at: '2027-02-15 11:00:00' });
    const mail = await t.db.selectFrom('mail_outbox').select('body').where('recipient', '=', minor.email).executeTakeFirstOrThrow();
    expect(mail.body).toContain(GUARDIAN_CONSENT_TEXT);
    // 18 on the day: no guardian needed, none stored.
    const adult = await signUp(id, { ...person(2), birthdate: '2009-03-06', guardianName: 'Niemand', guardianConsent: true });
    expect(adult.statusCode).toBe(201);
    const adultRow = await t.db.selectFrom('registrations').select(['guardian_name', 'guardian_consent_at']).where('email', '=', emailOf(2)).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    expect(adultRow).toEqual({ guardian_name: '', guardian_consent_at: null });
  });
});

describe('places and the waiting list', () => {
  it('takes places per sign-up, lets a single take the last place past a waiting family, and moves the first who fits up on a cancellation', async () => {
    const id = await withSignups({ places: 5, placesPerSignup: 4 });
    expect((await signUp(id, person(1, { places: 4 }))).json().data).toEqual({ status: 'place', waitingPosition: null });
    expect((await signUp(id, person(2, { places: 3 }))).json().data).toEqual({ status: 'waiting', waitingPosition: 1 });
    expect((await signUp(id, person(3, { places: 1 }))).json().data).toEqual({ status: 'place', waitingPosition: null });
    expect((await signUp(id, person(4, { places: 1 }))).json().data).toEqual({ status: 'waiting', waitingPosition: 2 });
    const tooMany = await signUp(id, person(5, { places: 5 }));
    expect(tooMany.json().message).toBe('Pro Anmeldung sind 1 bis 4 Plätze möglich!');

    // The single person cancels: one place free, the family of three does not fit, number 4 moves up.
    const token = await tokenOf(emailOf(3));
    const cancelled = await trpc('registrations.cancelMine', { token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    let rows = (await list(id)).participants;
    expect(rows.map((row) => [row.position, row.status, row.waitingPosition])).toEqual([
      [1, 'place', null],
      [2, 'waiting', 1],
      [3, 'cancelled', null],
      [4, 'place', null],
    ]);
    const promotion = await t.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', emailOf(4)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(promotion.subject).toMatch(/^Platz frei: 3D-Turnier/);

    // The family of four cancels by the organiser: the family of three moves up.
    const admin = await t.callerAs(1);
    await admin.registrations.cancel({ appointmentId: id, id: rows[0]!.id });
    rows = (await list(id)).participants;
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'place', 'cancelled', 'place']);
    // The organiser's cancellation keeps the data for the list; the link's does not.
    expect(rows[0]).toMatchObject({ prename: 'Anna 1', cancelledAt: expect.any(String) });
    expect(rows[2]).toMatchObject({ prename: '', email: '', answers: {}, cancelledAt: expect.any(String) });
    const log = (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(3).execute()).map((row) => row.message);
    expect(log.join('\n')).toMatch(/storniert; von der Warteliste nachgerückt: Anmeldung \d+/);
  });

  it('never moves anyone to the waiting list silently when places are lowered', async () => {
    const id = await withSignups({ places: 4 });
    for (let n = 1; n <= 5; n += 1) await signUp(id, person(n));
    const asked = await configure(id, { places: 2 });
    expect(asked).toEqual({ message: 'Bei 2 Plätzen rücken 2 Anmeldungen auf die Warteliste. Bitte bestätige die Änderung.', data: { saved: false, wouldMove: 2 } });
    expect((await list(id)).settings.places).toBe(4);
    const done = await configure(id, { places: 2 }, true);
    expect(done.data).toMatchObject({ saved: true, moved: 2 });
    const rows = (await list(id)).participants;
    // The latest arrivals with a place move, and wait before those who waited already (arrival order).
    expect(rows.map((row) => [row.status, row.waitingPosition])).toEqual([
      ['place', null],
      ['place', null],
      ['waiting', 1],
      ['waiting', 2],
      ['waiting', 3],
    ]);
    expect(await t.db.selectFrom('mail_outbox').select('subject').where('recipient', '=', emailOf(3)).where('subject', 'like', 'Warteliste:%').execute()).toHaveLength(1);
    // More places again: the waiting list moves up in order.
    const more = await configure(id, { places: 3 });
    expect(more.data).toMatchObject({ saved: true, promoted: 1 });
    expect((await list(id)).participants.map((row) => row.status)).toEqual(['place', 'place', 'place', 'waiting', 'waiting']);
  });

  it('lets the organiser add by hand, mark paid and present, and move between the lists', async () => {
    const id = await withSignups({ places: 1, fields: { custom: [BOW_CLASS] } });
    const admin = await t.callerAs(1);
    const key = (await admin.registrations.settings({ appointmentId: id })).data!.fields.custom[0]!.key;
    const first = await admin.registrations.add({ appointmentId: id, ...person(1), answers: { [key]: 'Compound' } });
    expect(first).toEqual({ message: 'Teilnehmer eingetragen', data: { id: expect.any(Number), status: 'place' } });
    const full = await t.inject({ method: 'POST', url: `/api/registrations/${id}`, headers: t.admin, payload: { ...person(2), answers: { [key]: 'Recurve' }, status: 'place' } });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(REGISTRATION_RESPONSES.noRoom);
    const second = await t.inject({ method: 'POST', url: `/api/registrations/${id}`, headers: t.admin, payload: { ...person(2), answers: { [key]: 'Recurve' } } });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.status).toBe('waiting');
    const paid = await t.inject({ method: 'PUT', url: `/api/registrations/${id}/${first.data.id}`, headers: t.admin, payload: { paid: true, present: true } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ paid: true, present: true, status: 'place' });
    // Moved to the waiting list by hand: the other moves up, this one waits.
    const moved = await admin.registrations.update({ appointmentId: id, id: first.data.id, status: 'waiting' });
    expect(moved.data).toMatchObject({ status: 'waiting', waitingPosition: 1 });
    const { participants, choiceCounts } = await list(id);
    expect(participants.map((row) => row.status)).toEqual(['waiting', 'place']);
    expect(choiceCounts[0]!.counts.filter((count) => count.places + count.waiting > 0)).toEqual([
      { option: 'Recurve', places: 1, waiting: 0 },
      { option: 'Compound', places: 0, waiting: 1 },
    ]);
    const one = await t.inject({ method: 'GET', url: `/api/registrations/${id}/${first.data.id}`, headers: t.admin });
    expect(one.json().data).toMatchObject({ prename: 'Anna 1', answers: { [key]: 'Compound' } });
    const mailed = await admin.registrations.mail({ appointmentId: id, to: 'all', subject: 'Treffpunkt', text: 'Wir treffen uns am Parkplatz.' });
    expect(mailed.data.mails).toBe(2);
    const mail = await t.db.selectFrom('mail_outbox').select('body').where('subject', '=', 'Treffpunkt').where('recipient', '=', emailOf(1)).executeTakeFirstOrThrow();
    expect(mail.body).toContain('auf der Warteliste stehst');
  });
});

describe('the personal link', () => {
  it('shows, changes and cancels the sign-up without an account; a wrong token is 404', async () => {
    const id = await withSignups({ places: 1, fields: { club: 'optional' } });
    await signUp(id, person(1));
    await signUp(id, person(2));
    const token = await tokenOf(emailOf(1));
    const mine = await trpc('registrations.mine', { token }, 'GET');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().result.data.registration).toMatchObject({ prename: 'Anna 1', status: 'place' });

    const change = await trpc('registrations.changeMine', { token, ...person(1), club: 'BSV Fulda' });
    expect(change.json().result.data.message).toBe(SIGNUP_MESSAGES.changed);
    expect((await list(id)).participants[0]).toMatchObject({ club: 'BSV Fulda' });

    for (const wrong of ['x'.repeat(43), 'kurz', token.slice(0, 42) + (token.endsWith('A') ? 'B' : 'A')]) {
      const response = await trpc('registrations.mine', { token: wrong }, 'GET');
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(REGISTRATION_RESPONSES.notFound);
    }
    const cancel = await trpc('registrations.cancelMine', { token });
    expect(cancel.json().result.data.message).toBe(SIGNUP_MESSAGES.cancelled);
    // Gone at once: the link works no more, the data are empty, its mails deleted.
    expect((await trpc('registrations.mine', { token }, 'GET')).statusCode).toBe(404);
    const [row] = await t.db.selectFrom('registrations').selectAll().where('appointment_id', '=', id).orderBy('position').execute();
    expect(row).toMatchObject({ status: 'cancelled', prename: '', lastname: '', email: '', token_hash: null });
    expect(await t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', emailOf(1)).where('body', 'like', `%/anmeldung/${id}/%`).execute()).toEqual([]);
    // The one who moved up can cancel by the same link as before.
    const promoted = await trpc('registrations.mine', { token: await tokenOf(emailOf(2)) }, 'GET');
    expect(promoted.json().result.data.registration).toMatchObject({ prename: 'Anna 2', status: 'place' });
    expect((await trpc('registrations.cancelMine', { token: await tokenOf(emailOf(2)) })).statusCode).toBe(200);
  });
});

describe('mails through a real SMTP peer', () => {
  it('confirms with the appointment as .ics and the personal link, and tells whoever moves up', async () => {
    const id = await withSignups({ places: 1 });
    await signUp(id, person(1));
    await signUp(id, person(2));
    await trpc('registrations.cancelMine', { token: await tokenOf(emailOf(1)) });
    const worker = new OutboxWorker({ db: t.db, transport: smtpTransport({ url: peer.url, from: 'Verein <web@verein.example>' }), clock, logger: t.app.log, serverLog: t.app.services.serverLog, retention: [] });
    await worker.runOnce();
    const toSecond = peer.received.filter((mail) => mail.envelope.to.includes(emailOf(2)));
    expect(toSecond.map((mail) => mail.parsed.subject)).toEqual([expect.stringMatching(/^Warteliste: 3D-Turnier/), expect.stringMatching(/^Platz frei: 3D-Turnier/)]);
    const confirmation = toSecond[0]!;
    expect(confirmation.parsed.text).toContain('du stehst auf Platz 1 der Warteliste');
    expect(confirmation.parsed.text).toMatch(new RegExp(`https://schuetzen\\.example/anmeldung/${id}/[A-Za-z0-9_-]{43}`));
    expect(confirmation.parsed.attachments.map((attachment) => attachment.filename)).toEqual(['termin.ics']);
    expect(confirmation.parsed.attachments[0]!.content.toString()).toContain('SUMMARY:3D-Turnier');
    // The first one cancelled by link: nothing of theirs was sent any more.
    expect(peer.received.filter((mail) => mail.envelope.to.includes(emailOf(1)))).toEqual([]);
  });
});

describe('privacy', () => {
  it('deletes sign-ups with their mails 90 days after the appointment, not a day earlier', async () => {
    const id = await withSignups({ places: 3 }, '2027-02-18 09:00:00');
    await signUp(id, person(1));
    const rows = () => t.db.selectFrom('registrations').select('id').where('appointment_id', '=', id).execute();
    const mails = () => t.db.selectFrom('registration_mails').innerJoin('registrations', 'registrations.id', 'registration_mails.registration_id').select('mail_id').where('registrations.appointment_id', '=', id).execute();
    expect(await mails()).toHaveLength(1);
    const mailId = (await mails())[0]!.mail_id;
    // The appointment ends 2027-02-18 17:00; 90 days on is 2027-05-19.
    await sweepRetention(t.db, new Date(Date.parse('2027-05-18T12:00:00Z')));
    expect(await rows()).toHaveLength(1);
    const result = await sweepRetention(t.db, new Date(Date.parse('2027-05-20T12:00:00Z')));
    expect(result.deleted['sign-ups']).toBeGreaterThanOrEqual(1);
    expect(await rows()).toEqual([]);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('id', '=', mailId).execute()).toEqual([]);
    // The settings name nobody and stay with the appointment.
    expect(await t.db.selectFrom('registration_settings').select('places').where('appointment_id', '=', id).execute()).toEqual([{ places: 3 }]);
  });

  it('lets the organiser delete every sign-up at once', async () => {
    const id = await withSignups({ places: 3 });
    await signUp(id, person(1));
    const response = await t.inject({ method: 'DELETE', url: `/api/registrations/${id}`, headers: t.admin });
    expect(response.json()).toEqual({ message: SIGNUP_MESSAGES.removed, data: { deleted: 1 } });
    expect(await t.db.selectFrom('registrations').select('id').where('appointment_id', '=', id).execute()).toEqual([]);
    expect(await t.db.selectFrom('mail_outbox').select('id').where('recipient', '=', emailOf(1)).where('body', 'like', `%/anmeldung/${id}/%`).execute()).toEqual([]);
  });
});

describe('exports', () => {
  it('writes the list for spreadsheets and for ianseo, which parse back to the values', async () => {
    const id = await withSignups({ places: 2, fields: { birthdate: 'optional', club: 'optional', custom: [BOW_CLASS, { label: 'Bemerkung', type: 'text' }] } });
    const admin = await t.callerAs(1);
    const [bow, note] = (await admin.registrations.settings({ appointmentId: id })).data!.fields.custom;
    await signUp(id, { ...person(1), lastname: 'Müller; Sohn', birthdate: '1990-05-04', club: 'BSV „Tell“', answers: { [bow!.key]: 'Recurve', [note!.key]: '=SUMME(A1)' } });
    await signUp(id, { ...person(2), answers: { [bow!.key]: 'Jagdbogen' } });
    await signUp(id, { ...person(3), answers: { [bow!.key]: 'Compound' } });

    const general = await admin.registrations.export({ appointmentId: id, layout: 'general' });
    expect(general.filename).toBe(`anmeldungen-${id}-2027-03-06.csv`);
    expect(general.content.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(general.content);
    expect(rows[0]).toEqual(['Nr.', 'Status', 'Wartelistenplatz', 'Nachname', 'Vorname', 'E-Mail', 'Telefon', 'Geburtsdatum', 'Verein', 'Bogenklasse', 'Bemerkung', 'Plätze', 'bezahlt', 'anwesend', 'Erziehungsberechtigte Person', 'Einwilligung am', 'Angemeldet am']);
    expect(rows[1]).toEqual(['1', 'Platz', '', 'Müller; Sohn', 'Anna 1', emailOf(1), '', '04.05.1990', 'BSV „Tell“', 'Recurve', "'=SUMME(A1)", '1', 'nein', 'nein', '', '', '15.02.2027 11:00']);
    expect(rows[3]!.slice(0, 5)).toEqual(['3', 'Warteliste', '1', 'Weiß', 'Anna 3']);

    const ianseo = await admin.registrations.export({ appointmentId: id, layout: 'ianseo' });
    const ianseoRows = parseCsv(ianseo.content);
    expect(ianseoRows[0]).toEqual([...IANSEO_HEADER]);
    // Those with a place only.
    expect(ianseoRows.slice(1)).toEqual([
      ['', '', '', 'Müller; Sohn', 'Anna 1', '1990-05-04', '', '', 'BSV „Tell“', 'Recurve', '', ''],
      ['', '', '', 'Weiß', 'Anna 2', '', '', '', '', 'Jagdbogen', '', ''],
    ]);
  });
});
