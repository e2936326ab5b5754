import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { REGISTRATION_RESPONSES } from '../../src/server/areas/registrations/queries.ts';
import { SIGNUP_MESSAGES } from '../../src/server/areas/registrations/router.ts';
import type { Clock } from '../../src/server/services.ts';
import { GUARDIAN_CONSENT_TEXT, REGISTRATION_MESSAGES, type RegistrationSettingsInput } from '../../src/shared/schemas/registrations.ts';
import { EMAIL_MESSAGES } from '../../src/shared/schemas/fields.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The sign-up's pages (issue 29.2), rendered on the server with the site's components: the
 * public page /anmeldung/<id> with its plain form, posted without JavaScript and answered
 * with the outcome or the form again (German messages per field, values kept); the personal
 * link's page, kept by nobody, to change and to cancel (asking first); the not-found page for
 * a wrong link or an unknown appointment.
 */

const ORIGIN = 'https://verein.example';
let nowMs = Date.parse('2027-02-15T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let t: TestApp;
let network = 0;
const nextAddress = () => `203.0.113.${(network++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock, mailTransport: null }, { PUBLIC_URL: ORIGIN });
});
afterAll(() => t.close());
beforeEach(() => {
  nowMs = Date.parse('2027-02-15T10:00:00Z');
});

const BOW_CLASS = { label: 'Bogenklasse', type: 'choice' as const, options: ['Recurve', 'Compound', 'Blankbogen'], required: true };
const VEGGIE = { label: 'Vegetarisches Essen', type: 'yesno' as const, required: false };

let counter = 0;
async function withSignups(settings: RegistrationSettingsInput, name = 'Schnupperschießen'): Promise<number> {
  counter += 1;
  const inserted = await t.db
    .insertInto('appointments')
    .values({
      name: `${name} ${counter}`,
      datetime_begin: '2027-03-06 10:00:00',
      datetime_end: '2027-03-06 17:00:00',
      location: 'Parcours am Waldrand',
      visibility: 1,
      description: '',
      notes: '',
      assignment: 1,
      status: 0,
      notify: 0,
      created_at: '2027-01-01 10:00:00',
      updated_at: '2027-01-01 10:00:00',
    })
    .executeTakeFirstOrThrow();
  const id = Number(inserted.insertId);
  await (await t.callerAs(1)).registrations.configure({ appointmentId: id, settings, confirm: false });
  return id;
}

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

const textOf = (html: string) => appMarkup(html).replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

function post(url: string, form: Record<string, string>) {
  return t.inject({ method: 'POST', url, remoteAddress: nextAddress(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
}

async function customKeys(appointmentId: number): Promise<Record<string, string>> {
  const settings = (await (await t.callerAs(1)).registrations.settings({ appointmentId })).data;
  return Object.fromEntries(settings!.fields.custom.map((field) => [field.label, field.key]));
}

async function tokenOf(email: string): Promise<string> {
  const mail = await t.db.selectFrom('mail_outbox').select('body').where('recipient', '=', email).where('body', 'like', '%/anmeldung/%').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /\/anmeldung\/\d+\/([A-Za-z0-9_-]{43})/.exec(mail.body)![1]!;
}

describe('the public sign-up page', () => {
  it('shows the appointment, the note, the free places and the fields the settings ask, as a plain form', async () => {
    const id = await withSignups({ places: 12, note: 'Bitte eigene Pfeile mitbringen.', fields: { phone: 'optional', club: 'required', custom: [BOW_CLASS, VEGGIE] } });
    const response = await t.inject({ method: 'GET', url: `/anmeldung/${id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const text = textOf(html);
    expect(text).toContain(`Anmeldung: Schnupperschießen ${counter}`);
    expect(text).toContain('Sa, 06.03.2027, 10:00–17:00');
    expect(text).toContain('Ort: Parcours am Waldrand');
    expect(text).toContain('Bitte eigene Pfeile mitbringen.');
    expect(text).toContain('noch 12 Plätze frei');
    expect(text).toContain('Deine Angaben werden 90 Tage nach dem Termin gelöscht');
    const markup = appMarkup(html);
    expect(markup).toMatch(new RegExp(`<form[^>]*action="/anmeldung/${id}" method="post"`));
    for (const name of ['prename', 'lastname', 'email', 'phone', 'club', 'homepage']) expect(markup).toContain(`name="${name}"`);
    expect(markup).not.toContain('name="birthdate"');
    const keys = await customKeys(id);
    expect(markup).toMatch(new RegExp(`<select[^>]*name="answers\\.${keys.Bogenklasse}"[^>]*required`));
    expect(markup).toContain('<option value="Compound">Compound</option>');
    expect(markup).toMatch(new RegExp(`name="answers\\.${keys['Vegetarisches Essen']}"[^>]*value="ja"`));
    // Required fields are marked.
    expect(markup).toMatch(/>Verein<span[^>]*MuiFormLabel-asterisk/);
    expect(markup).toMatch(/>Telefon<\/label>/);
  });

  it('without JavaScript: a refused form comes back with German messages per field and the values kept', async () => {
    const id = await withSignups({ places: 5, fields: { club: 'required', custom: [BOW_CLASS] } });
    const response = await post(`/anmeldung/${id}`, { prename: 'Anna', lastname: 'Weiß', email: 'keine-adresse', club: '' });
    expect(response.statusCode).toBe(422);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = textOf(response.body);
    expect(text).toContain(EMAIL_MESSAGES.invalid);
    expect(appMarkup(response.body)).toContain('value="Anna"');
    expect(appMarkup(response.body)).toContain('value="Weiß"');
    const second = await post(`/anmeldung/${id}`, { prename: 'Anna', lastname: 'Weiß', email: 'anna@example.org', club: '' });
    expect(second.statusCode).toBe(422);
    const secondText = textOf(second.body);
    expect(secondText).toContain(REGISTRATION_MESSAGES.required('Der Verein'));
    expect(secondText).toContain(REGISTRATION_MESSAGES.requiredField('Bogenklasse'));
    expect(await t.db.selectFrom('registrations').select('id').where('appointment_id', '=', id).execute()).toEqual([]);
  });

  it('without JavaScript: a sign-up is answered with the place, then the waiting-list position, and the mail is queued', async () => {
    const id = await withSignups({ places: 1, fields: { custom: [BOW_CLASS] } });
    const keys = await customKeys(id);
    const first = await post(`/anmeldung/${id}`, { prename: 'Anna', lastname: 'Weiß', email: 'anna.page@example.org', [`answers.${keys.Bogenklasse}`]: 'Recurve' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(textOf(first.body)).toContain(SIGNUP_MESSAGES.place);
    const second = await post(`/anmeldung/${id}`, { prename: 'Bernd', lastname: 'Groß', email: 'bernd.page@example.org', [`answers.${keys.Bogenklasse}`]: 'Compound' });
    expect(textOf(second.body)).toContain(SIGNUP_MESSAGES.waiting(1));
    const rows = await t.db.selectFrom('registrations').select(['status', 'answers']).where('appointment_id', '=', id).orderBy('position').execute();
    expect(rows.map((row) => [row.status, JSON.parse(row.answers) as unknown])).toEqual([
      ['place', { [keys.Bogenklasse!]: 'Recurve' }],
      ['waiting', { [keys.Bogenklasse!]: 'Compound' }],
    ]);
    await tokenOf('anna.page@example.org');
    // The page now says so; its kept answer was dropped by the sign-up.
    expect(textOf((await t.inject({ method: 'GET', url: `/anmeldung/${id}` })).body)).toContain('ausgebucht – Warteliste');
  });

  it('the honeypot: the normal answer, nothing stored', async () => {
    const id = await withSignups({ places: 3 });
    const response = await post(`/anmeldung/${id}`, { prename: 'Bot', lastname: 'Bot', email: 'bot@example.org', homepage: 'https://spam.example' });
    expect(textOf(response.body)).toContain(SIGNUP_MESSAGES.place);
    expect(await t.db.selectFrom('registrations').select('id').where('appointment_id', '=', id).execute()).toEqual([]);
  });

  it('shows the guardian consent without JavaScript, with the rule; a minor needs it', async () => {
    const id = await withSignups({ places: 3, guardianConsent: true, fields: { birthdate: 'required' } });
    const page = textOf((await t.inject({ method: 'GET', url: `/anmeldung/${id}` })).body);
    expect(page).toContain('Einwilligung der Erziehungsberechtigten');
    expect(page).toContain('Nur nötig, wenn die angemeldete Person am Tag des Termins jünger als 18 Jahre ist.');
    expect(page).toContain(GUARDIAN_CONSENT_TEXT);
    const refused = await post(`/anmeldung/${id}`, { prename: 'Lena', lastname: 'Klein', email: 'lena@example.org', birthdate: '2015-05-01' });
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain(REGISTRATION_MESSAGES.guardianName);
    const accepted = await post(`/anmeldung/${id}`, { prename: 'Lena', lastname: 'Klein', email: 'lena@example.org', birthdate: '2015-05-01', guardianName: 'Petra Klein', guardianConsent: 'on' });
    expect(accepted.statusCode).toBe(200);
    const row = await t.db.selectFrom('registrations').select(['guardian_name', 'guardian_consent_at']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    expect(row.guardian_name).toBe('Petra Klein');
    expect(row.guardian_consent_at).not.toBeNull();
  });

  it('states before the opening and after the closing, without a form', async () => {
    const id = await withSignups({ places: 3, opensAt: '2027-03-01 18:00:00' });
    const before = textOf((await t.inject({ method: 'GET', url: `/anmeldung/${id}` })).body);
    expect(before).toContain('Anmeldung ab 01.03.');
    expect(before).not.toContain('Vorname');
    const refused = await post(`/anmeldung/${id}`, { prename: 'Anna', lastname: 'Weiß', email: 'anna.early@example.org' });
    expect(textOf(refused.body)).toContain(REGISTRATION_RESPONSES.notYet('2027-03-01 18:00:00'));
  });

  it('members-only: a visitor is told to log in, and a post without a session is refused', async () => {
    const id = await withSignups({ places: 3, audience: 'members' });
    const page = textOf((await t.inject({ method: 'GET', url: `/anmeldung/${id}` })).body);
    expect(page).toContain('Für diesen Termin können sich nur Mitglieder anmelden. Bitte melde dich zuerst an ; danach findest du hier das Formular mit deinen Daten.');
    expect(page).not.toContain('Vorname');
    const refused = await post(`/anmeldung/${id}`, { prename: 'Anna', lastname: 'Weiß', email: 'anna.member@example.org' });
    expect(refused.statusCode).toBe(401);
    expect(textOf(refused.body)).toContain(REGISTRATION_RESPONSES.membersOnly);
  });

  it('an unknown appointment, one without sign-ups and a malformed address are the German not-found page', async () => {
    for (const url of ['/anmeldung/999999', '/anmeldung/abc', '/anmeldung/0']) {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(textOf(response.body)).toContain('Seite nicht gefunden');
    }
  });
});

describe('the personal link page', () => {
  async function signedUp(email: string, settings: RegistrationSettingsInput = { places: 1, fields: { phone: 'optional' } }) {
    const id = await withSignups(settings);
    const response = await post(`/anmeldung/${id}`, { prename: 'Clara', lastname: 'Fuß', email, phone: '0170 1234' });
    expect(response.statusCode).toBe(200);
    return { id, token: await tokenOf(email) };
  }

  it('shows the sign-up for its one reader: no-store, noindex, no Referer', async () => {
    const { id, token } = await signedUp('clara.link@example.org');
    const response = await t.inject({ method: 'GET', url: `/anmeldung/${id}/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const text = textOf(response.body);
    expect(text).toContain('Du hast einen Platz.');
    expect(appMarkup(response.body)).toContain('value="clara.link@example.org"');
    expect(response.body).toContain('<meta name="robots" content="noindex"');
  });

  it('a wrong token, or the token under another appointment, is the German not-found page', async () => {
    const { id, token } = await signedUp('clara.wrong@example.org');
    const wrong = await t.inject({ method: 'GET', url: `/anmeldung/${id}/${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
    expect(textOf(wrong.body)).toContain('Seite nicht gefunden');
    const elsewhere = await t.inject({ method: 'GET', url: `/anmeldung/${id + 1000}/${token}` });
    expect(textOf(elsewhere.body)).toContain('Seite nicht gefunden');
  });

  it('without JavaScript: changes the fields, with German messages on a refusal', async () => {
    const { id, token } = await signedUp('clara.change@example.org');
    const refused = await post(`/anmeldung/${id}/${token}`, { aktion: 'aendern', prename: '', lastname: 'Fuß', email: 'clara.change@example.org' });
    expect(refused.statusCode).toBe(422);
    expect(textOf(refused.body)).toContain('Der Vorname darf nicht leer gelassen werden!');
    const changed = await post(`/anmeldung/${id}/${token}`, { aktion: 'aendern', prename: 'Clara', lastname: 'Fuß-Meier', email: 'clara.change@example.org', phone: '0170 9999' });
    expect(changed.statusCode).toBe(200);
    expect(textOf(changed.body)).toContain(SIGNUP_MESSAGES.changed);
    const row = await t.db.selectFrom('registrations').select(['lastname', 'phone']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ lastname: 'Fuß-Meier', phone: '0170 9999' });
  });

  it('without JavaScript: cancelling asks first, then deletes the data; the link is gone', async () => {
    const { id, token } = await signedUp('clara.cancel@example.org');
    const asked = await post(`/anmeldung/${id}/${token}`, { aktion: 'stornieren' });
    expect(asked.statusCode).toBe(200);
    expect(textOf(asked.body)).toContain('Möchtest du deine Anmeldung wirklich stornieren?');
    expect((await t.db.selectFrom('registrations').select('status').where('appointment_id', '=', id).executeTakeFirstOrThrow()).status).toBe('place');
    const cancelled = await post(`/anmeldung/${id}/${token}`, { aktion: 'stornieren', bestaetigt: 'ja' });
    expect(cancelled.statusCode).toBe(200);
    expect(textOf(cancelled.body)).toContain(SIGNUP_MESSAGES.cancelled);
    const row = await t.db.selectFrom('registrations').select(['status', 'prename', 'email']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(row.email).not.toBe('clara.cancel@example.org');
    expect((await t.inject({ method: 'GET', url: `/anmeldung/${id}/${token}` })).statusCode).toBe(404);
  });
});

describe("'Anmelden' on /termine", () => {
  it('shows the link with the free places, changes with a sign-up and at the opening, and carries no participant', async () => {
    const id = await withSignups({ places: 2, opensAt: '2027-02-20 18:00:00' }, 'Bogen-Schnupperkurs');
    const name = `Bogen-Schnupperkurs ${counter}`;
    const entryOf = async () => {
      const html = appMarkup((await t.inject({ method: 'GET', url: '/termine' })).body);
      const start = html.indexOf(`>${name}<`);
      expect(start, 'the entry is listed').toBeGreaterThan(-1);
      return html.slice(start, html.indexOf('</li>', start));
    };
    let entry = await entryOf();
    expect(entry).toContain(`href="/anmeldung/${id}"`);
    expect(textOf(`<div id="root">${entry}<script type="application/json" id="page-state">`)).toContain('Anmeldung zu ' + name + ' : Anmeldung ab 20.02.');
    // The kept list expires when the sign-up opens, without any write.
    nowMs = Date.parse('2027-02-20T18:00:01Z');
    entry = await entryOf();
    expect(entry).toContain('Anmelden');
    expect(entry).toContain('noch 2 Plätze frei');
    // A sign-up drops the kept list.
    expect((await post(`/anmeldung/${id}`, { prename: 'Dora', lastname: 'Nachtigall', email: 'dora@example.org' })).statusCode).toBe(200);
    expect(await entryOf()).toContain('noch 1 Platz frei');
    const page = (await t.inject({ method: 'GET', url: '/termine' })).body;
    expect(page).not.toContain('Nachtigall');
    expect(page).not.toContain('dora@example.org');
    // The legacy REST list keeps the fields of SPEC §7.
    const legacy = (await t.inject({ method: 'GET', url: '/api/public/calendar' })).body;
    expect(legacy).toContain(name);
    expect(legacy).not.toContain('signup');
  });
});

describe('Meine Daten: a member’s own sign-ups (registrations.mySignups, cancelMySignup)', () => {
  const trpcGet = (path: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
  const trpcPost = (path: string, input: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });

  it('lists the member’s sign-ups with place or waiting-list position, and cancels one as the link does', async () => {
    const id = await withSignups({ places: 1 }, 'Vereinsmeisterschaft');
    const anna = await t.createMember([]);
    const bernd = await t.createMember([]);
    const signUp = (auth: { authorization: string }, email: string) =>
      trpcPost('registrations.signup', { appointmentId: id, prename: 'Test', lastname: 'Mitglied', email }, { ...auth, 'x-forwarded-for': nextAddress() });
    expect((await signUp(anna.auth, 'anna.member@example.org')).statusCode).toBe(200);
    expect((await signUp(bernd.auth, 'bernd.member@example.org')).statusCode).toBe(200);
    const annas = (await trpcGet('registrations.mySignups', anna.auth)).json().result.data.data as Array<{ id: number; status: string; waitingPosition: number | null; appointment: { name: string } }>;
    expect(annas.map((entry) => [entry.appointment.name, entry.status, entry.waitingPosition])).toEqual([[`Vereinsmeisterschaft ${counter}`, 'place', null]]);
    const bernds = (await trpcGet('registrations.mySignups', bernd.auth)).json().result.data.data as typeof annas;
    expect(bernds.map((entry) => [entry.status, entry.waitingPosition])).toEqual([['waiting', 1]]);
    // Another member's sign-up is not found.
    const foreign = await trpcPost('registrations.cancelMySignup', { id: annas[0]!.id }, bernd.auth);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(REGISTRATION_RESPONSES.notFound);
    const cancelled = await trpcPost('registrations.cancelMySignup', { id: annas[0]!.id }, anna.auth);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().result.data.message).toBe(SIGNUP_MESSAGES.cancelled);
    expect((await trpcGet('registrations.mySignups', anna.auth)).json().result.data.data).toEqual([]);
    // The data are gone; Bernd moved up.
    const rows = await t.db.selectFrom('registrations').select(['status', 'email']).where('appointment_id', '=', id).orderBy('position').execute();
    expect(rows[0]!.status).toBe('cancelled');
    expect(rows[0]!.email).not.toBe('anna.member@example.org');
    expect(((await trpcGet('registrations.mySignups', bernd.auth)).json().result.data.data as typeof annas).map((entry) => entry.status)).toEqual(['place']);
  });

  it('is for members only (401)', async () => {
    expect((await trpcGet('registrations.mySignups')).statusCode).toBe(401);
    expect((await trpcPost('registrations.cancelMySignup', { id: 1 })).statusCode).toBe(401);
  });
});

describe('the privacy page', () => {
  it('names the sign-up data and their 90 days', async () => {
    const text = textOf((await t.inject({ method: 'GET', url: '/datenschutz' })).body);
    expect(text).toContain('Anmeldungen zu Terminen');
    expect(text).toContain('Deine Angaben und die Mails zu deiner Anmeldung löschen wir 90 Tage nach dem Ende des Termins automatisch.');
    expect(text).toContain('Stornierst du über deinen Link oder unter „Meine Daten“, löschen wir sie sofort');
  });
});

describe('the duty feed with the member’s sign-ups, if they wish (duties.setFeedSignups)', () => {
  it('holds the sign-ups only when switched on, at the appointment’s times, the waiting list named', async () => {
    const id = await withSignups({ places: 1 }, 'Königsschießen');
    const member = await t.createMember([]);
    const other = await t.createMember([]);
    const call = (path: string, input: unknown, auth: { authorization: string }) =>
      t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...auth, 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, payload: JSON.stringify(input) });
    expect((await call('registrations.signup', { appointmentId: id, prename: 'Erika', lastname: 'Platz', email: 'erika.feed@example.org' }, other.auth)).statusCode).toBe(200);
    expect((await call('registrations.signup', { appointmentId: id, prename: 'Test', lastname: 'Feed', email: 'test.feed@example.org' }, member.auth)).statusCode).toBe(200);
    const renewed = await call('duties.renewFeed', undefined, member.auth);
    const path = new URL(renewed.json<{ result: { data: { data: { url: string } } } }>().result.data.data.url).pathname;
    const feed = async () => (await t.inject({ method: 'GET', url: path })).body;
    expect(await feed()).not.toContain('Königsschießen');
    const on = await call('duties.setFeedSignups', { include: true }, member.auth);
    expect(on.json().result.data.message).toBe('Deine Anmeldungen zu Terminen stehen jetzt auch im Kalender-Abo.');
    const body = (await feed()).replace(/\r\n[ \t]/g, '');
    expect(body).toContain(`SUMMARY:Warteliste: Königsschießen ${counter}`);
    expect(body).toContain('DTSTART:20270306T090000Z');
    expect(body).toContain('DTEND:20270306T160000Z');
    expect(body).toContain(`UID:anmeldung-`);
    // Nobody else's sign-up.
    expect(body).not.toContain('Erika');
    expect((await call('duties.setFeedSignups', { include: false }, member.auth)).statusCode).toBe(200);
    expect(await feed()).not.toContain('Königsschießen');
    const wrong = await call('duties.setFeedSignups', { include: 'ja' }, member.auth);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Bitte wähle, ob deine Anmeldungen im Kalender-Abo stehen sollen!');
  });
});
