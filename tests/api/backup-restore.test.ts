import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { readConfig } from '../../src/server/config.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../src/server/db/connection.ts';
import { ArchiveWriter, MANIFEST_ENTRY, readArchive, sha256, type Manifest } from '../../src/server/ops/archive.ts';
import { createBackup } from '../../src/server/ops/backup.ts';
import { PartialRestoreError, restoreBackup, verifyArchive } from '../../src/server/ops/restore.ts';
import { anyDb, listTables } from '../../src/server/ops/tables.ts';
import { toClubDateTime } from '../../src/shared/dates.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { freshDatabase, usesMysql } from '../helpers/database.ts';
import { pdf, png, postForm } from '../helpers/multipart.ts';

/**
 * `npm run backup` / `npm run restore` (src/server/ops): a site with a row in every table
 * and files of every kind goes SQLite -> MariaDB -> SQLite (SQLite -> SQLite on the SQLite
 * run) and comes back row for row; damaged, refused and failing restores change nothing.
 */

type Tables = Record<string, unknown[]>;

/** Every table's rows, in a fixed order, for comparing two databases. */
async function dumpTables(db: Db): Promise<Tables> {
  const dump: Tables = {};
  for (const table of await listTables(db)) {
    const rows = await anyDb(db).selectFrom(table.name).selectAll().execute();
    dump[table.name] = rows.map((row) => JSON.stringify(row)).sort().map((row) => JSON.parse(row) as unknown);
  }
  return dump;
}

/** Every file of an UPLOADS_DIR with its content's sum (hidden staging folders included). */
async function dumpFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    files[entry.name] = entry.isFile() ? sha256(await readFile(join(dir, entry.name))) : 'folder';
  }
  return files;
}

const now = toClubDateTime(new Date());
let memberUid = '';
let memberId = 0;
let downloadUrl = '';

/** Fills every table of the source site, through the API where it has one. */
async function fillEveryTable(t: TestApp): Promise<void> {
  const member = await t.createMember(['dashboard_view'], '44556677');
  memberUid = member.uid;
  memberId = member.id;
  await t.login(member.uid, MEMBER_PASSWORD);
  // A refused permission is logged once per window (log_once).
  expect((await t.inject({ method: 'PUT', url: '/api/info/saison_gun', headers: member.auth, payload: { text: 'x' } })).statusCode).toBe(403);
  // After the member's last successful request, which clears the failed attempts.
  const wrong = await t.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    payload: { username: member.uid, password: 'falsch' },
  });
  expect(wrong.statusCode).toBe(401);
  const info = await t.inject({ method: 'PUT', url: '/api/info/saison_gun', headers: t.admin, payload: { text: 'Saison 2027 – Grüße 🎯' } });
  expect(info.statusCode).toBe(200);
  const alert = await t.inject({
    method: 'PUT',
    url: '/api/sectionalert/gun',
    headers: t.admin,
    payload: { enabled: true, text: 'Heute [fett:an]geschlossen[fett:aus] – Umbau' },
  });
  expect(alert.statusCode).toBe(200);
  const host = await t.inject({ method: 'POST', url: '/api/hosts', headers: t.admin, payload: { date: '2030-05-17', supervisor: -1, host: member.id } });
  expect(host.statusCode).toBe(201);
  const hostEntryId = host.json<{ data: { id: number } }>().data.id;

  const download = await postForm(t, '/api/downloads', [{ name: 'file', filename: 'Satzung Ä.pdf', content: pdf(2000) }], t.admin);
  expect(download.statusCode).toBe(201);
  downloadUrl = download.json<{ data: { file_url: string } }>().data.file_url;
  const result = await postForm(
    t,
    '/api/results',
    [{ name: 'section', value: 'gun' }, { name: 'internal', value: '0' }, { name: 'file', filename: 'Ergebnis.pdf', content: pdf() }],
    t.admin,
  );
  expect(result.statusCode).toBe(201);
  const sponsor = await postForm(
    t,
    '/api/sponsors',
    [{ name: 'name', value: 'Bäckerei Korn' }, { name: 'url', value: 'https://korn.example' }, { name: 'logo', filename: 'logo.png', content: await png(40, 20) }],
    t.admin,
  );
  expect(sponsor.statusCode).toBe(201);
  // The club's logo (issue 26.3): seven generated files.
  const logo = await postForm(t, '/api/club/logo', [{ name: 'file', filename: 'wappen.png', content: await png(300, 100) }], t.admin);
  expect(logo.statusCode, logo.body).toBe(201);

  // The 3D course's state (0032): closed targets and a planned closure, through the API.
  const parcours = (path: string, input: unknown) =>
    t.inject({ method: 'POST', url: `/trpc/parcours.${path}`, headers: { ...t.admin, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
  expect((await parcours('updateState', { closedTargets: '4, 12', detour: 'Rechts am Bach entlang.' })).statusCode).toBe(200);
  expect((await parcours('createClosure', { from: '2030-05-01', to: '2030-05-03', reason: 'forestry', note: 'Holzernte' })).statusCode).toBe(200);
  // The course book (0033): a group with umlauts, as a check-in stores it (the check-in itself depends on the sun).
  const courseGroup = await t.db
    .insertInto('course_book_groups')
    .values({ token_hash: 'a'.repeat(64), ticket_code: 'K7M3PX', day: '2026-11-27', checked_in_at: '2026-11-27 10:00:00', checked_out_at: '2026-11-27 12:30:00', checked_out_by: 'visitor', phone: '0171 2345678', payment: 'transfer', amount_cents: 1700, paid_at: null, categories: '1 × Erwachsene, 1 × Kinder (unter 13 Jahren)', personal_deleted: 0 })
    .executeTakeFirstOrThrow();
  await t.db.insertInto('course_book_shooters').values([
    { group_id: Number(courseGroup.insertId), position: 0, name: 'Jürgen Größer', category: 'Erwachsene', price_cents: 1200, member_number: '' },
    { group_id: Number(courseGroup.insertId), position: 1, name: 'Lütte Größer', category: 'Kinder (unter 13 Jahren)', price_cents: 500, member_number: '' },
  ]).execute();

  // An annual pass for the course (0035), set in the user dialog's way.
  const pass = await t.inject({ method: 'POST', url: '/trpc/users.setAnnualPass', headers: { ...t.admin, 'content-type': 'application/json' }, payload: JSON.stringify({ ref: String(member.id), year: 2026, pass: true }) });
  expect(pass.statusCode, pass.body).toBe(200);

  // Areas without an API of their own yet: rows and their files written directly.
  const db = t.db;
  const mail = await db
    .insertInto('mail_outbox')
    .values({
      recipient: 'vorstand@example.org',
      reply_to: null,
      subject: 'Anfrage',
      body: 'Hallo\nWelt',
      created_at: now,
      sent_at: null,
      last_error: 'SMTP 451',
      created_ms: 1_790_000_000_123,
      next_attempt_ms: 1_790_000_060_123,
    })
    .executeTakeFirstOrThrow();
  await db
    .insertInto('mail_attachments')
    .values({ mail_id: Number(mail.insertId), filename: 'termin.ics', content_type: 'text/calendar', encoding: 'utf8', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' })
    .execute();
  await db
    .insertInto('contact_messages')
    .values({
      recipient: 'info',
      prename: 'Jörg',
      lastname: 'Müller',
      email: 'j@example.org',
      subject: 'Frage',
      text: 'Wann?',
      address: '192.0.2.1',
      created_at: now,
      created_ms: 1_790_000_000_456,
      // The inbox (0026): its mail and when it was done.
      mail_id: Number(mail.insertId),
      done_at: '2026-11-27 10:15:00',
    })
    .execute();
  const group = await db.selectFrom('groups').select('id').where('id', '=', member.groupId).executeTakeFirstOrThrow();
  await db.insertInto('group_message_recipients').values({ group_id: group.id, recipient: 'bogen' }).execute();
  // Rights per section (0028): the group's limit goes with it.
  await db.insertInto('group_sections').values({ group_id: group.id, section: 'arch' }).execute();
  // The article mail (0030): an HTML part and headers in the outbox, groups waiting, a member mailed, a member's opt-out.
  await db
    .insertInto('mail_outbox')
    .values({
      kind: 'news',
      recipient: 'mitglied@example.org',
      reply_to: null,
      subject: 'Aktuelles: Sommerfest',
      body: 'Hallo',
      html: '<p>Hallo &amp; Grüße</p>',
      headers: JSON.stringify({ 'List-Unsubscribe': '<https://verein.example/aktuelles/abmelden/x>' }),
      created_at: now,
      sent_at: null,
      last_error: null,
      created_ms: 1_790_000_000_789,
      next_attempt_ms: 1_790_000_000_789,
    })
    .execute();
  const article = await db
    .insertInto('news_articles')
    .values({
      slug: 'sommerfest',
      title: 'Sommerfest',
      teaser: '',
      body: JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }),
      section: 'club',
      cover_image_id: null,
      appointment_id: null,
      album_id: null,
      author_id: member.id,
      publish_at: '2030-01-01 12:00:00',
      created_at: now,
      updated_at: now,
    })
    .executeTakeFirstOrThrow();
  await db.insertInto('news_mail_groups').values({ article_id: Number(article.insertId), group_id: group.id }).execute();
  await db.insertInto('news_mail_sends').values({ article_id: Number(article.insertId), user_id: member.id, token_hash: 'a'.repeat(64), created_at: now }).execute();
  await db.insertInto('news_mail_optouts').values({ user_id: member.id, created_at: now }).execute();
  const appointment = await db
    .insertInto('appointments')
    .values({
      name: 'Vereinsmeisterschaft',
      datetime_begin: '2030-03-01 18:30:00',
      datetime_end: '2030-03-01 22:00:00',
      location: 'Schützenhaus',
      visibility: 1,
      description: 'Alle Disziplinen',
      notes: 'Schlüssel bei Jörg',
      assignment: group.id,
      status: 1,
      notify: 0,
      created_at: now,
      updated_at: now,
    })
    .executeTakeFirstOrThrow();
  const appointmentId = Number(appointment.insertId);
  const files: [string, Buffer][] = [
    ['0a1b2c3d-0000-4000-8000-000000000001.pdf', pdf(300)],
    ['0a1b2c3d-0000-4000-8000-000000000002.webp', Buffer.from('RIFF....WEBPVP8 groß')],
    ['0a1b2c3d-0000-4000-8000-000000000003.webp', Buffer.from('RIFF....WEBPVP8 klein')],
  ];
  for (const [name, content] of files) await writeFile(join(t.uploadsDir, name), content);
  await db
    .insertInto('attachments')
    .values({ appointment_id: appointmentId, filename: 'Ausschreibung.pdf', stored_name: files[0]![0], mime: 'application/pdf', size: files[0]![1].length, created_at: now })
    .execute();
  const album = await db.insertInto('albums').values({ name: 'Sommerfest', section: 'club', created_at: now }).executeTakeFirstOrThrow();
  await db
    .insertInto('images')
    .values({
      album_id: Number(album.insertId),
      title: 'Siegerehrung',
      name: 'IMG_0001.jpg',
      stored_name: files[1]![0],
      thumb_name: files[2]![0],
      mime: 'image/webp',
      width: 2048,
      height: 1365,
      created_at: now,
    })
    .execute();
  // Meine Dienste: the member's feed and reminder time, an offer of the duty and its reminder.
  await db.insertInto('duty_settings').values({ user_id: member.id, feed_token_hash: 'f'.repeat(64), feed_created_ms: 1_790_000_000_789, remind_at: '18:30' }).execute();
  await db.insertInto('duty_offers').values({ host_entry_id: hostEntryId, role: 'host', user_id: member.id, created_ms: 1_790_000_000_790 }).execute();
  await db
    .insertInto('duty_reminders')
    .values({ host_entry_id: hostEntryId, role: 'host', user_id: member.id, duty_date: '2030-05-17', created_ms: 1_790_000_000_791 })
    .execute();
  // A section's weekly shooting time, paused for the summer.
  await db
    .insertInto('timetable_entries')
    .values({ section: 'arch', weekday: 6, time_from: '10:00', time_to: '12:30', what: 'Freies Schießen', note: 'nur mit Einweisung', active: 0, sort_order: 0 })
    .execute();
  // Sign-ups (issue 29): settings, a sign-up with umlauts, its confirmation mail and the counted attempt.
  const course = await db
    .insertInto('appointments')
    .values({ name: 'Bogenkurs für Einsteiger', datetime_begin: '2099-04-03 10:00:00', datetime_end: '2099-04-03 14:00:00', location: 'Bogenplatz', visibility: 1, description: '', notes: '', assignment: 1, status: 0, notify: 0, created_at: now, updated_at: now })
    .executeTakeFirstOrThrow();
  const courseId = Number(course.insertId);
  expect((await t.inject({ method: 'PUT', url: `/api/registrations/${courseId}`, headers: t.admin, payload: { places: 8, fields: { custom: [{ label: 'Bogenklasse', type: 'choice', options: ['Recurve', 'Langbogen'] }] } } })).statusCode).toBe(200);
  const signup = await t.inject({ method: 'POST', url: `/api/public/registrations/${courseId}`, remoteAddress: '198.51.100.77', payload: { prename: 'Jürgen', lastname: 'Größer', email: 'juergen@example.org' } });
  expect(signup.statusCode, signup.body).toBe(201);
  // A file no row names is not part of the site and stays out of the backup.
  await writeFile(join(t.uploadsDir, '0a1b2c3d-0000-4000-8000-00000000dead.bin'), 'verwaist');
}

interface Site {
  handle: DatabaseHandle & { drop(): Promise<void> };
  uploadsDir: string;
  close: () => Promise<void>;
}

/** An empty database (never migrated) with its own UPLOADS_DIR, as an operator would create it. */
async function emptySite(dialect: 'sqlite' | 'mysql'): Promise<Site> {
  const handle = await freshDatabase({ migrate: false, dialect });
  const uploadsDir = await mkdtemp(join(tmpdir(), 'club-restore-'));
  return {
    handle,
    uploadsDir,
    close: async () => {
      await handle.drop();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** The site as main.ts runs it on a restored database (no seed: the data is the backup's). */
async function serve(site: Site): Promise<FastifyInstance> {
  const config = readConfig({ ADMIN_UID, PORT: '3000', UPLOADS_DIR: site.uploadsDir });
  const app = await buildApp({ db: site.handle.db, dialect: site.handle.dialect, config, passwords: bcryptHasher(4) });
  await app.ready();
  return app;
}

let workDir = '';
let source: TestApp;
let sourceArchive = '';
let sourceTables: Tables = {};

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'club-backup-'));
  source = await createTestApp({}, {}, { dialect: 'sqlite' });
  await fillEveryTable(source);
  sourceTables = await dumpTables(source.db);
  sourceArchive = join(workDir, 'quelle.tar.gz');
  await createBackup({ db: source.db, dialect: 'sqlite', uploadsDir: source.uploadsDir, file: sourceArchive });
}, 30_000);
afterAll(async () => {
  await source.close();
  await rm(workDir, { recursive: true, force: true });
});

/** Rewrites an archive entry by entry; `sums` false keeps the manifest's old checksums. */
async function rewriteArchive(
  file: string,
  change: (entries: Map<string, Buffer>, manifest: Manifest) => void,
  sums: boolean,
): Promise<string> {
  const entries = new Map<string, Buffer>();
  await readArchive(sourceArchive, async (name, content) => {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk as Buffer);
    entries.set(name, Buffer.concat(chunks));
  });
  const manifest = JSON.parse(entries.get(MANIFEST_ENTRY)!.toString('utf8')) as Manifest;
  entries.delete(MANIFEST_ENTRY);
  change(entries, manifest);
  if (sums) {
    for (const table of manifest.tables) {
      const data = entries.get(`tables/${table.name}.jsonl`)!;
      table.sha256 = sha256(data);
      table.rows = data.toString('utf8').split('\n').filter(Boolean).length;
    }
    for (const stored of manifest.files) {
      const data = entries.get(`files/${stored.name}`)!;
      stored.sha256 = sha256(data);
      stored.size = data.length;
    }
  }
  const writer = await ArchiveWriter.create(file);
  for (const [name, data] of entries) await writer.addBuffer(name, data);
  await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)));
  await writer.finish();
  return file;
}

describe('backup', () => {
  it('holds every table with its row count and sum, and exactly the files the database names', async () => {
    const entries = new Map<string, Buffer>();
    await readArchive(sourceArchive, async (name, content) => {
      const chunks: Buffer[] = [];
      for await (const chunk of content) chunks.push(chunk as Buffer);
      entries.set(name, Buffer.concat(chunks));
    });
    const manifest = JSON.parse(entries.get(MANIFEST_ENTRY)!.toString('utf8')) as Manifest;
    expect(manifest).toMatchObject({ format: 'schuetzenverein-sicherung', formatVersion: 1, dialect: 'sqlite' });
    expect(manifest.schemaVersion).toBe((await anyDb(source.db).selectFrom('kysely_migration').select('name').orderBy('name', 'desc').executeTakeFirstOrThrow()).name);
    expect(manifest.tables.map((table) => table.name)).toEqual(Object.keys(sourceTables));
    for (const table of manifest.tables) {
      expect(table.rows, table.name).toBe(sourceTables[table.name]!.length);
      expect(table.sha256).toBe(sha256(entries.get(`tables/${table.name}.jsonl`)!));
    }
    const named = (await readdir(source.uploadsDir)).filter((name) => !name.includes('dead'));
    expect(manifest.files.map((file) => file.name).sort()).toEqual(named.sort());
    // Download, result, sponsor logo, attachment, gallery image and thumbnail; the club logo's seven files.
    expect(named.length).toBe(13);
    for (const file of manifest.files) {
      expect(file.sha256).toBe(sha256(await readFile(join(source.uploadsDir, file.name))));
    }
  });

  it('is readable by its owner only, also when an earlier partial file was not', async () => {
    expect((await stat(sourceArchive)).mode & 0o777).toBe(0o600);
    const archive = join(workDir, 'modus.tar.gz');
    await writeFile(`${archive}.unvollstaendig`, 'Rest eines abgebrochenen Laufs');
    await chmod(`${archive}.unvollstaendig`, 0o644);
    await createBackup({ db: source.db, dialect: 'sqlite', uploadsDir: source.uploadsDir, file: archive });
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
  });

  it('takes its files from the rows it holds and reports a file a row names that is missing, writing the rest', async () => {
    const [attachment] = await source.db.selectFrom('attachments').select('stored_name').execute();
    const name = attachment!.stored_name;
    const away = join(workDir, `${name}.weg`);
    await rename(join(source.uploadsDir, name), away);
    try {
      const archive = join(workDir, 'luecke.tar.gz');
      const { manifest, missing } = await createBackup({ db: source.db, dialect: 'sqlite', uploadsDir: source.uploadsDir, file: archive });
      expect(missing).toEqual([{ name, table: 'attachments' }]);
      expect(manifest.files.map((file) => file.name)).not.toContain(name);
      expect(manifest.files).toHaveLength(12);
      // The archive says so itself, for whoever restores it later.
      expect((await verifyArchive(archive)).missingFiles).toEqual([{ name, table: 'attachments' }]);
    } finally {
      await rename(away, join(source.uploadsDir, name));
    }
  });

  it('was filled with rows in every table the site had when this test was written', () => {
    const filled = Object.entries(sourceTables).filter(([, rows]) => rows.length > 0).map(([name]) => name);
    expect(filled).toEqual(
      expect.arrayContaining([
        'albums', 'appointments', 'attachments', 'club_picture_files', 'club_pictures', 'contact_messages', 'course_annual_passes', 'course_book_groups', 'course_book_shooters', 'course_closures', 'course_state', 'downloads', 'duty_offers', 'duty_reminders', 'duty_settings',
        'group_message_recipients', 'group_permissions', 'group_sections', 'groups', 'host_entries',
        'images', 'info_texts', 'log_entries', 'log_once', 'login_attempts', 'mail_attachments', 'mail_outbox', 'network_attempts', 'news_articles', 'news_mail_groups',
        'news_mail_optouts', 'news_mail_sends', 'permissions', 'registration_mails', 'registration_settings', 'registrations', 'results',
        'section_alerts', 'sessions', 'sponsors', 'timetable_entries', 'user_groups', 'users',
      ]),
    );
  });
});

describe('a backup while the site keeps writing', () => {
  it('shows one moment: a row another connection commits during the backup is not in it', async () => {
    // Two connections on one database, as the site and `npm run backup` have (SQLite: a file in WAL mode).
    const database = usesMysql() ? await freshDatabase() : undefined;
    const url = database?.url ?? `sqlite:${join(workDir, 'laufend.sqlite')}`;
    const db = database?.db ?? openDatabase(url).db;
    if (!database) await migrateToLatest(db);
    const site = openDatabase(url).db;
    try {
      await seed(db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords: bcryptHasher(4), now: new Date() });
      const { manifest } = await createBackup({
        db,
        dialect: usesMysql() ? 'mysql' : 'sqlite',
        uploadsDir: workDir,
        file: join(workDir, 'laufend.tar.gz'),
        log: async (line) => {
          // The backup has read its first table; the site goes on writing.
          if (line.startsWith('Tabelle albums:')) await site.insertInto('groups').values({ name: 'Neu während der Sicherung' }).execute();
        },
      });
      // The seed's five groups (Administratoren, Standaufsichtsberechtigte and the three sections), and the one written meanwhile.
      expect(await site.selectFrom('groups').select('id').execute()).toHaveLength(6);
      expect(manifest.tables.find((table) => table.name === 'groups')?.rows).toBe(5);
    } finally {
      await site.destroy();
      if (database) await database.drop();
      else await db.destroy();
    }
  });
});

describe(`round trip SQLite -> ${usesMysql() ? 'MariaDB' : 'SQLite'} -> SQLite`, () => {
  const middleDialect = usesMysql() ? 'mysql' : 'sqlite';
  let middle: Site;
  let back: Site;
  let app: FastifyInstance;
  beforeAll(async () => {
    middle = await emptySite(middleDialect);
    back = await emptySite('sqlite');
  });
  afterAll(async () => {
    await app?.close();
    await middle?.close();
    await back?.close();
  });

  it('restores every row and file into an empty database of the other dialect', async () => {
    const lines: string[] = [];
    await restoreBackup({ db: middle.handle.db, dialect: middle.handle.dialect, uploadsDir: middle.uploadsDir, file: sourceArchive, log: (line) => lines.push(line) });
    expect(lines).toContain('Tabelle users: 2 Zeilen');
    expect(lines.at(-1)).toBe('Wiederherstellung abgeschlossen.');
    expect(await dumpTables(middle.handle.db)).toEqual(sourceTables);
    const sourceFiles = await dumpFiles(source.uploadsDir);
    delete sourceFiles['0a1b2c3d-0000-4000-8000-00000000dead.bin'];
    expect(await dumpFiles(middle.uploadsDir)).toEqual(sourceFiles);
  });

  it('serves the restored site: the member logs in with the old password, files are served, new rows get new ids', async () => {
    app = await serve(middle);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { username: memberUid, password: MEMBER_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const admin = { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` };
    const file = await app.inject({ method: 'GET', url: downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(await readFile(join(source.uploadsDir, downloadUrl.replace('/files/', ''))))).toBe(true);
    const info = await app.inject({ method: 'GET', url: '/api/public/info/saison_gun' });
    expect(info.json()).toEqual({ identifier: 'saison_gun', text: 'Saison 2027 – Grüße 🎯' });
    const hosts = await app.inject({ method: 'GET', url: '/api/public/hosts' });
    expect(JSON.stringify(hosts.json())).toContain('2030-05-17');
    // The counters continue after the restored ids: a new entry collides with none.
    const maxHost = Math.max(...(sourceTables.host_entries as { id: number }[]).map((row) => row.id));
    const created = await app.inject({ method: 'POST', url: '/api/hosts', headers: admin, payload: { date: '2030-06-01', supervisor: -2, host: memberId } });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ data: { id: number } }>().data.id).toBeGreaterThan(maxHost);
    await app.inject({ method: 'DELETE', url: `/api/hosts/${created.json<{ data: { id: number } }>().data.id}`, headers: admin });
  });

  it('comes back into SQLite from a backup of the restored site unchanged', async () => {
    const archive = join(workDir, 'zurueck.tar.gz');
    // The restored site wrote its own rows since (login, log); what matters is that they travel too.
    const middleTables = await dumpTables(middle.handle.db);
    const { manifest } = await createBackup({ db: middle.handle.db, dialect: middle.handle.dialect, uploadsDir: middle.uploadsDir, file: archive });
    expect(manifest.dialect).toBe(middleDialect);
    await restoreBackup({ db: back.handle.db, dialect: back.handle.dialect, uploadsDir: back.uploadsDir, file: archive });
    const backTables = await dumpTables(back.handle.db);
    expect(backTables).toEqual(middleTables);
    // The original site's data is still there value for value, but for the bookkeeping
    // that the restored site's own requests above changed (login, log, the host entry).
    const touched = ['sessions', 'log_entries', 'login_attempts', 'log_once', 'host_entries'];
    for (const [table, rows] of Object.entries(sourceTables)) {
      if (!touched.includes(table)) expect(backTables[table], table).toEqual(rows);
    }
    expect(await dumpFiles(back.uploadsDir)).toEqual(await dumpFiles(middle.uploadsDir));
  });
});

describe('a restore that must not happen changes nothing', () => {
  let target: TestApp;
  let tablesBefore: Tables;
  let filesBefore: Record<string, string>;
  beforeAll(async () => {
    // A running site's database: seeded, with a member and a file of its own.
    target = await createTestApp();
    await target.createMember(['dashboard_view'], '99887766');
    const upload = await postForm(target, '/api/downloads', [{ name: 'file', filename: 'Eigene.pdf', content: pdf(500) }], target.admin);
    expect(upload.statusCode).toBe(201);
    tablesBefore = await dumpTables(target.db);
    filesBefore = await dumpFiles(target.uploadsDir);
  }, 30_000);
  afterAll(() => target.close());

  const restore = (file: string, force: boolean) =>
    restoreBackup({ db: target.db, dialect: usesMysql() ? 'mysql' : 'sqlite', uploadsDir: target.uploadsDir, file, force });

  async function expectUnchanged(): Promise<void> {
    expect(await dumpTables(target.db)).toEqual(tablesBefore);
    expect(await dumpFiles(target.uploadsDir)).toEqual(filesBefore);
  }

  it('refuses a database that holds data without --force', async () => {
    await expect(restore(sourceArchive, false)).rejects.toThrow(
      /^Die Zieldatenbank enthält bereits Daten \(.*users: 2.*\)\. .*mit --force werden alle vorhandenen Daten ersetzt\.$/,
    );
    await expectUnchanged();
  });

  it('refuses a damaged archive (one file changed) before touching anything, even with --force', async () => {
    const damaged = await rewriteArchive(
      join(workDir, 'beschaedigt.tar.gz'),
      (entries) => {
        const name = [...entries.keys()].find((entry) => entry.startsWith('files/') && entry.endsWith('.pdf'))!;
        const data = Buffer.from(entries.get(name)!);
        data.writeUInt8(data.readUInt8(data.length - 1) ^ 0xff, data.length - 1);
        entries.set(name, data);
      },
      false,
    );
    await expect(restore(damaged, true)).rejects.toThrow(/^Die Sicherung ist beschädigt: die Prüfsumme der Datei .*\.pdf stimmt nicht\. Es wurde nichts verändert\.$/);
    await expectUnchanged();
  });

  it('refuses a damaged table and an archive from a newer schema', async () => {
    const table = await rewriteArchive(
      join(workDir, 'tabelle.tar.gz'),
      (entries) => entries.set('tables/users.jsonl', Buffer.from(entries.get('tables/users.jsonl')!.toString().replace('Mitglied', 'Mitgleid'))),
      false,
    );
    await expect(restore(table, true)).rejects.toThrow('Die Sicherung ist beschädigt: die Prüfsumme der Tabelle users stimmt nicht.');
    const newer = await rewriteArchive(join(workDir, 'neuer.tar.gz'), (_entries, manifest) => (manifest.schemaVersion = '9999_zukunft'), true);
    await expect(restore(newer, true)).rejects.toThrow(/Datenbankstand „9999_zukunft“, den diese Version der Software nicht kennt/);
    await expectUnchanged();
  });

  it('leaves database and files as they were when an insert fails midway (--force)', async () => {
    // Sums are right, but users holds one id twice: the insert fails after other tables went in.
    const failing = await rewriteArchive(
      join(workDir, 'doppelt.tar.gz'),
      (entries) => {
        const users = entries.get('tables/users.jsonl')!.toString('utf8');
        entries.set('tables/users.jsonl', Buffer.from(users + users.split('\n')[0]! + '\n'));
      },
      true,
    );
    await expect(restore(failing, true)).rejects.toThrow(
      /^Die Zeilen der Tabelle users lassen sich nicht einfügen \((UNIQUE constraint failed: users\.id|Duplicate entry .*)\)\. Es wurde nichts verändert\.$/,
    );
    await expectUnchanged();
  });

  it('replaces everything with --force', async () => {
    await restore(sourceArchive, true);
    expect(await dumpTables(target.db)).toEqual(sourceTables);
    const files = await dumpFiles(target.uploadsDir);
    for (const stored of Object.keys(await dumpFiles(source.uploadsDir)).filter((name) => !name.includes('dead'))) {
      expect(files[stored], stored).toBeDefined();
    }
    expect(Object.keys(files).some((name) => name.startsWith('.restore-'))).toBe(false);
  });
});

describe('a restore that fails after its commit', () => {
  let site: Site;
  beforeAll(async () => {
    site = await emptySite(usesMysql() ? 'mysql' : 'sqlite');
  });
  afterAll(() => site.close());

  it('says the database is restored but the files are not, and --force repeats it', async () => {
    const restore = (force: boolean) =>
      restoreBackup({ db: site.handle.db, dialect: site.handle.dialect, uploadsDir: site.uploadsDir, file: sourceArchive, force });
    // A folder where a file is to go: moving the file there fails after the rows are committed.
    const [download] = await source.db.selectFrom('downloads').select('stored_name').execute();
    const blocked = join(site.uploadsDir, download!.stored_name);
    await mkdir(join(blocked, 'inhalt'), { recursive: true });

    const failure = await restore(false).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(PartialRestoreError);
    expect((failure as Error).message).toMatch(
      /^Die Datenbank ist wiederhergestellt, die Dateien aber nicht \(.+\)\. Bitte die Ursache beheben und die Wiederherstellung mit --force wiederholen\.$/,
    );
    expect(await dumpTables(site.handle.db)).toEqual(sourceTables);
    expect((await readdir(site.uploadsDir)).some((name) => name.startsWith('.restore-'))).toBe(false);

    // Without --force the restored rows are data like any other; with it, once fixed, it completes.
    await expect(restore(false)).rejects.toThrow(/^Die Zieldatenbank enthält bereits Daten/);
    await rm(blocked, { recursive: true });
    await restore(true);
    expect(await dumpTables(site.handle.db)).toEqual(sourceTables);
    const sourceFiles = await dumpFiles(source.uploadsDir);
    delete sourceFiles['0a1b2c3d-0000-4000-8000-00000000dead.bin'];
    expect(await dumpFiles(site.uploadsDir)).toEqual(sourceFiles);
  });
});

/** The commands as `npm run backup` / `npm run restore` run them (SQLite files; the MariaDB run covers the code above). */
describe.skipIf(usesMysql())('npm run backup / npm run restore', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'club-ops-cli-'));
    const { db } = openDatabase(`sqlite:${join(dir, 'quelle.sqlite')}`);
    await migrateToLatest(db);
    await seed(db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords: bcryptHasher(4), now: new Date() });
    await mkdir(join(dir, 'uploads'));
    const name = '0a1b2c3d-0000-4000-8000-0000000000aa.pdf';
    await writeFile(join(dir, 'uploads', name), pdf(100));
    await db.insertInto('downloads').values({ filename: 'Satzung.pdf', stored_name: name, mime: 'application/pdf', size: 100, created_at: now }).execute();
    await db.destroy();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  function run(args: string[], database: string, uploads: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const key of Object.keys(env)) if (/^(TEST_|ADMIN_|PUBLIC_URL|SMTP_URL)/.test(key)) delete env[key];
    // npm runs the script in the project folder and says in INIT_CWD where it was typed.
    Object.assign(env, { DATABASE_URL: `sqlite:${join(dir, database)}`, UPLOADS_DIR: join(dir, uploads), INIT_CWD: dir });
    const child = spawn(process.execPath, ['src/server/ops/cli.ts', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  }

  it('backs up, restores into an empty database, and refuses to restore over data', async () => {
    const backup = await run(['backup', 'sicherung.tar.gz'], 'quelle.sqlite', 'uploads');
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Tabelle users: 1 Zeile\n');
    expect(backup.stdout).toContain('Tabelle downloads: 1 Zeile\n');
    expect(backup.stdout).toMatch(/^Dateien: 1 \(100 Bytes\)$/m);
    expect(backup.stdout).toMatch(new RegExp(`^Sicherung geschrieben: ${join(dir, 'sicherung.tar.gz').replaceAll('.', '\\.')} \\([\\d,]+ KB\\)$`, 'm'));

    const restore = await run(['restore', 'sicherung.tar.gz'], 'ziel.sqlite', 'ziel-uploads');
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout.trim().split('\n').at(-1)).toBe('Wiederherstellung abgeschlossen.');
    expect(await readdir(join(dir, 'ziel-uploads'))).toEqual(['0a1b2c3d-0000-4000-8000-0000000000aa.pdf']);

    const again = await run(['restore', 'sicherung.tar.gz'], 'ziel.sqlite', 'ziel-uploads');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Wiederherstellung abgebrochen: Die Zieldatenbank enthält bereits Daten \(/);
    const forced = await run(['restore', 'sicherung.tar.gz', '--force'], 'ziel.sqlite', 'ziel-uploads');
    expect(forced.code).toBe(0);

    expect((await stat(join(dir, 'sicherung.tar.gz'))).mode & 0o777).toBe(0o600);

    const usage = await run(['backup'], 'quelle.sqlite', 'uploads');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toBe('Sicherung abgebrochen: Aufruf: npm run backup -- <Datei>\n');
  }, 60_000);

  it('writes the backup but exits with 2 and names each file a row names that is missing', async () => {
    await mkdir(join(dir, 'leer'));
    const backup = await run(['backup', 'ohne-dateien.tar.gz'], 'quelle.sqlite', 'leer');
    expect(backup.code).toBe(2);
    expect(backup.stderr).toBe(
      'Datei fehlt in UPLOADS_DIR: 0a1b2c3d-0000-4000-8000-0000000000aa.pdf (genannt in Tabelle downloads)\n' +
        'Sicherung unvollständig: 1 Datei fehlt in UPLOADS_DIR und ist nicht in der Sicherung; alles andere ist gesichert.\n',
    );
    expect(backup.stdout).toMatch(/^Dateien: 0 \(0 Bytes\)$/m);
    expect((await verifyArchive(join(dir, 'ohne-dateien.tar.gz'))).missingFiles).toHaveLength(1);
  }, 60_000);

  it.each(['constructor', 'toString', '__proto__'])('refuses %s as an unknown command instead of taking it for restore', async (command) => {
    const unknown = await run([command, 'sicherung.tar.gz'], 'quelle.sqlite', 'uploads');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(`Sicherung abgebrochen: Unbekannter Befehl: ${command}\n`);
  });
});
