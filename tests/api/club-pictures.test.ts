import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { CLUB_PICTURE_MESSAGES, HOME_PICTURE_MIN_WIDTH, PICTURE_ALT_MAX, type ClubPictures } from '../../src/shared/clubPictures.ts';
import { UPLOAD_MESSAGES } from '../../src/shared/schemas/files.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, jpegWithExif, namesInDatabase, png, postForm, SVG_IMAGE, type FormPart } from '../helpers/multipart.ts';

/**
 * The club's face (issue 26.3): the logo and the home picture uploaded in the back office
 * (POST /api/club/logo, POST/PUT /api/club/picture, DELETE both), turned by the storage's
 * image pipeline into WebP sizes, PNG icons and a link preview without EXIF, and used by
 * the header, the home page, the head's icons and og:image, the JSON-LD and the manifest;
 * permissions, German refusals, log lines, the answer cache dropped by every save, the
 * legacy REST unchanged, and the site's own drawings without uploads.
 */

const ORIGIN = 'https://verein.example';
const clock: Clock = { now: () => new Date('2026-11-24T10:00:00Z') };

let t: TestApp;
let editor: { authorization: string };
let viewer: { authorization: string };
let outsider: { authorization: string };
let logo: Buffer;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ renderer: renderPage, clock }, { PUBLIC_URL: ORIGIN });
  editor = (await t.createMember(['dashboard_view', 'dashboard_update'])).auth;
  viewer = (await t.createMember(['dashboard_view'])).auth;
  outsider = (await t.createMember(['calendar_view'])).auth;
  logo = await png(600, 200);
  photo = await jpegWithExif(1600, 900);
});
afterAll(() => t.close());

const logoPart = (content: Buffer | string = logo, filename = 'logo.png'): FormPart => ({ name: 'file', filename, content });
const photoPart = (content: Buffer | string = photo, filename = 'schuetzenhaus.jpg'): FormPart => ({ name: 'file', filename, content });
const ALT = 'Das Schützenhaus im Sommer, davor die Bogenwiese';

function uploadLogo(parts: FormPart[] = [logoPart()], headers: Record<string, string> = editor) {
  return postForm(t, '/api/club/logo', parts, headers);
}

function uploadPicture(parts: FormPart[] = [{ name: 'alt', value: ALT }, photoPart()], headers: Record<string, string> = editor) {
  return postForm(t, '/api/club/picture', parts, headers);
}

function trpcQuery(path: string, headers: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: `/trpc/${path}`, headers });
}

function trpcMutate(path: string, input: unknown, headers: Record<string, string> = editor) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

const page = async (url: string) => (await t.inject({ method: 'GET', url })).body;
const lastLog = async () => (await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).execute())[0]?.message;
const publicPictures = async () => (await trpcQuery('club.pictures')).json().result.data as ClubPictures;

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

function metaContent(html: string, property: string): string | undefined {
  return new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
}

/** The app's markup inside #root, without the head and the JSON data. */
function appMarkup(html: string): string {
  return html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="page-state">'));
}

async function storedFile(url: string): Promise<Buffer> {
  return readFile(join(t.uploadsDir, url.replace(/^\/files\//, '')));
}

async function manifestIcons(): Promise<Array<{ src: string; sizes: string; type: string }>> {
  return (await t.inject({ method: 'GET', url: '/manifest.webmanifest' })).json().icons;
}

describe('without uploads', () => {
  it('keeps today’s look: no pictures, the site’s icons, drawing and og:image', async () => {
    expect(await publicPictures()).toEqual({ logo: null, home: null });
    const html = await page('/home');
    expect(html).not.toContain('/files/');
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/og-image.png`);
    const club = jsonLd(html).find((entry) => entry['@type'] === 'SportsClub');
    expect(club).toMatchObject({ logo: `${ORIGIN}/icon-512.png`, image: `${ORIGIN}/og-image.png` });
    expect((await manifestIcons()).map((icon) => icon.src)).toEqual(['/favicon.svg', '/icon-192.png', '/icon-512.png']);
  });
});

describe('who may upload, change and remove (tRPC and REST)', () => {
  it('refuses anonymous callers with 401 and keeps nothing', async () => {
    const before = await filesIn(t.uploadsDir);
    expect((await uploadLogo(undefined, {})).statusCode).toBe(401);
    expect((await uploadPicture(undefined, {})).statusCode).toBe(401);
    for (const request of [
      { method: 'GET' as const, url: '/api/club/pictures' },
      { method: 'PUT' as const, url: '/api/club/picture', payload: { alt: ALT } },
      { method: 'DELETE' as const, url: '/api/club/logo' },
      { method: 'DELETE' as const, url: '/api/club/picture' },
    ]) {
      const response = await t.inject(request);
      expect(response.statusCode, request.url).toBe(401);
      expect(response.json().message).toMatch(/anmelden|angemeldet/i);
    }
    expect((await trpcQuery('club.pictureSettings')).statusCode).toBe(401);
    expect((await trpcMutate('club.updateHomePictureAlt', { alt: ALT }, {})).statusCode).toBe(401);
    expect((await trpcMutate('club.removePicture', { role: 'logo' }, {})).statusCode).toBe(401);
    expect(await filesIn(t.uploadsDir)).toEqual(before);
  });

  it('refuses members without dashboard_update with 403 (dashboard_view reads), and keeps nothing', async () => {
    const before = await filesIn(t.uploadsDir);
    for (const who of [viewer, outsider]) {
      expect((await uploadLogo(undefined, who)).statusCode).toBe(403);
      expect((await uploadPicture(undefined, who)).statusCode).toBe(403);
      expect((await t.inject({ method: 'PUT', url: '/api/club/picture', headers: who, payload: { alt: ALT } })).statusCode).toBe(403);
      expect((await t.inject({ method: 'DELETE', url: '/api/club/logo', headers: who })).statusCode).toBe(403);
      expect((await trpcMutate('club.removePicture', { role: 'home' }, who)).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/club/pictures', headers: outsider })).statusCode).toBe(403);
    const read = await t.inject({ method: 'GET', url: '/api/club/pictures', headers: viewer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ data: { logo: null, home: null } });
    expect(await filesIn(t.uploadsDir)).toEqual(before);
    expect(await t.db.selectFrom('club_pictures').selectAll().execute()).toEqual([]);
  });
});

describe('validation', () => {
  const refusals: Array<[string, () => ReturnType<typeof uploadLogo>, number, string]> = [
    ['a logo form without a file', () => uploadLogo([]), 422, CLUB_PICTURE_MESSAGES.missingLogo],
    ['an empty logo file part', () => uploadLogo([{ name: 'file', filename: '', content: '' }]), 422, CLUB_PICTURE_MESSAGES.missingLogo],
    ['an SVG logo', () => uploadLogo([logoPart(SVG_IMAGE, 'logo.svg')]), 422, UPLOAD_MESSAGES.logoType],
    ['a PNG that is no image', () => uploadLogo([logoPart(Buffer.concat([logo.subarray(0, 64), Buffer.alloc(400, 7)]))]), 422, CLUB_PICTURE_MESSAGES.unreadableLogo],
    ['a picture without a file', () => uploadPicture([{ name: 'alt', value: ALT }]), 422, CLUB_PICTURE_MESSAGES.missingPicture],
    ['a PDF as picture', () => uploadPicture([{ name: 'alt', value: ALT }, photoPart(Buffer.from('%PDF-1.4\n%%EOF\n'), 'bild.pdf')]), 422, CLUB_PICTURE_MESSAGES.pictureType],
    ['a picture without a description', () => uploadPicture([photoPart()]), 422, CLUB_PICTURE_MESSAGES.missingAlt],
    ['a picture with a blank description', () => uploadPicture([{ name: 'alt', value: '   ' }, photoPart()]), 422, CLUB_PICTURE_MESSAGES.missingAlt],
    [
      'a picture with a description too long',
      () => uploadPicture([{ name: 'alt', value: 'x'.repeat(PICTURE_ALT_MAX + 1) }, photoPart()]),
      422,
      CLUB_PICTURE_MESSAGES.altTooLong,
    ],
  ];

  it.each(refusals)('refuses %s with its German message and keeps nothing', async (_case, send, status, message) => {
    const before = await filesIn(t.uploadsDir);
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await filesIn(t.uploadsDir)).toEqual(before);
    expect(await t.db.selectFrom('club_picture_files').selectAll().execute()).toEqual([]);
  });

  it(`refuses a home picture narrower than ${HOME_PICTURE_MIN_WIDTH} px, after EXIF rotation`, async () => {
    const before = await filesIn(t.uploadsDir);
    const narrow = await uploadPicture([{ name: 'alt', value: ALT }, photoPart(await png(HOME_PICTURE_MIN_WIDTH - 1, 600), 'klein.png')]);
    expect(narrow.statusCode).toBe(422);
    expect(narrow.json()).toMatchObject({ message: CLUB_PICTURE_MESSAGES.tooNarrow, errors: { file: [CLUB_PICTURE_MESSAGES.tooNarrow] } });
    // 1300 × 1000 stored, but turned upright by its EXIF orientation: 1000 px wide.
    const turned = await sharp({ create: { width: 1300, height: 1000, channels: 3, background: '#345' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await uploadPicture([{ name: 'alt', value: ALT }, photoPart(turned)])).json().message).toBe(CLUB_PICTURE_MESSAGES.tooNarrow);
    expect(await filesIn(t.uploadsDir)).toEqual(before);
  });

  it('refuses an unknown role, a description without a picture, and a removal of nothing, in German', async () => {
    const role = await trpcMutate('club.removePicture', { role: 'banner' });
    expect(role.statusCode).toBe(400);
    expect(role.json().error.data.fieldErrors.role).toContain(CLUB_PICTURE_MESSAGES.unknownRole);
    const alt = await t.inject({ method: 'PUT', url: '/api/club/picture', headers: editor, payload: { alt: ALT } });
    expect(alt.statusCode).toBe(404);
    expect(alt.json().message).toBe(CLUB_PICTURE_MESSAGES.noPicture);
    const blank = await t.inject({ method: 'PUT', url: '/api/club/picture', headers: editor, payload: { alt: '' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.alt).toContain(CLUB_PICTURE_MESSAGES.missingAlt);
    const none = await t.inject({ method: 'DELETE', url: '/api/club/logo', headers: editor });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Es ist kein Logo hochgeladen.');
  });
});

describe('the logo', () => {
  let first: ClubPictures;

  it('is stored as WebP header sizes, PNG icons and a 1200 × 630 preview, logged, and shown at once on every page', async () => {
    // Kept first: the page and the manifest are in memory before the upload.
    const before = await page('/termine');
    expect(await page('/termine')).toBe(before);
    await manifestIcons();

    const response = await uploadLogo();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(CLUB_PICTURE_MESSAGES.logoSaved);
    first = response.json().data;
    const { logo: stored } = first;
    expect(stored).toMatchObject({
      header: { width: 120, height: 40 },
      header2x: { width: 240, height: 80 },
      icon32: { width: 32, height: 32 },
      icon192: { width: 192, height: 192 },
      icon512: { width: 512, height: 512 },
      touchIcon: { width: 180, height: 180 },
      preview: { width: 1200, height: 630 },
    });
    expect(await lastLog()).toBe('Logo hochgeladen: logo.png (600 × 200 Pixel)');
    for (const [file, format] of [
      [stored!.header2x, 'webp'],
      [stored!.icon192, 'png'],
      [stored!.icon512, 'png'],
      [stored!.touchIcon, 'png'],
      [stored!.preview, 'jpeg'],
    ] as const) {
      expect(await sharp(await storedFile(file.url)).metadata()).toMatchObject({ format, width: file.width, height: file.height });
    }
    // The app icons keep the logo's transparency; the iPhone's is on white (iOS shows transparency as black).
    expect((await sharp(await storedFile(stored!.icon192.url)).metadata()).hasAlpha).toBe(true);
    expect((await sharp(await storedFile(stored!.touchIcon.url)).metadata()).hasAlpha).toBe(false);
    expect(await namesInDatabase(t.db)).toHaveLength(7);

    const html = await page('/termine');
    expect(html).not.toBe(before);
    // React writes the attributes as it names them (srcSet, fetchPriority); HTML reads them whatever their case.
    expect(appMarkup(html)).toContain(`srcSet="${stored!.header.url} 1x, ${stored!.header2x.url} 2x" width="120" height="40" alt=""`);
    expect(html).toContain(`<link rel="icon" type="image/png" sizes="32x32" href="${stored!.icon32.url}" />`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="${stored!.touchIcon.url}" />`);
    expect(html).not.toContain('favicon.svg');
    // Without a home picture the logo's preview is the link preview of a page without an image.
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}${stored!.preview.url}`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(await manifestIcons()).toEqual([
      { src: stored!.icon192.url, type: 'image/png', sizes: '192x192' },
      { src: stored!.icon512.url, type: 'image/png', sizes: '512x512' },
    ]);
    const club = jsonLd(await page('/home')).find((entry) => entry['@type'] === 'SportsClub');
    expect(club).toMatchObject({ logo: `${ORIGIN}${stored!.icon512.url}`, image: `${ORIGIN}${stored!.preview.url}` });
  });

  it('is served for everybody under its own name, cached for a year', async () => {
    const response = await t.inject({ method: 'GET', url: first.logo!.header.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('is replaced by a new upload under new names, the old files removed', async () => {
    const old = await namesInDatabase(t.db);
    const response = await uploadLogo([logoPart(await png(300, 300), 'wappen.png')]);
    expect(response.statusCode, response.body).toBe(201);
    const { logo: replaced } = response.json().data as ClubPictures;
    expect(replaced!.header).toMatchObject({ width: 40, height: 40 });
    expect(replaced!.header.url).not.toBe(first.logo!.header.url);
    expect(await lastLog()).toBe('Logo ersetzt: wappen.png (300 × 300 Pixel)');
    const files = await filesIn(t.uploadsDir);
    for (const name of old) expect(files).not.toContain(name);
    expect(await namesInDatabase(t.db)).toHaveLength(7);
    expect(await page('/home')).toContain(replaced!.icon32.url);
    expect((await t.inject({ method: 'GET', url: first.logo!.header.url })).statusCode).toBe(404);
  });
});

describe('the home picture', () => {
  let pictures: ClubPictures;

  it('is stored as WebP widths and a preview without EXIF, logged, and shown at once as the home page’s header', async () => {
    const before = await page('/home');
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await uploadPicture();
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(CLUB_PICTURE_MESSAGES.pictureSaved);
    pictures = response.json().data;
    const home = pictures.home!;
    expect(home.alt).toBe(ALT);
    // 1600 px wide: 480 to 1440, then the picture's own width once (not 1920 enlarged).
    expect(home.sources.map((source) => [source.width, source.height])).toEqual([
      [480, 270],
      [720, 405],
      [960, 540],
      [1440, 810],
      [1600, 900],
    ]);
    expect(home.preview).toMatchObject({ width: 1200, height: 630 });
    for (const file of [...home.sources, home.preview]) {
      const meta = await sharp(await storedFile(file.url)).metadata();
      expect(meta.exif, file.url).toBeUndefined();
      expect(meta.width).toBe(file.width);
    }
    expect(await lastLog()).toBe('Titelbild hochgeladen: schuetzenhaus.jpg (1600 × 900 Pixel)');

    const html = await page('/home');
    expect(html).not.toBe(before);
    const markup = appMarkup(html);
    const img = /<img[^>]*fetchpriority="high"[^>]*>/i.exec(markup)?.[0];
    expect(img).toBeDefined();
    expect(img).toContain(`alt="${ALT}"`);
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="900"');
    expect(img).toContain(`srcSet="${home.sources.map((source) => `${source.url} ${source.width}w`).join(', ')}"`);
    expect(img).toContain('sizes="(min-width: 1200px) 1152px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)"');
    expect(img).not.toContain('loading="lazy"');
    // The home picture is now the link preview of every page without an image of its own, and the club's image.
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}${home.preview.url}`);
    expect(metaContent(await page('/kontakt'), 'og:image')).toBe(`${ORIGIN}${home.preview.url}`);
    expect(jsonLd(html).find((entry) => entry['@type'] === 'SportsClub')).toMatchObject({ image: `${ORIGIN}${home.preview.url}`, logo: `${ORIGIN}${pictures.logo!.icon512.url}` });
    // Other pages do not carry it.
    expect(appMarkup(await page('/kontakt'))).not.toContain(home.sources[0]!.url);
  });

  it('takes a new description, logged, shown at once', async () => {
    const response = await t.inject({ method: 'PUT', url: '/api/club/picture', headers: editor, payload: { alt: '  Bogenwiese   im Herbst ' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: CLUB_PICTURE_MESSAGES.altSaved, data: { home: { alt: 'Bogenwiese im Herbst' } } });
    expect(await lastLog()).toBe('Bildbeschreibung des Titelbilds geändert: „Bogenwiese im Herbst“');
    expect(appMarkup(await page('/home'))).toContain('alt="Bogenwiese im Herbst"');
    expect((await publicPictures()).home?.alt).toBe('Bogenwiese im Herbst');
  });

  it('is removed with its files, logged, and the page goes back to the logo’s preview', async () => {
    const names = pictures.home!.sources.map((source) => source.url.replace('/files/', ''));
    const response = await t.inject({ method: 'DELETE', url: '/api/club/picture', headers: editor });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: CLUB_PICTURE_MESSAGES.pictureRemoved, data: { home: null } });
    expect(await lastLog()).toBe('Titelbild entfernt');
    const files = await filesIn(t.uploadsDir);
    for (const name of names) expect(files).not.toContain(name);
    const html = await page('/home');
    expect(html).not.toMatch(/fetchpriority="high"/i);
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}${(await publicPictures()).logo!.preview.url}`);
  });

  it('removes the logo too, and the site is as before', async () => {
    const response = await trpcMutate('club.removePicture', { role: 'logo' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastLog()).toBe('Logo entfernt');
    expect(await namesInDatabase(t.db)).toEqual([]);
    const html = await page('/home');
    expect(html).not.toContain('/files/');
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/og-image.png`);
    expect((await manifestIcons()).map((icon) => icon.src)).toEqual(['/favicon.svg', '/icon-192.png', '/icon-512.png']);
  });
});

describe('the legacy REST', () => {
  it('answers the club data, the public sponsors and a sponsor’s logo upload as before', async () => {
    const club = await t.inject({ method: 'GET', url: '/api/club', headers: viewer });
    expect(club.statusCode).toBe(200);
    expect(Object.keys(club.json().data)).not.toContain('logo');
    const sponsor = await postForm(t, '/api/sponsors', [{ name: 'name', value: 'Bäckerei Korn' }, { name: 'logo', filename: 'logo.png', content: await png(1600, 400) }], t.admin);
    expect(sponsor.statusCode, sponsor.body).toBe(201);
    const image = sponsor.json().data.image as string;
    expect(await sharp(await storedFile(image)).metadata()).toMatchObject({ format: 'webp', width: 800, height: 200 });
    const list = await t.inject({ method: 'GET', url: '/api/public/sponsors' });
    expect(list.json()).toEqual({ data: [{ id: expect.any(Number), name: 'Bäckerei Korn', url: '', image }] });
  });
});
