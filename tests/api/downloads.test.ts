import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { filesIn, namesInDatabase, pdf, postForm } from '../helpers/multipart.ts';

let t: TestApp;
let viewer: { authorization: string };
let creator: { authorization: string };
let deleter: { authorization: string };
let nobody: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  viewer = (await t.createMember(['dashboard_view'])).auth;
  creator = (await t.createMember(['dashboard_create'])).auth;
  deleter = (await t.createMember(['dashboard_delete'])).auth;
  nobody = (await t.createMember(['dashboard_update', 'log_view'])).auth;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

const upload = (headers: Record<string, string>, filename = 'Satzung.pdf', content: Buffer | string = pdf()) =>
  postForm(t, '/api/downloads', [{ name: 'file', filename, content }], headers);

async function logLines(): Promise<string[]> {
  return (await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
}

describe('POST /api/downloads', () => {
  it('answers 401 to anonymous visitors and 403 without dashboard_create; stores nothing', async () => {
    const anonymous = await upload({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toMatch(/nicht angemeldet/);
    for (const headers of [viewer, deleter, nobody]) {
      const response = await upload(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Dir fehlt die Berechtigung für diese Aktion.' });
    }
    expect(await t.db.selectFrom('downloads').select('id').execute()).toEqual([]);
    expect(await filesIn(t.uploadsDir)).toEqual([]);
  });

  it('stores any file with dashboard_create (201) and logs it', async () => {
    const response = await upload(creator, 'Aufnahmeantrag 2026.pdf');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: 'Download angelegt',
      data: { id: expect.any(Number), filename: 'Aufnahmeantrag 2026.pdf', file_url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.pdf$/), size: pdf().length, type: 'application/pdf' },
    });
    const served = await t.inject({ method: 'GET', url: body.data.file_url });
    expect(served.rawPayload.equals(pdf())).toBe(true);
    expect(await logLines()).toContain(`Download „Aufnahmeantrag 2026.pdf“ (${pdf().length} Bytes) angelegt`);

    const zip = await upload(creator, 'fotos.zip', Buffer.from('504b0304140000000800', 'hex'));
    expect(zip.statusCode).toBe(201);
    expect(zip.json().data.type).toBe('application/zip');
  });

  it('answers 422 without a file (empty part, other field name, JSON body) and stores nothing', async () => {
    const empty = await upload(creator, '', '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'Bitte wähle eine Datei aus.', errors: { file: ['Bitte wähle eine Datei aus.'] } });
    const otherField = await postForm(t, '/api/downloads', [{ name: 'datei', filename: 'a.pdf', content: pdf() }], creator);
    expect(otherField.statusCode).toBe(422);
    expect(otherField.json().message).toBe('Bitte wähle eine Datei aus.');
    const json = await t.inject({ method: 'POST', url: '/api/downloads', headers: { ...creator, 'content-type': 'application/json' }, payload: '{}' });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toBe('Bitte wähle eine Datei aus.');
  });
});

describe('GET /api/downloads and /api/public/downloads', () => {
  it('lists id, filename, file_url, size and type; the back-office list needs dashboard_view', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/downloads' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/downloads', headers: creator })).statusCode).toBe(403);
    const list = await t.inject({ method: 'GET', url: '/api/downloads', headers: viewer });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.map((d: { filename: string }) => d.filename)).toEqual(['Aufnahmeantrag 2026.pdf', 'fotos.zip']);
    expect(Object.keys(data[0]).sort()).toEqual(['file_url', 'filename', 'id', 'size', 'type']);
    const publicList = await t.inject({ method: 'GET', url: '/api/public/downloads' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toEqual({ data });
  });

  it('serves the same lists through tRPC', async () => {
    const anonymous = await t.callerAs(null);
    expect((await anonymous.downloads.publicList()).length).toBe(2);
    await expect(anonymous.downloads.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('DELETE /api/downloads/{id}', () => {
  it('answers 401, 403 without dashboard_delete, 404 for unknown ids, and deletes row and file with it', async () => {
    const { data } = (await upload(creator, 'alt.pdf')).json();
    const url = `/api/downloads/${data.id}`;
    expect((await t.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url, headers: creator })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: '/api/downloads/9999', headers: deleter })).statusCode).toBe(404);
    expect(await filesIn(t.uploadsDir)).toContain(data.file_url.slice('/files/'.length));

    const removed = await t.inject({ method: 'DELETE', url, headers: deleter });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Download gelöscht', data: { id: data.id } });
    expect(await filesIn(t.uploadsDir)).not.toContain(data.file_url.slice('/files/'.length));
    expect(await logLines()).toContain('Download „alt.pdf“ gelöscht');
  });

  it('deletes through the tRPC procedure as well', async () => {
    const { data } = (await upload(creator, 'trpc.pdf')).json();
    const member = await t.createMember(['dashboard_delete']);
    const caller = await t.callerAs(member.id);
    await expect(caller.downloads.delete({ id: data.id })).resolves.toMatchObject({ message: 'Download gelöscht' });
    const forbidden = await t.callerAs((await t.createMember(['dashboard_view'])).id);
    await expect(forbidden.downloads.delete({ id: data.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('session cookie', () => {
  it('needs X-Requested-With for an upload with the session cookie', async () => {
    const member = await t.createMember(['dashboard_create']);
    const session = await t.login(member.uid, MEMBER_PASSWORD);
    const without = await upload({ cookie: session.cookie });
    expect(without.statusCode).toBe(403);
    const withHeader = await upload(session, 'mit-cookie.pdf');
    expect(withHeader.statusCode).toBe(201);
  });
});

describe('cached public list (DESIGN §8)', () => {
  const publicList = (etag?: string) => t.inject({ method: 'GET', url: '/api/public/downloads', headers: etag ? { 'if-none-match': etag } : {} });
  const filenames = (response: { json: () => { data: { filename: string }[] } }) => response.json().data.map((d) => d.filename);

  it('sends an ETag and answers 304 on a match; an upload and a delete show at once, over REST and tRPC', async () => {
    const first = await publicList();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await publicList(etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const anonymous = await t.callerAs(null);
    expect((await anonymous.downloads.publicList()).map((d) => d.filename)).not.toContain('Neu im Cache.pdf');

    const { data } = (await upload(creator, 'Neu im Cache.pdf')).json();
    const afterUpload = await publicList(etag);
    expect(afterUpload.statusCode).toBe(200);
    expect(afterUpload.headers.etag).not.toBe(etag);
    expect(filenames(afterUpload)).toContain('Neu im Cache.pdf');
    expect((await anonymous.downloads.publicList()).map((d) => d.filename)).toContain('Neu im Cache.pdf');

    expect((await t.inject({ method: 'DELETE', url: `/api/downloads/${data.id}`, headers: deleter })).statusCode).toBe(200);
    const afterDelete = await publicList(afterUpload.headers.etag);
    expect(afterDelete.statusCode).toBe(200);
    expect(filenames(afterDelete)).not.toContain('Neu im Cache.pdf');
    expect((await anonymous.downloads.publicList()).map((d) => d.filename)).not.toContain('Neu im Cache.pdf');
  });
});
