import { connect, type AddressInfo } from 'node:net';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../../src/server/storage/storage.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, HTML_PAGE, multipartBody, namesInDatabase, pdf, png, SVG_IMAGE, waitFor, type FormPart } from '../helpers/multipart.ts';

const LIMITS = { download: 2048, result: 3072, logo: 4096 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ uploadLimits: LIMITS });
});
afterAll(() => t.close());
// The invariant of DESIGN §4: whatever happened, UPLOADS_DIR holds exactly the files the database names.
afterEach(async () => {
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

function post(url: string, parts: FormPart[], headers: Record<string, string> = t.admin) {
  const body = multipartBody(parts);
  return t.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

const upload = (filename: string, content: Buffer | string, contentType?: string) =>
  post('/api/downloads', [{ name: 'file', filename, content, ...(contentType ? { contentType } : {}) }]);

describe('sniffing', () => {
  it('takes the type from the content, not from the name or the Content-Type the client claims', async () => {
    const response = await upload('foto.txt', await png(4, 4), 'text/plain');
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({ filename: 'foto.txt', type: 'image/png' });
    expect(data.file_url).toMatch(/^\/files\/[a-f0-9-]+\.png$/);
    const served = await t.inject({ method: 'GET', url: data.file_url });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('accepts .txt and .csv as text only when they are UTF-8; anything unknown becomes .bin', async () => {
    const text = (await upload('Liste.csv', 'Name;Ort\nMüller;Dorf\n')).json().data;
    expect(text.type).toBe('text/csv');
    expect(text.file_url).toMatch(/\.csv$/);
    const latin1 = (await upload('alt.txt', Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).json().data;
    expect(latin1.type).toBe('application/octet-stream');
    expect(latin1.file_url).toMatch(/\.bin$/);
    const page = (await upload('seite.html', HTML_PAGE, 'text/html')).json().data;
    expect(page.type).toBe('application/octet-stream');
    expect(page.file_url).toMatch(/\.bin$/);
  });
});

describe('limits', () => {
  it.each([
    ['download', '/api/downloads', [] as FormPart[], 'file', LIMITS.download, '2 KB'],
    ['result', '/api/results', [{ name: 'section', value: 'gun' }, { name: 'internal', value: '1' }], 'file', LIMITS.result, '3 KB'],
  ])('a %s of exactly the limit is stored, one byte more answers 413 and stores nothing', async (_kind, url, fields, field, limit, label) => {
    const ok = await post(url, [...fields, { name: field, filename: 'a.pdf', content: pdf(limit) }]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.size).toBe(limit);
    const before = await filesIn(t.uploadsDir);
    const over = await post(url, [...fields, { name: field, filename: 'b.pdf', content: pdf(limit + 1) }]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: `Die Datei ist zu groß. Erlaubt sind höchstens ${label}.` });
    expect(await filesIn(t.uploadsDir)).toEqual(before);
  });

  it('a logo one byte over its limit answers 413', async () => {
    const image = await png(20, 20);
    const content = Buffer.concat([image, Buffer.alloc(LIMITS.logo + 1 - image.length)]);
    const response = await post('/api/sponsors', [{ name: 'name', value: 'Bäckerei' }, { name: 'logo', filename: 'logo.png', content }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 4 KB.');
  });

  it('refuses a second file in one request (413) and keeps neither', async () => {
    const response = await post('/api/downloads', [
      { name: 'file', filename: 'erste.pdf', content: pdf() },
      { name: 'file', filename: 'zweite.pdf', content: pdf() },
    ]);
    expect(response.statusCode).toBe(413);
    expect(await t.db.selectFrom('downloads').select('id').where('filename', 'in', ['erste.pdf', 'zweite.pdf']).execute()).toEqual([]);
  });
});

describe('checks before the file', () => {
  // An oversized file would answer 413 once read: a different answer proves it was never stored.
  it('refuses an anonymous visitor, a missing permission and bad fields sent before the file without reading it', async () => {
    const oversized = pdf(LIMITS.result + 10);
    const anonymous = await post('/api/results', [{ name: 'section', value: 'gun' }, { name: 'file', filename: 'a.pdf', content: oversized }], {});
    expect(anonymous.statusCode).toBe(401);
    const member = await t.createMember(['dashboard_create']);
    const forbidden = await post('/api/results', [{ name: 'section', value: 'arch' }, { name: 'file', filename: 'a.pdf', content: oversized }], member.auth);
    expect(forbidden.statusCode).toBe(403);
    const badName = await post('/api/sponsors', [{ name: 'name', value: '' }, { name: 'logo', filename: 'l.png', content: Buffer.alloc(LIMITS.logo + 10) }]);
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors).toEqual({ name: ['Der Sponsorname darf nicht leer gelassen werden!'] });
  });
});

describe('failures leave nothing behind', () => {
  it('an upload whose client disconnects mid-body leaves no file and no row', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const rowsBefore = (await t.db.selectFrom('downloads').select('id').execute()).length;
    const boundary = 'abbruch';
    const partHead =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.pdf"\r\n` + 'Content-Type: application/pdf\r\n\r\n';
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      'POST /api/downloads HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: ${t.admin.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
        partHead +
        '%PDF-1.4\n' +
        'x'.repeat(1000),
    );
    await waitFor(async () => (await filesIn(t.uploadsDir)).some((name) => name.startsWith('.upload-')), 'the temporary file');
    socket.destroy();
    await waitFor(async () => !(await filesIn(t.uploadsDir)).some((name) => name.startsWith('.upload-')), 'its removal');
    expect((await t.db.selectFrom('downloads').select('id').execute()).length).toBe(rowsBefore);
  });

  it('a database write that fails after the file was placed removes the file again (500)', async () => {
    const before = await filesIn(t.uploadsDir);
    await t.db.schema.alterTable('downloads').renameTo('downloads_away').execute();
    try {
      const response = await upload('bericht.pdf', pdf());
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Interner Serverfehler' });
      expect(await filesIn(t.uploadsDir)).toEqual(before);
    } finally {
      await t.db.schema.alterTable('downloads_away').renameTo('downloads').execute();
    }
  });
});

describe('malformed bodies', () => {
  it.each([
    ['without a boundary', 'multipart/form-data', '--abc\r\n'],
    ['cut off inside the file', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 abc'],
  ])('answers 400 to a multipart body %s, not a server fault', async (_what, contentType, payload) => {
    const response = await t.inject({ method: 'POST', url: '/api/downloads', headers: { ...t.admin, 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Die Anfrage ist ungültig.' });
  });

  it('answers 415 to a file sent where no file is taken, and changes nothing', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/public/info/best_shot' })).json();
    const body = multipartBody([{ name: 'text', value: 'Per Formular' }]);
    const response = await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: { ...t.admin, ...body.headers }, payload: body.payload });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Dieses Anfrageformat wird nicht unterstützt.' });
    expect((await t.inject({ method: 'GET', url: '/api/public/info/best_shot' })).json()).toEqual(before);
  });
});

describe('names and paths', () => {
  it('keeps a traversal filename only as data; the stored name is generated', async () => {
    const response = await upload('../../../etc/passwd.pdf', pdf());
    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data.filename).toBe('passwd.pdf');
    expect(data.file_url).toMatch(/^\/files\/[a-f0-9-]{36}\.pdf$/);
    const windows = (await upload('C:\\fakepath\\..\\Bericht.pdf', pdf())).json().data;
    expect(windows.filename).toBe('Bericht.pdf');
  });

  it.each(['/files/..%2F..%2Fpackage.json', '/files/%2E%2E%2Fpackage.json', '/files/../package.json', '/files/.upload-x', '/files/a/b.pdf', '/files/ABC.pdf', '/files/x'])(
    'serves nothing outside the stored names: %s',
    async (url) => {
      const response = await t.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"name"');
    },
  );

  it('a well-formed name that no row names is not served', async () => {
    const response = await t.inject({ method: 'GET', url: '/files/00000000-0000-0000-0000-000000000000.pdf' });
    expect(response.statusCode).toBe(404);
  });
});

describe('serving', () => {
  it('sends the real type, nosniff and a year of immutable caching; PDFs inline with their name', async () => {
    const { data } = (await upload('Ergebnisse Müller.pdf', pdf())).json();
    const response = await t.inject({ method: 'GET', url: data.file_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-disposition']).toBe(`inline; filename="Ergebnisse M_ller.pdf"; filename*=UTF-8''Ergebnisse%20M%C3%BCller.pdf`);
    expect(response.rawPayload.equals(pdf())).toBe(true);
  });

  it.each([
    ['seite.html', HTML_PAGE],
    ['bild.svg', SVG_IMAGE],
    ['bild-mit-prolog.svg', `<?xml version="1.0" encoding="UTF-8"?>\n${SVG_IMAGE}`],
    ['daten.xml', '<?xml version="1.0"?><a>1</a>'],
    ['skript.js', 'alert(1)'],
  ])('sends %s as attachment, never as a page', async (filename, content) => {
    const { data } = (await upload(filename, content)).json();
    const response = await t.inject({ method: 'GET', url: data.file_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).not.toMatch(/html|svg|javascript/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps a small file with its answer: sent again as it was, without asking the database, until the site writes', async () => {
    const { data } = (await upload('Startliste.pdf', pdf())).json();
    const first = await t.inject({ method: 'GET', url: data.file_url });
    // Behind the site's back, so only a kept answer still names the old file name.
    await t.db.updateTable('downloads').set({ filename: 'Umbenannt.pdf' }).where('id', '=', data.id).execute();
    const again = await t.inject({ method: 'GET', url: data.file_url });
    expect(again.statusCode).toBe(200);
    const { date: _first, ...firstHeaders } = first.headers;
    const { date: _again, ...againHeaders } = again.headers;
    expect(againHeaders).toEqual(firstHeaders);
    expect(again.rawPayload.equals(pdf())).toBe(true);
    const head = await t.inject({ method: 'HEAD', url: data.file_url });
    expect(head.headers['content-length']).toBe(String(pdf().length));
    expect(head.body).toBe('');
    // Any write of the site drops what is kept.
    await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: t.admin, payload: { text: 'Neu' } });
    expect((await t.inject({ method: 'GET', url: data.file_url })).headers['content-disposition']).toContain('Umbenannt.pdf');
  });

  it('deleting a download deletes its file; the URL then answers 404, also after it was kept in memory', async () => {
    const { data } = (await upload('weg.pdf', pdf())).json();
    const name = data.file_url.slice('/files/'.length);
    expect(await filesIn(t.uploadsDir)).toContain(name);
    expect((await t.inject({ method: 'GET', url: data.file_url })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: data.file_url })).statusCode).toBe(200);
    const removed = await t.inject({ method: 'DELETE', url: `/api/downloads/${data.id}`, headers: t.admin });
    expect(removed.statusCode).toBe(200);
    expect(await filesIn(t.uploadsDir)).not.toContain(name);
    expect((await t.inject({ method: 'GET', url: data.file_url })).statusCode).toBe(404);
  });
});

describe('the create procedures', () => {
  it('cannot be fed a file over /trpc: JSON never is a received file', async () => {
    const before = await filesIn(t.uploadsDir);
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/downloads.create',
      headers: { ...t.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: { kind: 'download', tempPath: '/etc/passwd', originalName: 'x', size: 1, type: { ext: 'pdf', mime: 'application/pdf' } } }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Bitte wähle eine Datei aus.');
    expect(await filesIn(t.uploadsDir)).toEqual(before);
  });
});

describe('temporary files', () => {
  it('start-up clears temporary files a crash left behind, but not the young ones of running uploads', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'club-storage-'));
    try {
      await writeFile(join(dir, '.upload-alt'), 'x');
      await writeFile(join(dir, '.upload-neu'), 'x');
      await writeFile(join(dir, '0a1b.pdf'), 'x');
      const old = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      await utimes(join(dir, '.upload-alt'), old, old);
      await createStorage({ dir }).prepare();
      expect(await filesIn(dir)).toEqual(['.upload-neu', '0a1b.pdf']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
