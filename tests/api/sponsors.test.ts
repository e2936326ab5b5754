import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { URL_MESSAGE } from '../../src/shared/schemas/files.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, HTML_PAGE, jpegWithExif, namesInDatabase, png, postForm, SVG_IMAGE, type FormPart } from '../helpers/multipart.ts';

// The real limits: the 5 MB logo limit is the smallest, cheap enough to send for real.
let t: TestApp;
let viewer: { authorization: string };
let creator: { authorization: string };
let deleter: { authorization: string };
let logo: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  viewer = (await t.createMember(['dashboard_view'])).auth;
  creator = (await t.createMember(['dashboard_create'])).auth;
  deleter = (await t.createMember(['dashboard_delete'])).auth;
  logo = await png(1600, 400);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

const logoPart = (content: Buffer | string = logo, filename = 'logo.png'): FormPart => ({ name: 'logo', filename, content });
const create = (parts: FormPart[], headers: Record<string, string> = creator) => postForm(t, '/api/sponsors', parts, headers);

async function served(url: string): Promise<Buffer> {
  const response = await t.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describe('POST /api/sponsors', () => {
  it('answers 401 anonymous and 403 without dashboard_create, storing nothing', async () => {
    const parts = [{ name: 'name', value: 'Bäckerei Korn' }, logoPart()];
    expect((await create(parts, {})).statusCode).toBe(401);
    expect((await create(parts, viewer)).statusCode).toBe(403);
    expect((await create(parts, deleter)).statusCode).toBe(403);
    expect(await filesIn(t.uploadsDir)).toEqual([]);
  });

  it('stores the logo re-encoded as WebP, at most 800 px wide, and answers id, name, url, image', async () => {
    const response = await create([{ name: 'name', value: 'Bäckerei Korn' }, { name: 'url', value: 'https://korn.example' }, logoPart()]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: 'Sponsor angelegt',
      data: { id: expect.any(Number), name: 'Bäckerei Korn', url: 'https://korn.example', image: expect.stringMatching(/^\/files\/[a-f0-9-]+\.webp$/) },
    });
    const image = await served(body.data.image);
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 200 });
  });

  it('never enlarges a small logo and strips its metadata (EXIF)', async () => {
    const source = await jpegWithExif(120, 60);
    expect((await sharp(source).metadata()).exif).toBeDefined();
    const response = await create([logoPart(source, 'foto.jpg'), { name: 'name', value: 'Kamera-Laden' }]);
    expect(response.statusCode).toBe(201);
    const meta = await sharp(await served(response.json().data.image)).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 120, height: 60 });
    expect(meta.exif).toBeUndefined();
    expect(response.json().data.url).toBe('');
  });

  it('applies the EXIF orientation before the metadata goes', async () => {
    const sideways = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#123' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await create([{ name: 'name', value: 'Hochkant' }, logoPart(sideways, 'hoch.jpg')]);
    expect(response.statusCode).toBe(201);
    const meta = await sharp(await served(response.json().data.image)).metadata();
    expect(meta).toMatchObject({ width: 60, height: 120 });
    expect(meta.orientation).toBeUndefined();
  });

  it.each([
    ['an SVG', SVG_IMAGE, 'logo.svg'],
    ['HTML named like a PNG', HTML_PAGE, 'logo.png'],
    ['a PDF', '%PDF-1.4\n%%EOF\n', 'logo.png'],
  ])('refuses %s as logo (422) and stores nothing', async (_what, content, filename) => {
    const response = await create([{ name: 'name', value: 'Falsch' }, logoPart(content, filename)]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Das Logo muss ein Bild im Format PNG, JPEG, WebP oder GIF sein.',
      errors: { logo: ['Das Logo muss ein Bild im Format PNG, JPEG, WebP oder GIF sein.'] },
    });
  });

  it('answers 422 without a logo', async () => {
    const response = await create([{ name: 'name', value: 'Ohne Logo' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Bitte wähle ein Logo aus.', errors: { logo: ['Bitte wähle ein Logo aus.'] } });
  });

  it.each([
    [{ name: '' }, 'name', 'Der Sponsorname darf nicht leer gelassen werden!'],
    [{}, 'name', 'Der Sponsorname darf nicht leer gelassen werden!'],
    [{ name: 'x'.repeat(256) }, 'name', 'Der Sponsorname darf nicht länger als 255 Zeichen sein!'],
    [{ name: 'Firma', url: 'www.firma.de' }, 'url', URL_MESSAGE],
    [{ name: 'Firma', url: 'ftp://firma.de' }, 'url', URL_MESSAGE],
    [{ name: 'Firma', url: `https://${'a'.repeat(250)}.de` }, 'url', 'Die Internetadresse darf nicht länger als 255 Zeichen sein!'],
  ])('validates %j whether the fields come before or after the logo', async (fields, field, message) => {
    const textParts = Object.entries(fields).map(([name, value]) => ({ name, value }));
    for (const parts of [[...textParts, logoPart()], [logoPart(), ...textParts]]) {
      const response = await create(parts);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    }
  });

  it('accepts a logo of exactly 5 MB and refuses one byte more (413, real limit)', async () => {
    const limit = 5 * 1024 * 1024;
    const over = await create([{ name: 'name', value: 'Zu groß' }, logoPart(Buffer.concat([logo, Buffer.alloc(limit + 1 - logo.length)]))]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'Die Datei ist zu groß. Erlaubt sind höchstens 5 MB.' });
    // PNG readers ignore bytes after the IEND chunk, so the padded file is still the image.
    const exact = await create([{ name: 'name', value: 'Genau 5 MB' }, logoPart(Buffer.concat([logo, Buffer.alloc(limit - logo.length)]))]);
    expect(exact.statusCode).toBe(201);
  });
});

describe('GET /api/sponsors and /api/public/sponsors', () => {
  it('lists sponsors by name; the back-office list needs dashboard_view', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/sponsors' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/sponsors', headers: creator })).statusCode).toBe(403);
    const list = await t.inject({ method: 'GET', url: '/api/sponsors', headers: viewer });
    expect(list.statusCode).toBe(200);
    const data = list.json().data;
    expect(data.map((s: { name: string }) => s.name)).toEqual(['Bäckerei Korn', 'Genau 5 MB', 'Hochkant', 'Kamera-Laden']);
    expect(Object.keys(data[0]).sort()).toEqual(['id', 'image', 'name', 'url']);
    const publicList = await t.inject({ method: 'GET', url: '/api/public/sponsors' });
    expect(publicList.json()).toEqual({ data });
  });
});

describe('DELETE /api/sponsors/{id}', () => {
  it('answers 401, 403 without dashboard_delete, 404 unknown, and deletes the logo with the row', async () => {
    const { data } = (await create([{ name: 'name', value: 'Weg damit' }, logoPart()])).json();
    const url = `/api/sponsors/${data.id}`;
    expect((await t.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url, headers: creator })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: '/api/sponsors/9999', headers: deleter })).statusCode).toBe(404);
    const removed = await t.inject({ method: 'DELETE', url, headers: deleter });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Sponsor gelöscht', data: { id: data.id } });
    expect((await t.inject({ method: 'GET', url: data.image })).statusCode).toBe(404);
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
    expect(log).toContain('Sponsor „Weg damit“ gelöscht');
  });
});

describe('cached public list (DESIGN §8)', () => {
  const publicList = (etag?: string) => t.inject({ method: 'GET', url: '/api/public/sponsors', headers: etag ? { 'if-none-match': etag } : {} });
  const names = (response: { json: () => { data: { name: string }[] } }) => response.json().data.map((s) => s.name);

  it('sends an ETag and answers 304 on a match; a new and a deleted sponsor show at once, over REST and tRPC', async () => {
    const first = await publicList();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await publicList(etag)).statusCode).toBe(304);
    const anonymous = await t.callerAs(null);
    expect((await anonymous.sponsors.publicList()).map((s) => s.name)).not.toContain('Frisch im Cache');

    const { data } = (await create([{ name: 'name', value: 'Frisch im Cache' }, logoPart()])).json();
    const afterCreate = await publicList(etag);
    expect(afterCreate.statusCode).toBe(200);
    expect(afterCreate.headers.etag).not.toBe(etag);
    expect(names(afterCreate)).toContain('Frisch im Cache');
    expect((await anonymous.sponsors.publicList()).map((s) => s.name)).toContain('Frisch im Cache');

    expect((await t.inject({ method: 'DELETE', url: `/api/sponsors/${data.id}`, headers: deleter })).statusCode).toBe(200);
    const afterDelete = await publicList(afterCreate.headers.etag);
    expect(afterDelete.statusCode).toBe(200);
    expect(names(afterDelete)).not.toContain('Frisch im Cache');
    expect((await anonymous.sponsors.publicList()).map((s) => s.name)).not.toContain('Frisch im Cache');
  });
});
