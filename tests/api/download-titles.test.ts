import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { renderPage } from '../../src/client/entry-server.tsx';
import { migrateToLatest } from '../../src/server/db/connection.ts';
import { defaultDownloadTitle } from '../../src/shared/schemas/downloads.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freshDatabase, MIGRATION_CHAIN } from '../helpers/database.ts';
import { pdf, postForm } from '../helpers/multipart.ts';

/**
 * Downloads with a title and a description (issue 26.6): the default title, the edit in the
 * dashboard (downloads.update, dashboard_update), its German messages, its log line, the
 * cached public list and page it drops, the legacy REST answers that keep their fields, and
 * the migration that gives the downloads from before their title.
 */

const TITLE_EMPTY = 'Der Titel darf nicht leer gelassen werden!';
const TITLE_LONG = 'Der Titel darf nicht länger als 120 Zeichen sein!';
const DESCRIPTION_LONG = 'Die Beschreibung darf nicht länger als 500 Zeichen sein!';
const LEGACY_FIELDS = ['file_url', 'filename', 'id', 'size', 'type'];

let t: TestApp;
let editor: { id: number; auth: { authorization: string } };
let others: Array<{ authorization: string }>;
let downloadId: number;

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage });
  editor = await t.createMember(['dashboard_view', 'dashboard_update']);
  // Every other permission of the panel, but not the one the edit needs.
  others = await Promise.all([
    t.createMember(['dashboard_view']),
    t.createMember(['dashboard_create']),
    t.createMember(['dashboard_delete', 'calendar_update', 'users_update']),
  ]).then((members) => members.map((member) => member.auth));
  const upload = await postForm(t, '/api/downloads', [{ name: 'file', filename: 'Aufnahmeantrag.pdf', content: pdf() }], t.admin);
  expect(upload.statusCode, upload.body).toBe(201);
  downloadId = upload.json().data.id;
});
afterAll(() => t.close());

function mutate(input: unknown, headers: Record<string, string> = editor.auth) {
  return t.inject({ method: 'POST', url: '/trpc/downloads.update', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

function publicListOverTrpc(headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: '/trpc/downloads.publicList', headers });
}

async function storedText(): Promise<{ title: string; description: string }> {
  return t.db.selectFrom('downloads').select(['title', 'description']).where('id', '=', downloadId).executeTakeFirstOrThrow();
}

async function logLines(): Promise<string[]> {
  return (await t.db.selectFrom('log_entries').select('message').orderBy('id').execute()).map((row) => row.message);
}

describe('the default title', () => {
  it('is the file name without its extension', async () => {
    const anonymous = await t.callerAs(null);
    const [download] = await anonymous.downloads.publicList();
    expect(download).toMatchObject({ id: downloadId, filename: 'Aufnahmeantrag.pdf', title: 'Aufnahmeantrag', description: '' });
    expect(await storedText()).toEqual({ title: 'Aufnahmeantrag', description: '' });
  });

  it('keeps a name that is all extension, strips only the last one and fits a long name into 120 characters', () => {
    expect(defaultDownloadTitle('Satzung 2026.final.docx')).toBe('Satzung 2026.final');
    expect(defaultDownloadTitle('.htaccess')).toBe('.htaccess');
    expect(defaultDownloadTitle('LIESMICH')).toBe('LIESMICH');
    expect(defaultDownloadTitle('Anmeldung .pdf')).toBe('Anmeldung');
    const long = defaultDownloadTitle(`${'Ü'.repeat(119)}🎯🎯.pdf`);
    expect(long).toBe('Ü'.repeat(119));
    expect(defaultDownloadTitle(`${'a'.repeat(200)}.pdf`)).toHaveLength(120);
  });
});

describe('downloads.update', () => {
  it('answers 401 to anonymous visitors and changes nothing', async () => {
    const response = await mutate({ id: downloadId, title: 'Von niemandem', description: '' }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toMatch(/nicht angemeldet/);
    await expect((await t.callerAs(null)).downloads.update({ id: downloadId, title: 'x', description: '' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await storedText()).toEqual({ title: 'Aufnahmeantrag', description: '' });
  });

  it('answers 403 without dashboard_update, logs the refusal and changes nothing', async () => {
    for (const headers of others) {
      const response = await mutate({ id: downloadId, title: 'Ohne Recht', description: 'x' }, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    }
    expect(await storedText()).toEqual({ title: 'Aufnahmeantrag', description: '' });
    expect((await logLines()).some((line) => line.includes('downloads.update (fehlende Berechtigung dashboard_update)'))).toBe(true);
  });

  it('refuses an empty or too long title and a too long description with German messages per field, changing nothing', async () => {
    const before = await logLines();
    const cases: Array<[input: Record<string, unknown>, field: string, message: string]> = [
      [{ title: '', description: '' }, 'title', TITLE_EMPTY],
      [{ title: '   ', description: '' }, 'title', TITLE_EMPTY],
      [{ description: '' }, 'title', TITLE_EMPTY],
      [{ title: 'x'.repeat(121), description: '' }, 'title', TITLE_LONG],
      [{ title: 'Satzung', description: 'ä'.repeat(501) }, 'description', DESCRIPTION_LONG],
    ];
    for (const [input, field, message] of cases) {
      const response = await mutate({ id: downloadId, ...input });
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(response.json().error.data.fieldErrors).toEqual({ [field]: [message] });
    }
    expect(await storedText()).toEqual({ title: 'Aufnahmeantrag', description: '' });
    expect(await logLines()).toEqual(before);
  });

  it('answers 404 for a download that is not there', async () => {
    const response = await mutate({ id: 987654, title: 'Gibt es nicht', description: '' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Der angeforderte Eintrag wurde nicht gefunden.');
  });

  it('saves title and description with dashboard_update (trimmed, 120 and 500 characters fit), logs it and answers the record', async () => {
    const title = `Aufnahmeantrag ${'ß'.repeat(105)}`;
    expect(title).toHaveLength(120);
    const description = 'x'.repeat(500);
    const longest = await mutate({ id: downloadId, title: `  ${title} `, description });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(await storedText()).toEqual({ title, description });

    const response = await mutate({ id: downloadId, title: 'Aufnahmeantrag für Mitglieder', description: 'Bitte ausgefüllt beim Vorstand abgeben.\nAuch per E-Mail möglich.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.data).toEqual({
      message: 'Download gespeichert',
      data: {
        id: downloadId,
        filename: 'Aufnahmeantrag.pdf',
        file_url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.pdf$/),
        size: pdf().length,
        type: 'application/pdf',
        title: 'Aufnahmeantrag für Mitglieder',
        description: 'Bitte ausgefüllt beim Vorstand abgeben.\nAuch per E-Mail möglich.',
      },
    });
    // One line per entry: the description's line break becomes a space (server-log.ts).
    expect((await logLines()).at(-1)).toBe(
      'Download „Aufnahmeantrag.pdf“ gespeichert: Titel „Aufnahmeantrag für Mitglieder“, Beschreibung „Bitte ausgefüllt beim Vorstand abgeben. Auch per E-Mail möglich.“',
    );

    const caller = await t.callerAs(editor.id);
    const cleared = await caller.downloads.update({ id: downloadId, title: 'Aufnahmeantrag', description: '' });
    expect(cleared.data).toMatchObject({ title: 'Aufnahmeantrag', description: '' });
    expect((await logLines()).at(-1)).toBe('Download „Aufnahmeantrag.pdf“ gespeichert: Titel „Aufnahmeantrag“, Beschreibung (keine)');
  });
});

describe('the cached public list and page', () => {
  it('show a save at once: the tRPC list, the rendered /downloads and the back-office list', async () => {
    const first = await publicListOverTrpc();
    const etag = first.headers.etag as string;
    expect(first.json().result.data[0].title).toBe('Aufnahmeantrag');
    expect((await publicListOverTrpc({ 'if-none-match': etag })).statusCode).toBe(304);
    const page = await t.inject({ method: 'GET', url: '/downloads' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Aufnahmeantrag');
    expect((await t.inject({ method: 'GET', url: '/downloads', headers: { 'if-none-match': page.headers.etag as string } })).statusCode).toBe(304);

    expect((await mutate({ id: downloadId, title: 'Antrag auf Mitgliedschaft', description: 'Für Erwachsene & Jugendliche' })).statusCode).toBe(200);

    const after = await publicListOverTrpc({ 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().result.data[0]).toMatchObject({ title: 'Antrag auf Mitgliedschaft', description: 'Für Erwachsene & Jugendliche' });
    const rendered = await t.inject({ method: 'GET', url: '/downloads', headers: { 'if-none-match': page.headers.etag as string } });
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toContain('Antrag auf Mitgliedschaft');
    expect(rendered.body).toContain('Für Erwachsene &amp; Jugendliche');
    expect(rendered.body).toContain('PDF-Dokument · ');
    const caller = await t.callerAs(editor.id);
    expect((await caller.downloads.list())[0]).toMatchObject({ title: 'Antrag auf Mitgliedschaft' });
  });
});

describe('the legacy REST paths keep their fields', () => {
  it('answer GET /api/downloads, GET /api/public/downloads and POST /api/downloads without title or description', async () => {
    const list = await t.inject({ method: 'GET', url: '/api/downloads', headers: t.admin });
    expect(list.statusCode).toBe(200);
    for (const download of list.json().data) expect(Object.keys(download).sort()).toEqual(LEGACY_FIELDS);
    const publicList = await t.inject({ method: 'GET', url: '/api/public/downloads' });
    expect(publicList.json()).toEqual({ data: list.json().data });
    expect(publicList.json().data[0]).toEqual({ id: downloadId, filename: 'Aufnahmeantrag.pdf', file_url: expect.any(String), size: pdf().length, type: 'application/pdf' });

    const created = await postForm(t, '/api/downloads', [{ name: 'file', filename: 'Satzung.pdf', content: pdf() }], t.admin);
    expect(created.statusCode).toBe(201);
    expect(Object.keys(created.json()).sort()).toEqual(['data', 'message']);
    expect(Object.keys(created.json().data).sort()).toEqual(LEGACY_FIELDS);
    const caller = await t.callerAs(editor.id);
    expect((await caller.downloads.list()).find((download) => download.id === created.json().data.id)).toMatchObject({ title: 'Satzung', description: '' });
  });

  it('has no REST path that edits a download (SPEC §7 names none)', async () => {
    const response = await t.inject({ method: 'PUT', url: `/api/downloads/${downloadId}`, headers: { ...t.admin, 'content-type': 'application/json' }, payload: '{"title":"x"}' });
    expect(response.statusCode).toBe(404);
  });
});

describe('migration 0020_download_titles', MIGRATION_CHAIN, () => {
  it('gives the downloads from before it the default title and an empty description, and goes down again', async () => {
    const database = await freshDatabase({ migrate: false });
    try {
      const { db } = database;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0018_code_failures')).error).toBeUndefined();
      const now = '2026-01-01 00:00:00';
      const names = ['Aufnahmeantrag.pdf', 'Satzung des Vereins 2026.final.docx', '.htaccess', `${'Ö'.repeat(130)}.pdf`, 'Schießplan 🎯.xlsx'];
      for (const [index, filename] of names.entries()) {
        await db.insertInto('downloads').values({ filename, stored_name: `alt-${index}.bin`, mime: 'application/pdf', size: 1, created_at: now }).execute();
      }

      await migrateToLatest(db);

      const rows = await db.selectFrom('downloads').select(['filename', 'title', 'description']).orderBy('id').execute();
      expect(rows).toEqual([
        { filename: 'Aufnahmeantrag.pdf', title: 'Aufnahmeantrag', description: '' },
        { filename: 'Satzung des Vereins 2026.final.docx', title: 'Satzung des Vereins 2026.final', description: '' },
        { filename: '.htaccess', title: '.htaccess', description: '' },
        { filename: `${'Ö'.repeat(130)}.pdf`, title: 'Ö'.repeat(120), description: '' },
        { filename: 'Schießplan 🎯.xlsx', title: 'Schießplan 🎯', description: '' },
      ]);
      // The migration's copy of the rule says what the app's says.
      for (const row of rows) expect(row.title).toBe(defaultDownloadTitle(row.filename));

      const down = await migrator.migrateTo('0018_code_failures');
      expect(down.error).toBeUndefined();
      const columns = (await db.introspection.getTables()).find((table) => table.name === 'downloads')!.columns.map((column) => column.name);
      expect(columns).not.toContain('title');
      expect(columns).not.toContain('description');
    } finally {
      await database.drop();
    }
  });
});
