import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { MAX_STORED_ANSWERS } from '../../src/server/http/public-cache.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { multipartBody, png } from '../helpers/multipart.ts';

/**
 * The one memory of answers keys on meaning, not spelling (issue 25.6): a kept answer's key
 * is the validated input, every other spelling of a page's address is moved to the
 * canonical one or not found, a shared read's tRPC input with unknown fields is refused,
 * and the pages without parameters stay in memory however many other addresses are asked.
 */

/** Fixed: no kept answer expires while the test runs, so every miss is a spelling's doing. */
const clock: Clock = { now: () => new Date('2026-11-25T11:00:00Z') };

let t: TestApp;
let albumId: number;
/** How often each address was rendered. */
const renders = new Map<string, number>();
const countingRenderer: typeof renderPage = (request) => {
  renders.set(request.url, (renders.get(request.url) ?? 0) + 1);
  return renderPage(request);
};

const get = (url: string) => t.inject({ method: 'GET', url });
const memory = () => t.app.services.publicCache.stats;
const trpcUrl = (names: string, input: unknown, extra = '') => `/trpc/${names}?input=${encodeURIComponent(JSON.stringify(input))}${extra}`;
const batchUrl = (names: readonly string[], input: unknown, extra = '') =>
  `/trpc/${names.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}${extra}`;

beforeAll(async () => {
  t = await createTestApp({ renderer: countingRenderer, clock }, { PUBLIC_URL: 'https://verein.example' });
  const album = await t.inject({ method: 'POST', url: '/api/albums', headers: t.admin, payload: { name: 'Königsschießen', section: 'arch' } });
  albumId = album.json().data.id;
  const upload = multipartBody([
    { name: 'album_id', value: String(albumId) },
    { name: 'files[]', filename: 'koenig.png', content: await png(60, 40), contentType: 'image/png' },
  ]);
  const images = await t.inject({ method: 'POST', url: '/api/images', headers: { ...t.admin, ...upload.headers }, payload: upload.payload });
  expect(images.statusCode, images.body).toBe(201);
});

afterAll(() => t.close());

describe("a page's parameters have one spelling", () => {
  it.each([
    ['/home?utm_source=newsletter', '/home'],
    ['/HOME?fbclid=abc', '/home'],
    ['/ergebnisse-lg-lp?saison=2026&saison=2027', '/ergebnisse-lg-lp'],
    ['/galerien/bogen?album=0ALBUM', '/galerien/bogen?album=ALBUM'],
    ['/galerien/bogen?album=ALBUM&ref=mail', '/galerien/bogen?album=ALBUM'],
    ['/galerien/bogen?ref=mail&album=ALBUM', '/galerien/bogen?album=ALBUM'],
    ['/galerien/bogen?%61lbum=ALBUM', '/galerien/bogen?album=ALBUM'],
    ['/galerien/%62ogen?album=00ALBUM', '/galerien/bogen?album=ALBUM'],
  ])('%s is moved for good to %s, which is rendered and kept', async (spelling, canonical) => {
    const [from, to] = [spelling, canonical].map((url) => url.replace('ALBUM', String(albumId))) as [string, string];
    const before = memory().answers;
    const moved = await get(from);
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(to);
    expect(memory().answers).toBe(before);
    expect((await get(to)).statusCode).toBe(200);
  });

  it.each(['/galerien/bogen?album=ALBUM&album=ALBUM', '/galerien/bogen?album=1&album=2', '/galerien/bogen?album=%2BALBUM', '/galerien/bogen?album=0', '/galerien/bogen?album='])(
    '%s names no album: the German not-found page, never kept',
    async (spelling) => {
      const before = memory().answers;
      const response = await get(spelling.replaceAll('ALBUM', String(albumId)));
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('Die aufgerufene Adresse gibt es auf dieser Website nicht.');
      expect(memory().answers).toBe(before);
    },
  );

  it('answers the canonical address itself from memory, with the canonical link', async () => {
    const url = `/galerien/bogen?album=${albumId}`;
    const first = await get(url);
    expect(first.body).toContain(`<link rel="canonical" href="https://verein.example${url}" />`);
    const hits = memory().hits;
    expect((await get(url)).body).toBe(first.body);
    expect(memory().hits).toBe(hits + 1);
  });
});

describe('a shared read is kept under its validated input', () => {
  it('refuses a tRPC input with unknown fields with 400 and a German message, and keeps nothing', async () => {
    const before = memory().answers;
    for (const url of [
      trpcUrl('galleries.publicImages', { album_id: albumId, seite: 2 }),
      trpcUrl('content.publicInfoText', { identifier: 'best_shot', x: 1 }),
      batchUrl(['results.publicList'], { 0: { section: 'gun', sortierung: 'neu' } }),
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      const body = response.json();
      expect((Array.isArray(body) ? body[0] : body).error.message, url).toMatch(/^Unbekannter Schlüssel: "(seite|x|sortierung)"$/);
    }
    expect(memory().answers).toBe(before);
  });

  it('keeps one answer for the same input however it is spelled: numbers as numbers, fields in any order', async () => {
    const spellings = [
      trpcUrl('galleries.publicImages', { album_id: albumId, section: 'arch' }),
      trpcUrl('galleries.publicImages', { section: 'arch', album_id: albumId }),
      trpcUrl('galleries.publicImages', { section: 'arch', album_id: `0${albumId}` }),
      trpcUrl('galleries.publicImages', { album_id: String(albumId), section: 'arch' }, '&junk=1'),
    ];
    const first = await get(spellings[0]!);
    expect(first.statusCode).toBe(200);
    const answers = memory().answers;
    const hits = memory().hits;
    for (const url of spellings.slice(1)) expect((await get(url)).body, url).toBe(first.body);
    expect(memory()).toMatchObject({ answers, hits: hits + spellings.length - 1 });
  });

  it('keys a REST read by its validated query: leading zeros, order and other parameters make no new answer', async () => {
    const first = await get(`/api/public/images?album_id=${albumId}&section=arch`);
    expect(first.statusCode).toBe(200);
    const answers = memory().answers;
    for (const url of [`/api/public/images?section=arch&album_id=${albumId}`, `/api/public/images?album_id=00${albumId}&section=arch&n=1`]) {
      expect((await get(url)).body, url).toBe(first.body);
    }
    const doubled = await get(`/api/public/images?album_id=${albumId}&album_id=${albumId}`);
    expect(doubled.statusCode).toBe(422);
    expect(memory().answers).toBe(answers);
  });
});

/** Procedures whose answer is the same for everybody and which take no required input. */
const SHARED_READS = [
  'content.publicInfo',
  'content.publicAlerts',
  'club.profile',
  'club.texts',
  'galleries.publicAlbums',
  'galleries.publicImages',
  'results.publicList',
  'downloads.publicList',
  'sponsors.publicList',
  'hosts.publicList',
  'calendar.publicList',
  'calendar.publicFeed',
] as const;

interface Spelling {
  url: string;
  status: number;
  /** What the answer means: spellings with the same canonical answer get the same bytes from one kept answer. */
  canonical?: string;
}

/** 500 ways to spell a handful of answers, or none: pages, tRPC and REST reads with odd queries. */
function variedSpellings(album: number): Spelling[] {
  const zeros = (n: number) => '0'.repeat(1 + (n % 3));
  const kinds: ((n: number) => Spelling)[] = [
    (n) => ({ url: `/home?utm_source=${n}`, status: 301 }),
    (n) => ({ url: `/termine?fbclid=${n}&fbclid=${n + 1}`, status: 301 }),
    (n) => ({ url: `/ergebnisse-lg-lp?saison=${n}`, status: 301 }),
    (n) => ({ url: `/ergebnisse-bogen?${n}`, status: 301 }),
    (n) => ({ url: `/galerien/bogen?album=${zeros(n)}${album}`, status: 301 }),
    (n) => ({ url: `/galerien/bogen?ref=${n}&album=${album}`, status: 301 }),
    () => ({ url: `/galerien/bogen?album=${album}`, status: 200, canonical: 'page album' }),
    (n) => ({ url: `/galerien/bogen?album=${album}&album=${n}`, status: 404 }),
    (n) => ({ url: trpcUrl('galleries.publicImages', n % 2 ? { album_id: `${zeros(n)}${album}` } : { album_id: album }), status: 200, canonical: 'trpc images' }),
    (n) => ({
      url: trpcUrl('galleries.publicImages', n % 2 ? { section: 'arch', album_id: album } : { album_id: album, section: 'arch' }, `&v=${n}`),
      status: 200,
      canonical: 'trpc images arch',
    }),
    (n) => ({ url: trpcUrl('galleries.publicImages', { album_id: album, [`x${n}`]: n }), status: 400 }),
    (n) => ({ url: trpcUrl('content.publicInfoText', { identifier: 'best_shot', page: n }), status: 400 }),
    // tRPC answers a batch with one refused input 207 (Multi-Status); it is not kept either.
    (n) => ({ url: batchUrl(['results.publicList', 'club.profile'], { 0: n % 2 ? { section: 'gun' } : { section: 'gun', x: n } }), status: n % 2 ? 200 : 207, canonical: 'batch results gun' }),
    (n) => ({ url: `/api/public/images?album_id=${zeros(n)}${album}&junk=${n}`, status: 200, canonical: 'rest images' }),
    (n) => ({ url: n % 2 ? `/api/public/images?section=arch&album_id=${album}` : `/api/public/images?album_id=${album}&section=arch&${n}`, status: 200, canonical: 'rest images arch' }),
    (n) => ({ url: `/api/public/images?album_id=${album}&album_id=${n}`, status: 422 }),
    (n) => ({ url: `/api/public/albums?section=arch&section=gun&n=${n}`, status: 422 }),
    (n) => ({ url: `/api/public/results?section=gun&utm=${n}`, status: 200, canonical: 'rest results gun' }),
    (n) => ({ url: `/API//public/downloads?${n}`, status: 200, canonical: 'rest downloads' }),
    (n) => ({ url: `/trpc/content.publicInfo?input=${encodeURIComponent(JSON.stringify({ x: n }))}`, status: 200, canonical: 'trpc info' }),
  ];
  return Array.from({ length: 500 }, (_, n) => kinds[n % kinds.length]!(n));
}

/** 500 batches of three shared reads, each a distinct answer, spelled in several ways. */
function distinctBatches(): Spelling[] {
  const batches: Spelling[] = [];
  for (const a of SHARED_READS) {
    for (const b of SHARED_READS) {
      for (const c of SHARED_READS) {
        if (a === b || b === c || a === c || batches.length === 500) continue;
        const n = batches.length;
        const input = n % 3 === 0 ? {} : { 0: {}, 1: {}, 2: {} };
        batches.push({ url: batchUrl([a, b, c], input, n % 2 ? `&n=${n}` : ''), status: 200, canonical: `batch ${a},${b},${c}` });
      }
    }
  }
  return batches;
}

describe('a flood of spellings', () => {
  it('keeps at most the distinct canonical answers of 1,000 spellings, and /home stays in memory', async () => {
    t.app.services.publicCache.invalidate('content');
    const home = await get('/home');
    expect(home.statusCode).toBe(200);
    const homeRenders = renders.get('/home');
    expect(memory().answers).toBe(1);

    // Half: pages, tRPC and REST reads of a few answers, in every odd spelling.
    const bodies = new Map<string, string>();
    for (const { url, status, canonical } of variedSpellings(albumId)) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      if (status !== 200 || canonical === undefined) continue;
      // Every spelling of an answer gets the very same bytes.
      expect(response.body, url).toBe(bodies.get(canonical) ?? response.body);
      bodies.set(canonical, response.body);
    }
    expect(memory().answers).toBe(1 + bodies.size);

    // The other half: 500 answers with inputs, each distinct, more than the memory keeps of them.
    for (const { url, status, canonical } of distinctBatches()) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      bodies.set(canonical!, response.body);
    }
    expect(bodies.size).toBeGreaterThan(MAX_STORED_ANSWERS);
    // At most MAX_STORED_ANSWERS with inputs, beside the two kept under their route alone (/home, /api/public/downloads).
    expect(memory().answers).toBeLessThanOrEqual(MAX_STORED_ANSWERS + 2);

    // /home was pushed out by none of them: answered from memory, not rendered again.
    const hits = memory().hits;
    const again = await get('/home');
    expect(again.body).toBe(home.body);
    expect(memory().hits).toBe(hits + 1);
    expect(renders.get('/home')).toBe(homeRenders);
  }, 120_000);
});
