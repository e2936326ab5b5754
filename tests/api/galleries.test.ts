import sharp, { type Metadata } from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { request as httpRequest } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { addMissingMediumVersions } from '../../src/server/areas/galleries/medium.ts';
import { filesIn, HTML_PAGE, multipartBody, namesInDatabase, png, postForm, waitFor, type FormPart } from '../helpers/multipart.ts';

/**
 * Albums and images (SPEC §7): every path, its permissions, and the image pipeline of
 * DESIGN §8 with fixtures made here by sharp. The image limit is lowered to 2 MB so that a
 * too large file is cheap to send; everything else is the real pipeline.
 */
let t: TestApp;
let viewer: { authorization: string };
let creator: { authorization: string };
let updater: { authorization: string };
let deleter: { authorization: string };
const IMAGE_LIMIT = 2 * 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp({ uploadLimits: { image: IMAGE_LIMIT } });
  viewer = (await t.createMember(['dashboard_view'])).auth;
  creator = (await t.createMember(['dashboard_create'])).auth;
  updater = (await t.createMember(['dashboard_update'])).auth;
  deleter = (await t.createMember(['dashboard_delete'])).auth;
});
afterAll(() => t.close());
afterEach(async () => {
  // UPLOADS_DIR holds exactly what the database names: no orphan, no temporary file.
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

async function createAlbum(name: string, section = 'club'): Promise<number> {
  const response = await t.inject({ method: 'POST', url: '/api/albums', headers: json(creator), payload: { name, section } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

const filePart = (content: Buffer | string, filename: string): FormPart => ({ name: 'files[]', filename, content });

function upload(albumId: number | string, files: FormPart[], headers: Record<string, string> = creator, section?: string) {
  const fields: FormPart[] = [{ name: 'album_id', value: String(albumId) }];
  if (section !== undefined) fields.unshift({ name: 'section', value: section });
  return postForm(t, '/api/images', [...fields, ...files], headers);
}

async function served(url: string): Promise<{ body: Buffer; type: string | undefined }> {
  const response = await t.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return { body: response.rawPayload, type: response.headers['content-type'] };
}

/** A camera photo lying on its side: 3000x1200 pixels, EXIF orientation 6 (turn 90° clockwise), camera and GPS tags. */
function sidewaysPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 1200, channels: 3, background: '#468' } })
    .jpeg({ quality: 60 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Testkamera', Model: 'Modell X', Copyright: 'Geheim' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 42/1 0/1' },
    })
    .toBuffer();
}

function expectNoMetadata(meta: Metadata) {
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
}

describe('albums', () => {
  it('POST /api/albums: 401 anonymous, 403 without dashboard_create, 201 with it', async () => {
    const payload = { name: 'Sommerfest', section: 'club' };
    expect((await t.inject({ method: 'POST', url: '/api/albums', headers: json({}), payload })).statusCode).toBe(401);
    for (const headers of [viewer, updater, deleter]) {
      expect((await t.inject({ method: 'POST', url: '/api/albums', headers: json(headers), payload })).statusCode).toBe(403);
    }
    const response = await t.inject({ method: 'POST', url: '/api/albums', headers: json(creator), payload });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Album angelegt',
      data: { id: expect.any(Number), name: 'Sommerfest', section: 'club', thumbnails: [] },
    });
    expect(await t.db.selectFrom('albums').select(['name', 'section']).where('id', '=', response.json().data.id).executeTakeFirst()).toEqual(payload);
  });

  it.each([
    [{ name: '', section: 'club' }, 'name', 'Der Albumname darf nicht leer gelassen werden!'],
    [{ name: '   ', section: 'club' }, 'name', 'Der Albumname darf nicht leer gelassen werden!'],
    [{ section: 'club' }, 'name', 'Der Albumname darf nicht leer gelassen werden!'],
    [{ name: 'x'.repeat(256), section: 'gun' }, 'name', 'Der Albumname darf nicht länger als 255 Zeichen sein!'],
    [{ name: 'Album', section: 'verein' }, 'section', 'Die Sparte muss club, gun, arch oder blowpipe sein!'],
  ])('refuses %j with 422 and stores nothing', async (payload, field, message) => {
    const before = await t.db.selectFrom('albums').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await t.inject({ method: 'POST', url: '/api/albums', headers: json(creator), payload });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { [field]: [message] } });
    const after = await t.db.selectFrom('albums').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('accepts a name of exactly 255 characters, counted as people count (emoji)', async () => {
    const name = `${'ä'.repeat(253)}🎯`;
    const response = await t.inject({ method: 'POST', url: '/api/albums', headers: json(creator), payload: { name, section: 'arch' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.name).toBe(name);
    await t.inject({ method: 'DELETE', url: `/api/albums/${response.json().data.id}`, headers: deleter });
  });

  it('GET /api/albums needs dashboard_view; ?section narrows; newest first; the public list is the same', async () => {
    const gun = await createAlbum('Rundenwettkampf', 'gun');
    expect((await t.inject({ method: 'GET', url: '/api/albums' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/albums', headers: creator })).statusCode).toBe(403);
    const all = await t.inject({ method: 'GET', url: '/api/albums', headers: viewer });
    expect(all.statusCode).toBe(200);
    const ids = all.json().data.map((album: { id: number }) => album.id);
    expect(ids[0]).toBe(gun);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const onlyGun = await t.inject({ method: 'GET', url: '/api/albums?section=gun', headers: viewer });
    expect(onlyGun.json().data.every((album: { section: string }) => album.section === 'gun')).toBe(true);
    expect(onlyGun.json().data.map((album: { id: number }) => album.id)).toContain(gun);
    const bad = await t.inject({ method: 'GET', url: '/api/albums?section=bogen', headers: viewer });
    expect(bad.statusCode).toBe(422);
    const publicList = await t.inject({ method: 'GET', url: '/api/public/albums' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json()).toEqual(all.json());
    expect(publicList.headers.etag).toBeDefined();
    const again = await t.inject({ method: 'GET', url: '/api/public/albums', headers: { 'if-none-match': publicList.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('PUT /api/albums/{id}: 401, 403 without dashboard_update, 404, 422, 200; the public list follows at once', async () => {
    const id = await createAlbum('Alter Name', 'blowpipe');
    const url = `/api/albums/${id}`;
    const before = (await t.inject({ method: 'GET', url: '/api/public/albums' })).json().data;
    expect(before.find((album: { id: number }) => album.id === id).name).toBe('Alter Name');
    const payload = { name: 'Neuer Name' };
    expect((await t.inject({ method: 'PUT', url, headers: json({}), payload })).statusCode).toBe(401);
    expect((await t.inject({ method: 'PUT', url, headers: json(creator), payload })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: '/api/albums/99999', headers: json(updater), payload })).statusCode).toBe(404);
    const tooLong = await t.inject({ method: 'PUT', url, headers: json(updater), payload: { name: 'y'.repeat(256) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe('Der Albumname darf nicht länger als 255 Zeichen sein!');
    const response = await t.inject({ method: 'PUT', url, headers: json(updater), payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Album gespeichert', data: { id, name: 'Neuer Name', section: 'blowpipe', thumbnails: [] } });
    const moved = await t.inject({ method: 'PUT', url, headers: json(updater), payload: { name: 'Neuer Name', section: 'arch' } });
    expect(moved.json().data.section).toBe('arch');
    const after = (await t.inject({ method: 'GET', url: '/api/public/albums' })).json().data;
    expect(after.find((album: { id: number }) => album.id === id)).toMatchObject({ name: 'Neuer Name', section: 'arch' });
  });
});

describe('POST /api/images', () => {
  it('answers 401 anonymous and 403 without dashboard_create, storing nothing', async () => {
    const album = await createAlbum('Geheim');
    const image = await png(40, 30);
    expect((await upload(album, [filePart(image, 'a.png')], {})).statusCode).toBe(401);
    for (const headers of [viewer, updater, deleter]) {
      const response = await upload(album, [filePart(image, 'a.png')], headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    }
    expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
  });

  it('turns a sideways JPEG with EXIF and GPS into two upright WebP files without metadata, within 2048 and 480 px', async () => {
    const album = await createAlbum('Ausflug');
    const source = await sidewaysPhoto();
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta).toMatchObject({ width: 3000, height: 1200, orientation: 6 });
    expect(sourceMeta.exif?.toString('latin1')).toContain('Testkamera');

    const response = await upload(album, [filePart(source, 'IMG_0001.jpg')], creator, 'club');
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: '1 Bild hochgeladen',
      failed: [],
      data: [
        {
          id: expect.any(Number),
          album_id: album,
          title: '',
          name: 'IMG_0001.jpg',
          url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.webp$/),
          thumbnail_url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.webp$/),
          medium_url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.webp$/),
          // Turned upright: 1200x3000, long side down to 2048.
          width: 819,
          height: 2048,
        },
      ],
    });
    const [image] = body.data;
    const display = await served(image.url);
    expect(display.type).toBe('image/webp');
    const displayMeta = await sharp(display.body).metadata();
    expect(displayMeta).toMatchObject({ format: 'webp', width: 819, height: 2048 });
    expectNoMetadata(displayMeta);
    const thumbnail = await served(image.thumbnail_url);
    expect(thumbnail.type).toBe('image/webp');
    const thumbMeta = await sharp(thumbnail.body).metadata();
    expect(thumbMeta.format).toBe('webp');
    expect(Math.max(thumbMeta.width, thumbMeta.height)).toBe(480);
    expect(thumbMeta.height).toBeGreaterThan(thumbMeta.width);
    expectNoMetadata(thumbMeta);
    // The phone version (issue 26.8): 1024 px on the long side, upright, no metadata.
    const medium = await served(image.medium_url);
    expect(medium.type).toBe('image/webp');
    const mediumMeta = await sharp(medium.body).metadata();
    expect(mediumMeta).toMatchObject({ format: 'webp', width: 410, height: 1024 });
    expectNoMetadata(mediumMeta);
    // No original is kept: exactly the three WebP files.
    expect(await t.db.selectFrom('images').select(['mime']).where('id', '=', image.id).executeTakeFirst()).toEqual({ mime: 'image/webp' });
  });

  it('stores a PNG without enlarging it, and several files of one request in their order', async () => {
    const album = await createAlbum('Klein');
    const response = await upload(album, [filePart(await png(300, 200), 'klein.png'), filePart(await png(100, 400), 'hoch.png')]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe('2 Bilder hochgeladen');
    expect(response.json().data.map((image: { name: string; width: number; height: number }) => [image.name, image.width, image.height])).toEqual([
      ['klein.png', 300, 200],
      ['hoch.png', 100, 400],
    ]);
    const thumbnail = await sharp((await served(response.json().data[0].thumbnail_url)).body).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('reads the first frame of a GIF and a WebP', async () => {
    const album = await createAlbum('Formate');
    const gif = await sharp({ create: { width: 90, height: 60, channels: 3, background: '#fa0' } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 3000, height: 100, channels: 3, background: '#0af' } }).webp().toBuffer();
    const response = await upload(album, [filePart(gif, 'animation.gif'), filePart(webp, 'panorama.webp')]);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.map((image: { width: number; height: number }) => [image.width, image.height])).toEqual([
      [90, 60],
      [2048, 68],
    ]);
  });

  it('refuses more than 50 images in one request (413) and keeps none of them', async () => {
    const album = await createAlbum('Zu viele');
    const small = await png(8, 8);
    const files = Array.from({ length: 51 }, (_, i) => filePart(small, `bild${i}.png`));
    const response = await upload(album, files);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Es können höchstens 50 Bilder auf einmal hochgeladen werden.' });
    expect(await t.db.selectFrom('images').select('id').where('album_id', '=', album).execute()).toEqual([]);
  });

  it('refuses HTML named foto.jpg (422) and leaves no file', async () => {
    const album = await createAlbum('Falsch');
    const response = await upload(album, [filePart(HTML_PAGE, 'foto.jpg')]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Nur Bilder im Format JPEG, PNG, WebP, GIF oder HEIC sind erlaubt.',
      errors: { files: ['foto.jpg: Nur Bilder im Format JPEG, PNG, WebP, GIF oder HEIC sind erlaubt.'] },
    });
    expect(await t.db.selectFrom('images').select('id').where('album_id', '=', album).execute()).toEqual([]);
  });

  it('stores the good files of a request and names the refused ones (wrong type, unreadable, too large)', async () => {
    const album = await createAlbum('Gemischt');
    // A JPEG header with nothing behind it: sniffed as JPEG, but sharp cannot decode it.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]);
    const tooLarge = Buffer.concat([await png(20, 20), Buffer.alloc(IMAGE_LIMIT)]);
    const response = await upload(album, [
      filePart(HTML_PAGE, 'foto.jpg'),
      filePart(await png(64, 48), 'gut.png'),
      filePart(broken, 'kaputt.jpg'),
      filePart(tooLarge, 'riesig.png'),
      filePart(await sidewaysPhoto(), 'auch-gut.jpg'),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('2 von 5 Bildern hochgeladen');
    expect(body.data.map((image: { name: string }) => image.name)).toEqual(['gut.png', 'auch-gut.jpg']);
    expect(body.failed).toEqual([
      { name: 'foto.jpg', message: 'Nur Bilder im Format JPEG, PNG, WebP, GIF oder HEIC sind erlaubt.' },
      { name: 'kaputt.jpg', message: 'Die Datei konnte nicht als Bild gelesen werden.' },
      { name: 'riesig.png', message: 'Die Datei ist zu groß. Erlaubt sind höchstens 2 MB.' },
    ]);
  });

  it('answers 413 when the only file is too large, 422 without any file', async () => {
    const album = await createAlbum('Leer');
    const tooLarge = await upload(album, [filePart(Buffer.concat([await png(20, 20), Buffer.alloc(IMAGE_LIMIT)]), 'riesig.png')]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 2 MB.');
    const none = await upload(album, []);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: 'Bitte wähle mindestens ein Bild aus.', errors: { files: ['Bitte wähle mindestens ein Bild aus.'] } });
    // A file input with nothing chosen still sends an empty, nameless part.
    const empty = await upload(album, [filePart('', '')]);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Bitte wähle mindestens ein Bild aus.');
  });

  it('refuses an unknown album (404) and another section than the album’s (422) before storing a file', async () => {
    const album = await createAlbum('Bogenturnier', 'arch');
    const unknown = await upload(99999, [filePart(await png(10, 10), 'a.png')]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Das Album gibt es nicht.');
    const wrong = await upload(album, [filePart(await png(10, 10), 'a.png')], creator, 'gun');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'Das Album gehört zu einer anderen Sparte.', errors: { section: ['Das Album gehört zu einer anderen Sparte.'] } });
    const badId = await upload('abc', [filePart(await png(10, 10), 'a.png')]);
    expect(badId.statusCode).toBe(422);
  });

  it('also accepts the fields after the files', async () => {
    const album = await createAlbum('Reihenfolge');
    const response = await postForm(t, '/api/images', [filePart(await png(30, 30), 'a.png'), { name: 'album_id', value: String(album) }], creator);
    expect(response.statusCode, response.body).toBe(201);
    const unknown = await postForm(t, '/api/images', [filePart(await png(30, 30), 'a.png'), { name: 'album_id', value: '99999' }], creator);
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps nothing when the client hangs up after sending the last byte but before the answer', async () => {
    const album = await createAlbum('Abgebrochen');
    // Large enough that turning it into WebP outlasts the hang-up.
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#777', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartBody([{ name: 'album_id', value: String(album) }, filePart(big, 'gross.jpg')]);
    // A real connection (closed with the app in afterAll): inject cannot hang up.
    const { port } = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    await new Promise<void>((resolve) => {
      const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/images', headers: { ...creator, ...headers, 'content-length': payload.length } });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.end(payload, () => setTimeout(() => request.destroy(), 50));
    });
    await waitFor(async () => (await filesIn(t.uploadsDir)).every((name) => !name.startsWith('.upload-')), 'temporary files removed', 15_000);
    // Rows would follow placed files within milliseconds; give them ample time to (not) appear.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await t.db.selectFrom('images').select('id').where('album_id', '=', album).execute()).toEqual([]);
  });

  it('gives an album the thumbnails of its first four images after six uploads', async () => {
    const album = await createAlbum('Sechs Bilder', 'gun');
    const urls: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const response = await upload(album, [filePart(await png(20 + i, 20), `bild${i}.png`)]);
      expect(response.statusCode).toBe(201);
      urls.push(response.json().data[0].thumbnail_url);
    }
    const publicAlbum = (await t.inject({ method: 'GET', url: '/api/public/albums?section=gun' })).json().data.find((a: { id: number }) => a.id === album);
    expect(publicAlbum.thumbnails).toEqual(urls.slice(0, 4));
    const backOffice = (await t.inject({ method: 'GET', url: '/api/albums', headers: viewer })).json().data.find((a: { id: number }) => a.id === album);
    expect(backOffice.thumbnails).toEqual(urls.slice(0, 4));
  });
});

describe('GET /api/images and /api/public/images', () => {
  it('lists all images, one album’s (?album_id) or one section’s; the back office needs dashboard_view', async () => {
    const album = await createAlbum('Liste', 'blowpipe');
    const other = await createAlbum('Andere', 'club');
    const stored = (await upload(album, [filePart(await png(20, 20), 'eins.png'), filePart(await png(20, 20), 'zwei.png')])).json().data;
    await upload(other, [filePart(await png(20, 20), 'fremd.png')]);
    expect((await t.inject({ method: 'GET', url: '/api/images' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/images', headers: creator })).statusCode).toBe(403);
    const mine = await t.inject({ method: 'GET', url: `/api/images?album_id=${album}`, headers: viewer });
    expect(mine.json()).toEqual({ data: stored });
    const publicMine = await t.inject({ method: 'GET', url: `/api/public/images?album_id=${album}` });
    expect(publicMine.json()).toEqual({ data: stored });
    const all = (await t.inject({ method: 'GET', url: '/api/public/images' })).json().data;
    expect(all.map((image: { name: string }) => image.name)).toEqual(expect.arrayContaining(['eins.png', 'zwei.png', 'fremd.png']));
    const blowpipe = (await t.inject({ method: 'GET', url: '/api/public/images?section=blowpipe' })).json().data;
    expect(blowpipe.map((image: { name: string }) => image.name)).toEqual(['eins.png', 'zwei.png']);
    const unknown = await t.inject({ method: 'GET', url: '/api/public/images?album_id=99999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Das Album gibt es nicht.');
  });
});

describe('cached public reads over tRPC', () => {
  it('answer galleries.publicAlbums and publicImages with an ETag and 304; an upload shows at once', async () => {
    const album = await createAlbum('Zwischenspeicher', 'gun');
    const albumsUrl = `/trpc/galleries.publicAlbums?input=${encodeURIComponent(JSON.stringify({ section: 'gun' }))}`;
    const imagesUrl = `/trpc/galleries.publicImages?input=${encodeURIComponent(JSON.stringify({ album_id: album }))}`;
    const urls = [albumsUrl, imagesUrl];
    const before = await Promise.all(urls.map((url) => t.inject({ method: 'GET', url })));
    for (const [index, response] of before.entries()) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      const again = await t.inject({ method: 'GET', url: urls[index]!, headers: { 'if-none-match': response.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
    const [image] = (await upload(album, [filePart(await png(20, 20), 'neu.png')])).json().data;
    const [albums, images] = await Promise.all(
      urls.map((url, index) => t.inject({ method: 'GET', url, headers: { 'if-none-match': before[index]!.headers.etag as string } })),
    );
    expect(albums!.statusCode).toBe(200);
    expect(albums!.json().result.data.find((entry: { id: number }) => entry.id === album).thumbnails).toEqual([image.thumbnail_url]);
    expect(images!.statusCode).toBe(200);
    expect(images!.json().result.data).toEqual([image]);
  });
});

describe('PUT /api/images/{id}', () => {
  it('sets the title with dashboard_update: 401, 403, 404, 422 over 255 characters', async () => {
    const album = await createAlbum('Titel');
    const [image] = (await upload(album, [filePart(await png(20, 20), 'titel.png')])).json().data;
    const url = `/api/images/${image.id}`;
    const publicBefore = await t.inject({ method: 'GET', url: `/api/public/images?album_id=${album}` });
    expect(publicBefore.json().data[0].title).toBe('');
    expect((await t.inject({ method: 'PUT', url, headers: json({}), payload: { title: 'x' } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'PUT', url, headers: json(creator), payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PUT', url: '/api/images/99999', headers: json(updater), payload: { title: 'x' } })).statusCode).toBe(404);
    const tooLong = await t.inject({ method: 'PUT', url, headers: json(updater), payload: { title: 't'.repeat(256) } });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({
      message: 'Der Bildtitel darf nicht länger als 255 Zeichen sein!',
      errors: { title: ['Der Bildtitel darf nicht länger als 255 Zeichen sein!'] },
    });
    const response = await t.inject({ method: 'PUT', url, headers: json(updater), payload: { title: '  Siegerehrung  ' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Bildtitel gespeichert', data: { ...image, title: 'Siegerehrung' } });
    const publicAfter = await t.inject({ method: 'GET', url: `/api/public/images?album_id=${album}` });
    expect(publicAfter.json().data[0].title).toBe('Siegerehrung');
  });
});

describe('deleting', () => {
  it('DELETE /api/images/{id}: 401, 403 without dashboard_delete, 404; removes its three files', async () => {
    const album = await createAlbum('Weg');
    const [image, kept] = (await upload(album, [filePart(await png(20, 20), 'weg.png'), filePart(await png(20, 20), 'bleibt.png')])).json().data;
    const url = `/api/images/${image.id}`;
    expect((await t.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url, headers: updater })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: '/api/images/99999', headers: deleter })).statusCode).toBe(404);
    const response = await t.inject({ method: 'DELETE', url, headers: deleter });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Bild gelöscht', data: { id: image.id } });
    for (const file of [image.url, image.thumbnail_url, image.medium_url]) expect((await t.inject({ method: 'GET', url: file })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
    const publicList = (await t.inject({ method: 'GET', url: `/api/public/images?album_id=${album}` })).json().data;
    expect(publicList.map((entry: { id: number }) => entry.id)).toEqual([kept.id]);
  });

  it('DELETE /api/albums/{id}: 401, 403, 404; removes the album, its images and all their files', async () => {
    const album = await createAlbum('Ganz weg', 'arch');
    const other = await createAlbum('Bleibt', 'arch');
    const images = (await upload(album, [filePart(await png(20, 20), 'a.png'), filePart(await png(20, 20), 'b.png')])).json().data;
    const [survivor] = (await upload(other, [filePart(await png(20, 20), 'c.png')])).json().data;
    const url = `/api/albums/${album}`;
    expect((await t.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url, headers: creator })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: '/api/albums/99999', headers: deleter })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/public/albums?section=arch' })).json().data.map((a: { id: number }) => a.id)).toContain(album);
    const response = await t.inject({ method: 'DELETE', url, headers: deleter });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Album gelöscht', data: { id: album } });
    expect(await t.db.selectFrom('images').select('id').where('album_id', '=', album).execute()).toEqual([]);
    for (const image of images) {
      for (const file of [image.url, image.thumbnail_url, image.medium_url]) expect((await t.inject({ method: 'GET', url: file })).statusCode).toBe(404);
    }
    expect((await t.inject({ method: 'GET', url: survivor.url })).statusCode).toBe(200);
    const publicAlbums = (await t.inject({ method: 'GET', url: '/api/public/albums?section=arch' })).json().data.map((a: { id: number }) => a.id);
    expect(publicAlbums).not.toContain(album);
    expect(publicAlbums).toContain(other);
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
    expect(log).toContain('Album „Ganz weg“ (Bogen) mit 2 Bildern gelöscht');
  });
});

describe('phone versions of images stored before them (issue 26.8)', () => {
  it('are made from the display version after the start; the public list then names them, and a second run makes none', async () => {
    const album = await createAlbum('Alt');
    const [old, small] = (await upload(album, [filePart(await png(3000, 1500), 'alt.png'), filePart(await png(300, 200), 'klein.png')])).json().data;
    // As an image stored before migration 0029: no phone version.
    for (const image of [old, small]) {
      const row = await t.db.selectFrom('images').select('medium_name').where('id', '=', image.id).executeTakeFirstOrThrow();
      await t.db.updateTable('images').set({ medium_name: null }).where('id', '=', image.id).execute();
      await t.app.services.storage.remove(row.medium_name!);
    }
    const before = (await t.inject({ method: 'GET', url: `/api/public/images?album_id=${album}` })).json().data;
    expect(before.map((image: { medium_url: string | null }) => image.medium_url)).toEqual([null, null]);

    expect(await addMissingMediumVersions(t.app.services)).toBe(2);
    const after = (await t.inject({ method: 'GET', url: `/api/public/images?album_id=${album}` })).json().data;
    const medium = await sharp((await served(after[0].medium_url)).body).metadata();
    expect(medium).toMatchObject({ format: 'webp', width: 1024, height: 512 });
    // Never enlarged: the small picture's phone version is its own size.
    expect(await sharp((await served(after[1].medium_url)).body).metadata()).toMatchObject({ width: 300, height: 200 });
    expect(await addMissingMediumVersions(t.app.services)).toBe(0);
  });

  it('leave an image whose display version is gone to it, and go on with the next', async () => {
    const album = await createAlbum('Kaputt');
    const [broken, fine] = (await upload(album, [filePart(await png(2000, 1000), 'kaputt.png'), filePart(await png(2000, 1000), 'gut.png')])).json().data;
    for (const image of [broken, fine]) {
      const row = await t.db.selectFrom('images').select('medium_name').where('id', '=', image.id).executeTakeFirstOrThrow();
      await t.db.updateTable('images').set({ medium_name: null }).where('id', '=', image.id).execute();
      await t.app.services.storage.remove(row.medium_name!);
    }
    const path = t.app.services.storage.pathOf(broken.url.slice('/files/'.length))!;
    await writeFile(path, 'kein Bild');
    expect(await addMissingMediumVersions(t.app.services)).toBe(1);
    const rows = await t.db.selectFrom('images').select(['id', 'medium_name']).where('album_id', '=', album).orderBy('id').execute();
    expect(rows.map((row) => row.medium_name === null)).toEqual([true, false]);
    // The broken picture goes, so that the directory holds exactly what the database names.
    expect((await t.inject({ method: 'DELETE', url: `/api/images/${broken.id}`, headers: deleter })).statusCode).toBe(200);
  });
});
