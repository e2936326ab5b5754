import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_MESSAGE } from '../../src/shared/schemas/files.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, HTML_PAGE, namesInDatabase, pdf, png, postForm, type FormPart } from '../helpers/multipart.ts';

let t: TestApp;
let viewer: { authorization: string };
let creator: { authorization: string };
let updater: { authorization: string };
let deleter: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  viewer = (await t.createMember(['dashboard_view'])).auth;
  creator = (await t.createMember(['dashboard_create'])).auth;
  updater = (await t.createMember(['dashboard_update'])).auth;
  deleter = (await t.createMember(['dashboard_delete'])).auth;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

const filePart = (content: Buffer | string = pdf(), filename = 'Rundenwettkampf.pdf'): FormPart => ({ name: 'file', filename, content });
const fields = (section: string, internal = '1'): FormPart[] => [
  { name: 'section', value: section },
  { name: 'internal', value: internal },
];
const upload = (parts: FormPart[], headers: Record<string, string>) => postForm(t, '/api/results', parts, headers);
const rowCount = async () => (await t.db.selectFrom('results').select('id').execute()).length;

describe('POST /api/results permissions (SPEC §6)', () => {
  it('answers 401 to anonymous visitors', async () => {
    expect((await upload([...fields('gun'), filePart()], {})).statusCode).toBe(401);
  });

  it.each([
    ['gun', 'dashboard_create', 'dashboard_update'],
    ['arch', 'dashboard_update', 'dashboard_create'],
    ['blowpipe', 'dashboard_update', 'dashboard_create'],
  ])('a %s result needs %s (201); %s alone is refused (403)', async (section, _needed, _other) => {
    const allowed = section === 'gun' ? creator : updater;
    const refused = section === 'gun' ? updater : creator;
    const before = await rowCount();
    for (const headers of [refused, viewer, deleter]) {
      const response = await upload([...fields(section), filePart()], headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
      // Section after the file: the permission is decided after the fields arrive, and the file goes again.
      expect((await upload([filePart(), ...fields(section)], headers)).statusCode).toBe(403);
    }
    expect(await rowCount()).toBe(before);
    const response = await upload([...fields(section, '0'), filePart()], allowed);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Ergebnis angelegt',
      data: {
        id: expect.any(Number),
        filename: 'Rundenwettkampf.pdf',
        file_url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.pdf$/),
        section,
        internal: false,
        size: pdf().length,
      },
    });
  });

  it('takes the fields in either order and internal as 0/1', async () => {
    const response = await upload([filePart(pdf(), 'Vereinsmeisterschaft.pdf'), ...fields('gun', '1')], creator);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ section: 'gun', internal: true, filename: 'Vereinsmeisterschaft.pdf' });
  });
});

describe('POST /api/results validation', () => {
  it.each([
    ['an HTML file named bericht.pdf', HTML_PAGE, 'bericht.pdf'],
    ['a PNG', 'png', 'bericht.pdf'],
    ['a text file', 'Ergebnisse: 1. Platz', 'bericht.txt'],
  ])('refuses %s (422: only PDF) and stores nothing', async (_what, content, filename) => {
    const body = content === 'png' ? await png(5, 5) : content;
    const before = await rowCount();
    const response = await upload([...fields('gun'), filePart(body, filename)], creator);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Nur PDF-Dateien sind erlaubt.', errors: { file: ['Nur PDF-Dateien sind erlaubt.'] } });
    expect(await rowCount()).toBe(before);
  });

  it('answers 422 without a file, or with an unknown section in either order', async () => {
    const missing = await upload(fields('gun'), creator);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ file: ['Bitte wähle eine Datei aus.'] });
    for (const parts of [[...fields('lg'), filePart()], [filePart(), ...fields('lg')]]) {
      const response = await upload(parts, t.admin);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: SECTION_MESSAGE, errors: { section: [SECTION_MESSAGE] } });
    }
    const internal = await upload([...fields('gun', 'ja'), filePart()], t.admin);
    expect(internal.statusCode).toBe(422);
    expect(Object.keys(internal.json().errors)).toEqual(['internal']);
  });
});

describe('GET /api/results and /api/public/results', () => {
  it('lists id, filename, file_url, section, internal and size, newest first, optionally per section', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/results' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/results', headers: creator })).statusCode).toBe(403);
    const list = await t.inject({ method: 'GET', url: '/api/results', headers: viewer });
    expect(list.statusCode).toBe(200);
    const data = list.json().data as { id: number; section: string }[];
    expect(data.map((r) => r.section)).toEqual(['gun', 'blowpipe', 'arch', 'gun']);
    expect(Object.keys(data[0]!).sort()).toEqual(['file_url', 'filename', 'id', 'internal', 'section', 'size']);
    const publicList = await t.inject({ method: 'GET', url: '/api/public/results' });
    expect(publicList.json()).toEqual({ data });
    const gun = await t.inject({ method: 'GET', url: '/api/public/results?section=gun' });
    expect(gun.json().data.map((r: { section: string }) => r.section)).toEqual(['gun', 'gun']);
    expect((await t.inject({ method: 'GET', url: '/api/public/results?section=lg' })).statusCode).toBe(422);
  });

  it('serves a result inline as PDF under its original name', async () => {
    const [latest] = (await t.inject({ method: 'GET', url: '/api/public/results' })).json().data;
    const response = await t.inject({ method: 'GET', url: latest.file_url });
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="Vereinsmeisterschaft.pdf"; filename*=UTF-8''Vereinsmeisterschaft.pdf`);
  });
});

describe('DELETE /api/results/{id}', () => {
  it('answers 401, 403 without dashboard_delete, 404 unknown, and deletes row and file', async () => {
    const { data } = (await upload([...fields('arch'), filePart()], updater)).json();
    const url = `/api/results/${data.id}`;
    expect((await t.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url, headers: creator })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url, headers: updater })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: '/api/results/9999', headers: deleter })).statusCode).toBe(404);
    const removed = await t.inject({ method: 'DELETE', url, headers: deleter });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Ergebnis gelöscht', data: { id: data.id } });
    expect((await t.inject({ method: 'GET', url: data.file_url })).statusCode).toBe(404);
  });
});

describe('cached public list (DESIGN §8)', () => {
  const publicList = (query = '', etag?: string) =>
    t.inject({ method: 'GET', url: `/api/public/results${query}`, headers: etag ? { 'if-none-match': etag } : {} });
  const ids = (response: { json: () => { data: { id: number }[] } }) => response.json().data.map((r) => r.id);

  it('sends an ETag per list and answers 304 on a match; an upload and a delete show at once in every list', async () => {
    const all = await publicList();
    const arch = await publicList('?section=arch');
    const allEtag = all.headers.etag as string;
    const archEtag = arch.headers.etag as string;
    expect(allEtag).toMatch(/^"[\w-]+"$/);
    expect(archEtag).not.toBe(allEtag);
    expect((await publicList('', allEtag)).statusCode).toBe(304);
    expect((await publicList('?section=arch', archEtag)).statusCode).toBe(304);
    const anonymous = await t.callerAs(null);
    const before = (await anonymous.results.publicList({ section: 'arch' })).length;

    const { data } = (await upload([...fields('arch', '0'), filePart(pdf(), 'Turnier.pdf')], updater)).json();
    const archAfter = await publicList('?section=arch', archEtag);
    expect(archAfter.statusCode).toBe(200);
    expect(ids(archAfter)[0]).toBe(data.id);
    expect(ids(await publicList('', allEtag))).toContain(data.id);
    expect((await publicList('?section=gun')).json().data.map((r: { id: number }) => r.id)).not.toContain(data.id);
    expect((await anonymous.results.publicList({ section: 'arch' })).length).toBe(before + 1);

    expect((await t.inject({ method: 'DELETE', url: `/api/results/${data.id}`, headers: deleter })).statusCode).toBe(200);
    const archDeleted = await publicList('?section=arch', archAfter.headers.etag);
    expect(archDeleted.statusCode).toBe(200);
    expect(ids(archDeleted)).not.toContain(data.id);
    expect((await anonymous.results.publicList({ section: 'arch' })).length).toBe(before);
  });
});
