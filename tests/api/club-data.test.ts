import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo } from '../../src/server/db/connection.ts';
import { seed } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { readClubData, saveClubData } from '../../src/server/areas/club/queries.ts';
import { CONTACT_RESPONSES } from '../../src/server/areas/contact/router.ts';
import { fileDifferences, initialClubData } from '../../src/server/club-profile.ts';
import { readConfig } from '../../src/server/config.ts';
import { DEFAULT_CLUB_DATA, DEFAULT_CLUB_TEXTS, type ClubData } from '../../src/shared/clubData.ts';
import { CLUB_DATA_MESSAGES } from '../../src/shared/schemas/clubData.ts';
import { URL_MESSAGE } from '../../src/shared/schemas/files.ts';
import { createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { freshDatabase, MIGRATION_CHAIN } from '../helpers/database.ts';

/**
 * The club data in the back office (issue 18): club.data, club.update and club.checklist
 * over tRPC and REST for anonymous, forbidden and allowed callers; validation; what the
 * public reads, pages and the contact form make of a save; the first start's values.
 */

const FULL: ClubData = {
  ...DEFAULT_CLUB_DATA,
  name: 'Schützengilde Grünwald e. V.',
  street: 'Am Schießstand 7',
  postalCode: '36037',
  city: 'Fulda',
  phone: '0661 12345',
  email: 'info@gilde.example',
  socialInstagram: 'https://www.instagram.com/gilde/',
  courseLat: 50.5521,
  courseLon: 9.6812,
  parkingStreet: 'Waldweg 3',
  parkingPostalCode: '36037',
  parkingCity: 'Fulda',
  clubHouseLat: null,
  clubHouseLon: null,
  rangeLat: 50.56,
  rangeLon: 9.69,
  history: 'Gegründet 1921.\n\nSeit 1980 mit Bogen.',
  representation: 'Vertreten durch Erika Mustermann (1. Vorsitzende).',
  register: 'Vereinsregister Amtsgericht Fulda, VR 1234',
  responsible: 'Erika Mustermann, Anschrift wie oben.',
  privacyContact: 'Max Mustermann, datenschutz@gilde.example',
  contactVorstand: 'Vorstand <vorstand@gilde.example>',
  contactBogen: 'bogen@gilde.example',
};

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ mailTransport: null });
  editor = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
  viewer = (await t.createMember(['dashboard_view'])).auth;
  outsider = (await t.createMember(['calendar_view'])).auth;
});
afterAll(() => t.close());

function query(path: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

function mutate(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

function put(input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'PUT', url: '/api/club', headers, payload: input as object });
}

const publicProfile = async () => (await query('club.profile')).json().result.data;

describe('who may read and save (tRPC and REST)', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await query('club.data')).statusCode).toBe(401);
    expect((await query('club.checklist')).statusCode).toBe(401);
    expect((await mutate('club.update', FULL, {})).statusCode).toBe(401);
    for (const request of [
      { method: 'GET' as const, url: '/api/club' },
      { method: 'GET' as const, url: '/api/club/checklist' },
      { method: 'PUT' as const, url: '/api/club', payload: FULL },
    ]) {
      const response = await t.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/anmelden|angemeldet/i);
    }
  });

  it('refuses members without dashboard_view, and saving and the checklist without dashboard_update, with 403', async () => {
    expect((await query('club.data', outsider)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/club', headers: outsider })).statusCode).toBe(403);
    for (const who of [outsider, viewer]) {
      expect((await mutate('club.update', FULL, who)).statusCode).toBe(403);
      expect((await put(FULL, who)).statusCode).toBe(403);
      expect((await query('club.checklist', who)).statusCode).toBe(403);
      expect((await t.inject({ method: 'GET', url: '/api/club/checklist', headers: who })).statusCode).toBe(403);
    }
    expect(await readClubData(t.db)).toEqual(initialClubData(readConfig({})));
  });

  it('lets dashboard_view read everything, addresses of the recipients included', async () => {
    const trpc = await query('club.data', viewer);
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json().result.data).toEqual(await readClubData(t.db));
    const rest = await t.inject({ method: 'GET', url: '/api/club', headers: viewer });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ data: await readClubData(t.db) });
  });

  it('saves with dashboard_update over REST and tRPC, logs each save, and answers with what was stored', async () => {
    const rest = await put(FULL);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({ message: 'Vereinsdaten gespeichert', data: FULL });
    expect(await readClubData(t.db)).toEqual(FULL);

    const renamed = { ...FULL, name: 'Schützengilde Grünwald 1921 e. V.', courseLat: '50,5533' };
    const trpc = await mutate('club.update', renamed);
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data.data).toEqual({ ...FULL, name: renamed.name, courseLat: 50.5533 });

    const log = (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(2).execute()).map((row) => row.message);
    expect(log[0]).toBe('Vereinsdaten geändert: Name des Vereins, Bogenparcours: Breite');
    expect(log[1]).toContain('Vereinsdaten geändert: Name des Vereins, Straße und Hausnummer');
    expect(log[1]).toContain('Kontaktformular: Vorstand');
    // The log names fields, never the addresses or texts.
    expect(log.join('\n')).not.toContain('vorstand@gilde.example');
  });
});

describe('validation', () => {
  const refused: Array<[string, Partial<Record<keyof ClubData, unknown>>, string, string]> = [
    ['an empty name', { name: ' ' }, 'name', 'Der Name des Vereins darf nicht leer gelassen werden!'],
    ['a postal code of 4 digits', { postalCode: '3603' }, 'postalCode', CLUB_DATA_MESSAGES.postalCode('Die Postleitzahl')],
    ['letters in the phone number', { phone: '0661 CALL ME' }, 'phone', CLUB_DATA_MESSAGES.phone],
    ['an e-mail address without domain', { email: 'info@' }, 'email', CLUB_DATA_MESSAGES.email],
    ['a javascript: link', { socialFacebook: 'javascript:alert(1)' }, 'socialFacebook', URL_MESSAGE],
    ['an ftp link', { socialYoutube: 'ftp://example.org/film' }, 'socialYoutube', URL_MESSAGE],
    ['a latitude of 91', { courseLat: 91 }, 'courseLat', 'Die Breite des Bogenparcours muss zwischen -90 und 90 liegen!'],
    ['a longitude of -180.5', { rangeLon: '-180,5' }, 'rangeLon', 'Die Länge des Schießstands muss zwischen -180 und 180 liegen!'],
    ['a latitude in words', { clubHouseLat: 'fünfzig', clubHouseLon: 9.6 }, 'clubHouseLat', 'Die Breite des Vereinsheims muss eine Zahl sein, z. B. 50,5512!'],
    ['no latitude of the course', { courseLat: '' }, 'courseLat', 'Die Breite des Bogenparcours darf nicht leer gelassen werden!'],
    ['a latitude without its longitude', { clubHouseLat: 50.5, clubHouseLon: null }, 'clubHouseLon', CLUB_DATA_MESSAGES.pair],
    ['two recipients in one field', { contactInfo: 'a@gilde.example, b@gilde.example' }, 'contactInfo', CLUB_DATA_MESSAGES.mailbox('Info')],
    ['a header in a recipient', { contactWebmaster: 'web@gilde.example\nBcc: x@evil.example' }, 'contactWebmaster', CLUB_DATA_MESSAGES.mailbox('Webmaster')],
    ['a history of 10 001 characters', { history: 'x'.repeat(10_001) }, 'history', 'Die Geschichte des Vereins darf nicht länger als 10000 Zeichen sein!'],
  ];

  it.each(refused)('refuses %s with a German message naming the field (REST 422, tRPC 400) and changes nothing', async (_case, change, field, message) => {
    const before = await readClubData(t.db);
    const rest = await put({ ...FULL, ...change });
    expect(rest.statusCode).toBe(422);
    expect(rest.json().errors[field]).toContain(message);
    const trpc = await mutate('club.update', { ...FULL, ...change });
    // tRPC answers a refused input with BAD_REQUEST, the REST shim with 422 (DESIGN §3).
    expect(trpc.statusCode).toBe(400);
    expect(trpc.json().error.data.fieldErrors[field]).toContain(message);
    expect(await readClubData(t.db)).toEqual(before);
  });

  it('refuses a body that is not the club data with 422, never 500', async () => {
    for (const body of [{}, { name: 42 }, [], { ...FULL, courseLat: { lat: 1 } }]) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('what visitors see', () => {
  it('shows a save at once in the public profile, the texts, the pages’ manifest and the contact form', async () => {
    // Read first, so that the answers are kept in memory before the save.
    await publicProfile();
    await query('club.texts');
    await t.inject({ method: 'GET', url: '/manifest.webmanifest' });

    const saved = await put({ ...FULL, name: 'Gilde Neu', contactInfo: '', contactVorstand: '', contactBogen: 'bogen@gilde.example' });
    expect(saved.statusCode).toBe(200);

    const profile = await publicProfile();
    expect(profile.name).toBe('Gilde Neu');
    expect(profile.contactRecipients).toEqual(['bogen']);
    expect(profile.social).toEqual([{ kind: 'instagram', url: 'https://www.instagram.com/gilde/' }]);
    expect(profile.clubHouse).toBeUndefined();
    expect(profile.range).toEqual({ lat: 50.56, lon: 9.69 });
    // The addresses themselves never reach a visitor.
    expect(JSON.stringify(profile)).not.toContain('@gilde.example>');
    expect(JSON.stringify(profile)).not.toContain('bogen@gilde.example');

    const texts = (await query('club.texts')).json().result.data;
    expect(texts).toEqual({
      history: FULL.history,
      representation: FULL.representation,
      register: FULL.register,
      responsible: FULL.responsible,
      privacyContact: FULL.privacyContact,
    });
    expect((await t.inject({ method: 'GET', url: '/manifest.webmanifest' })).json().name).toBe('Gilde Neu');
  });

  it('sends contact messages only to recipients with an address; the others get the German 422', async () => {
    await put({ ...FULL, contactInfo: '', contactBogen: 'bogen@gilde.example' });
    const message = { prename: 'Jürgen', lastname: 'Größer', email: 'j@besucher.example', subject: 'Frage', text: 'Hallo' };
    const refused = await t.inject({ method: 'POST', url: '/api/public/contact', remoteAddress: '198.51.100.7', payload: { ...message, to: 'info' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: CONTACT_RESPONSES.noAddress, errors: { to: [CONTACT_RESPONSES.noAddress] } });
    const sent = await t.inject({ method: 'POST', url: '/api/public/contact', remoteAddress: '198.51.100.8', payload: { ...message, to: 'bogen' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await t.db.selectFrom('mail_outbox').select('recipient').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.recipient).toBe('bogen@gilde.example');

    // An address removed in the back office is refused at once, not after the cache's lifetime.
    await put({ ...FULL, contactBogen: '', contactVorstand: 'vorstand@gilde.example' });
    const gone = await t.inject({ method: 'POST', url: '/api/public/contact', remoteAddress: '198.51.100.9', payload: { ...message, to: 'bogen' } });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().message).toBe('An diesen Adressaten kann derzeit keine Nachricht gesendet werden. Bitte wähle einen anderen Adressaten.');
  });
});

describe('the checklist of a fresh installation', () => {
  const ids = async (headers = editor) => {
    const trpc = await query('club.checklist', headers);
    expect(trpc.statusCode).toBe(200);
    const rest = await t.inject({ method: 'GET', url: '/api/club/checklist', headers });
    expect(rest.json().data).toEqual(trpc.json().result.data);
    return (trpc.json().result.data as Array<{ id: string }>).map((item) => item.id);
  };

  it('names what is missing and forgets each point once it is done', async () => {
    await saveClubData(t.db, DEFAULT_CLUB_DATA, '2026-01-01 00:00:00');
    expect(await ids()).toEqual(['club_data', 'contact_address', 'smtp', 'contact_inbox', 'https', 'admin_second_factor']);
    const [clubItem] = (await query('club.checklist', editor)).json().result.data;
    expect(clubItem.text).toBe(
      'In den Vereinsdaten fehlen noch der vollständige Name, die Anschrift, Telefon oder E-Mail und die Koordinaten des Bogenparcours (noch die Beispielwerte).',
    );
    expect(clubItem.link).toEqual({ kind: 'screen', path: '/admin/dash#vereinsdaten', label: 'Vereinsdaten' });

    await put(FULL);
    expect(await ids()).toEqual(['smtp', 'contact_inbox', 'https', 'admin_second_factor']);
  });

  it('names the administrators who log in without a second factor until each has one', async () => {
    const admins = await t.db
      .selectFrom('users')
      .innerJoin('user_groups', 'user_groups.user_id', 'users.id')
      .select(['users.id', 'users.uid', 'users.prename', 'users.lastname'])
      .where('user_groups.group_id', '=', 1)
      .orderBy('users.id')
      .execute();
    expect(admins.length).toBeGreaterThan(0);
    const item = async () => ((await query('club.checklist', editor)).json().result.data as Array<{ id: string; text: string; link: unknown }>).find((entry) => entry.id === 'admin_second_factor');
    const first = await item();
    for (const admin of admins) expect(first?.text).toContain(`${admin.prename} ${admin.lastname} (${admin.uid})`);
    expect(first?.link).toEqual({ kind: 'screen', path: '/admin/ich', label: 'Meine Daten' });
    // A setup that waits for its first code does not count; a confirmed one does.
    const [firstAdmin] = admins;
    await t.db.insertInto('second_factors').values({ user_id: firstAdmin!.id, secret: 'JBSWY3DPEHPK3PXP', created_ms: 0, confirmed_ms: null }).execute();
    expect((await item())?.text).toContain(`(${firstAdmin!.uid})`);
    for (const admin of admins) {
      await t.db.deleteFrom('second_factors').where('user_id', '=', admin.id).execute();
      await t.db.insertInto('second_factors').values({ user_id: admin.id, secret: 'JBSWY3DPEHPK3PXP', created_ms: 0, confirmed_ms: 1 }).execute();
    }
    expect(await item()).toBeUndefined();
    await t.db.deleteFrom('second_factors').execute();
  });

  it('leaves out SMTP and https once the server is configured for them', async () => {
    const configured = await createTestApp({ mailTransport: null }, { SMTP_URL: 'smtp://mail.example.org:587', MAIL_FROM: 'web@example.org', PUBLIC_URL: 'https://verein.example' });
    try {
      const response = await configured.inject({ method: 'GET', url: '/api/club/checklist', headers: configured.admin });
      expect(response.json().data.map((item: { id: string }) => item.id)).toEqual(['club_data', 'contact_address', 'admin_second_factor']);
    } finally {
      await configured.close();
    }
  });

  it('names the generated first password until user 1 has changed it', async () => {
    const database = await freshDatabase();
    const passwords = bcryptHasher(4);
    const seeded = await seed(database.db, { adminUid: '00000001', adminPassword: undefined, passwords, now: new Date() });
    const app = await buildApp({ db: database.db, dialect: database.dialect, config: readConfig({ PORT: '3000' }), passwords, mailTransport: null });
    try {
      const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`00000001:${password}`).toString('base64')}` });
      const checklist = async (password: string) =>
        (await app.inject({ method: 'GET', url: '/api/club/checklist', headers: basic(password) })).json().data as Array<{ id: string; text: string; link: unknown }>;
      const items = await checklist(seeded.generatedPassword!);
      expect(items.find((item) => item.id === 'initial_password')).toEqual({
        id: 'initial_password',
        text: 'Benutzer 1 (Schützennummer 00000001) hat noch das beim ersten Start erzeugte Passwort. Bitte als Benutzer 1 unter „Meine Daten“ ändern.',
        link: { kind: 'screen', path: '/admin/ich', label: 'Meine Daten' },
      });
      const me = (await app.inject({ method: 'GET', url: '/api/users/1', headers: basic(seeded.generatedPassword!) })).json().data;
      const changed = await app.inject({
        method: 'PUT',
        url: '/api/users/1',
        headers: basic(seeded.generatedPassword!),
        payload: { prename: me.prename, lastname: me.lastname, uid: me.uid, email: me.email, phone: me.phone, password: MEMBER_PASSWORD },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await checklist(MEMBER_PASSWORD)).map((item) => item.id)).not.toContain('initial_password');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('club.json, CLUB_PROFILE and CONTACT_TO_* on the first start of an existing installation', MIGRATION_CHAIN, () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'club-data-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('become the stored club data once; later changes of the files no longer override what members saved', async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      // An installation from before issue 18, with its data.
      await migrateTo(database.db, '0012_notify_and_retry_window');
      await database.db.insertInto('groups').values({ name: 'Bogen' }).execute();
      const file = join(dir, 'club.json');
      const profile = {
        name: 'SV Altstadt',
        street: 'Hauptstraße 1',
        postalCode: '12345',
        city: 'Altstadt',
        phone: '01234 5678',
        email: 'info@sv-altstadt.example',
        social: [{ kind: 'facebook', url: 'https://facebook.example/sv' }],
        course: { lat: 51.1, lon: 10.2, parking: { street: 'Waldweg', postalCode: '12345', city: 'Altstadt' } },
        range: { lat: 51.2, lon: 10.3 },
      };
      await writeFile(file, JSON.stringify(profile));
      const config = readConfig({ CLUB_PROFILE: file, CONTACT_TO_VORSTAND: 'Der Vorstand <vorstand@sv-altstadt.example>', CLUB_LON: '10.25' });
      const start = () => seed(database.db, { adminUid: '00000001', adminPassword: 'Admin1234', passwords: bcryptHasher(4), now: new Date(), clubData: () => initialClubData(config) });

      // The upgrade: migrations, then the start.
      await migrateTo(database.db);
      expect((await start()).clubDataStored).toBe(true);
      const stored = await readClubData(database.db);
      expect(stored).toEqual({
        ...DEFAULT_CLUB_DATA,
        name: 'SV Altstadt',
        street: 'Hauptstraße 1',
        postalCode: '12345',
        city: 'Altstadt',
        phone: '01234 5678',
        email: 'info@sv-altstadt.example',
        socialFacebook: 'https://facebook.example/sv',
        courseLat: 51.1,
        courseLon: 10.25,
        parkingStreet: 'Waldweg',
        parkingPostalCode: '12345',
        parkingCity: 'Altstadt',
        clubHouseLat: null,
        clubHouseLon: null,
        rangeLat: 51.2,
        rangeLon: 10.3,
        ...DEFAULT_CLUB_TEXTS,
        contactVorstand: 'Der Vorstand <vorstand@sv-altstadt.example>',
      });
      expect(await database.db.selectFrom('groups').select('name').where('name', '=', 'Bogen').execute()).toHaveLength(1);
      expect(fileDifferences(config, stored)).toEqual([]);

      // Members save; then the file changes (or breaks) and the server starts again.
      await saveClubData(database.db, { ...stored, name: 'SV Altstadt 1900 e. V.' }, '2026-05-01 12:00:00');
      await writeFile(file, JSON.stringify({ ...profile, name: 'Aus der Datei', phone: '999' }));
      expect((await start()).clubDataStored).toBe(false);
      const after = await readClubData(database.db);
      expect(after.name).toBe('SV Altstadt 1900 e. V.');
      expect(after.phone).toBe('01234 5678');
      expect(fileDifferences(config, after)).toEqual(['Name des Vereins', 'Telefon']);
      await writeFile(file, '{ kaputt');
      expect((await start()).clubDataStored).toBe(false);
      expect(fileDifferences(config, after)).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
