import Fastify, { type FastifyReply } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  answerFromMemory,
  keepSharedReads,
  MAX_KEPT_ANSWER_BYTES,
  MAX_STORED_ANSWERS,
  MAX_STORED_BYTES,
  prepareAnswer,
  PUBLIC_CACHE_CONTROL,
  PublicCache,
  sharedReadRoute,
  storableHeaders,
  variantFor,
} from '../../src/server/http/public-cache.ts';

function setup(ttlMs?: number) {
  let now = 0;
  const cache = new PublicCache({ now: () => new Date(now) }, ttlMs);
  let computed = 0;
  const compute = async () => ({ n: ++computed, list: [{ a: 1 }] });
  return { cache, compute, advance: (ms: number) => (now += ms), computed: () => computed };
}

describe('PublicCache', () => {
  it('computes once per area and key until the TTL (10 s by default) has passed', async () => {
    const { cache, compute, advance, computed } = setup();
    const first = await cache.read('content', 'info', compute);
    expect(await cache.read('content', 'info', compute)).toBe(first);
    await cache.read('content', 'other', compute);
    expect(computed()).toBe(2);
    advance(9_999);
    expect(await cache.read('content', 'info', compute)).toBe(first);
    advance(1);
    expect((await cache.read('content', 'info', compute)).n).toBe(3);
  });

  it('lets concurrent readers share one computation', async () => {
    const { cache, compute, computed } = setup();
    const [a, b] = await Promise.all([cache.read('content', 'info', compute), cache.read('content', 'info', compute)]);
    expect(a).toBe(b);
    expect(computed()).toBe(1);
  });

  it('drops every key of an area on invalidate, and only that area', async () => {
    const { cache, compute } = setup();
    await cache.read('content', 'info', compute);
    await cache.read('content', 'alerts', compute);
    const other = await cache.read('sponsors', 'list', compute);
    cache.invalidate('content');
    expect((await cache.read('content', 'info', compute)).n).toBe(4);
    expect((await cache.read('content', 'alerts', compute)).n).toBe(5);
    expect(await cache.read('sponsors', 'list', compute)).toBe(other);
  });

  it('does not keep an answer whose computation a write overtook', async () => {
    const { cache } = setup();
    let release: (value: { v: string }) => void = () => {};
    const slow = cache.read('content', 'info', () => new Promise<{ v: string }>((resolve) => (release = resolve)));
    cache.invalidate('content');
    release({ v: 'alt' });
    expect((await slow).v).toBe('alt');
    expect((await cache.read('content', 'info', async () => ({ v: 'neu' }))).v).toBe('neu');
  });

  it('does not cache failures', async () => {
    const { cache } = setup();
    await expect(cache.read('content', 'x', () => Promise.reject(new Error('weg')))).rejects.toThrow('weg');
    expect(await cache.read('content', 'x', async () => ({ ok: true }))).toEqual({ ok: true });
  });

  it('hands out frozen values, so no reader can change what the next one gets', async () => {
    const { cache, compute } = setup();
    const value = await cache.read('content', 'info', compute);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.list[0])).toBe(true);
  });

  it('serializes a value once per view, with an ETag from the content', async () => {
    const { cache } = setup();
    const value = await cache.read('content', 'info', async () => ({ text: 'ä' }));
    const list = cache.serialize(value, 'list', (v: { text: string }) => ({ data: v }));
    expect(list.body.toString('utf8')).toBe('{"data":{"text":"ä"}}');
    expect(cache.serialize(value, 'list', () => 'anders')).toBe(list);
    const one = cache.serialize(value, 'one', (v: { text: string }) => v);
    expect(one.etag).not.toBe(list.etag);
    expect(cache.serialize({ text: 'ä' }, 'one', (v: { text: string }) => v).etag).toBe(one.etag);
  });

  it('compresses a value once per view for the reads that are not kept whole, each form with its own tag', async () => {
    const { cache } = setup();
    const value = await cache.read('calendar', 'month', async () => ({ rows: Array.from({ length: 60 }, (_, id) => ({ id, name: 'Training Luftgewehr' })) }));
    const first = cache.compressedAnswer(value, 'list', (v: object) => ({ data: v }));
    expect(cache.compressedAnswer(value, 'list', () => 'anders')).toBe(first);
    const answer = await first;
    const plain = cache.serialize(value, 'list', () => 'anders');
    expect(answer.identity.body).toBe(plain.body);
    expect(answer.identity.etag).toBe(plain.etag);
    expect(brotliDecompressSync(variantFor(answer, 'gzip, br').body)).toEqual(plain.body);
    expect(gunzipSync(variantFor(answer, 'gzip').body)).toEqual(plain.body);
    expect(new Set([answer.identity.etag, answer.encoded.br?.etag, answer.encoded.gzip?.etag]).size).toBe(3);
    expect(answer.identity.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  describe('whole answers kept by address', () => {
    const answer = (text: string) => prepareAnswer({ body: Buffer.from(text), etag: `"${text}"`, headers: { 'content-type': 'application/json', etag: `"${text}"` } });

    it('keeps an answer until the TTL or the next write of any area', () => {
      const { cache, advance } = setup();
      cache.storeAnswer('/trpc/a', cache.generation, answer('eins'));
      expect(cache.answer('/trpc/a')?.identity.etag).toBe('"eins"');
      advance(10_000);
      expect(cache.answer('/trpc/a')).toBeUndefined();
      cache.storeAnswer('/trpc/a', cache.generation, answer('zwei'));
      cache.invalidate('galleries');
      expect(cache.answer('/trpc/a')).toBeUndefined();
    });

    it('lets no kept answer outlive the club\'s midnight or a clock set back', () => {
      let now = Date.parse('2026-11-22T22:59:55Z'); // 23:59:55 in Berlin
      const cache = new PublicCache({ now: () => new Date(now) });
      cache.storeAnswer('/api/public/hosts', cache.generation, answer('gestern'));
      now += 4_000;
      expect(cache.answer('/api/public/hosts')).toBeDefined();
      now += 1_000; // 00:00:00 in Berlin: "upcoming" changed with the day
      expect(cache.answer('/api/public/hosts')).toBeUndefined();
      cache.storeAnswer('/api/public/hosts', cache.generation, answer('heute'));
      now -= 60_000;
      expect(cache.answer('/api/public/hosts')).toBeUndefined();
    });

    it('never keeps an answer computed before a write that came while it was computed', () => {
      const { cache } = setup();
      const started = cache.generation;
      cache.invalidate('content');
      cache.storeAnswer('/trpc/a', started, answer('alt'));
      expect(cache.answer('/trpc/a')).toBeUndefined();
    });

    it('keeps at most MAX_STORED_ANSWERS answers, pushing out the least recently used', () => {
      const { cache } = setup();
      cache.storeAnswer('/api/public/calendar', cache.generation, answer('kalender'));
      for (let n = 0; n < MAX_STORED_ANSWERS + 50; n += 1) {
        cache.storeAnswer(`/trpc/a?input=${n}`, cache.generation, answer(String(n)));
        // Asked again and again while strangers fill the memory: it stays.
        expect(cache.answer('/api/public/calendar')?.identity.etag).toBe('"kalender"');
      }
      expect(cache.stats.answers).toBe(MAX_STORED_ANSWERS);
      expect(cache.answer(`/trpc/a?input=${MAX_STORED_ANSWERS + 49}`)).toBeDefined();
      // The oldest that nobody asked for again went first; the calendar keeps one place.
      expect(cache.answer('/trpc/a?input=51')).toBeDefined();
      expect(cache.answer('/trpc/a?input=50')).toBeUndefined();
      expect(cache.answer('/trpc/a?input=0')).toBeUndefined();
    });

    it('never pushes out an answer kept under its route alone, however many answers with inputs come', () => {
      const { cache } = setup();
      const home = cache.startSharedRead('/home', '/home');
      expect(home.byRouteAlone).toBe(true);
      cache.storeAnswer('/home', home.generation, answer('home'), home.notAfter, home.byRouteAlone);
      for (let n = 0; n < 2 * MAX_STORED_ANSWERS; n += 1) cache.storeAnswer(`/trpc/a?input=${n}`, cache.generation, answer(String(n)));
      expect(cache.stats.answers).toBe(MAX_STORED_ANSWERS + 1);
      expect(cache.answer('/home')?.identity.etag).toBe('"home"');
      // A key with inputs is never the route itself.
      expect(cache.startSharedRead('["/files/:name",{"name":"a.webp"}]', '/files/:name').byRouteAlone).toBe(false);
      expect(cache.startSharedRead(undefined, '/home').byRouteAlone).toBe(false);
    });

    it('sends a 304 without the headers that describe the body, and counts the body it keeps', () => {
      const { cache } = setup();
      cache.storeAnswer(
        '/api/public/calendar.ics',
        cache.generation,
        prepareAnswer({
          body: Buffer.from('BEGIN:VCALENDAR'),
          etag: '"ics"',
          headers: { 'content-type': 'text/calendar', 'content-disposition': 'inline; filename="termine.ics"', etag: '"ics"', 'x-frame-options': 'DENY' },
        }),
      );
      const stored = cache.answer('/api/public/calendar.ics')?.identity;
      expect(stored?.headers).toEqual({
        'content-type': 'text/calendar',
        'content-disposition': 'inline; filename="termine.ics"',
        etag: '"ics"',
        'x-frame-options': 'DENY',
        'content-length': '15',
      });
      expect(stored?.notModifiedHeaders).toEqual({ etag: '"ics"', 'x-frame-options': 'DENY' });
    });

    it('keeps at most MAX_STORED_BYTES of bodies, pushing out the least recently used, and never counts a body twice', () => {
      const { cache } = setup();
      const big = (n: number) => prepareAnswer({ body: Buffer.alloc(MAX_KEPT_ANSWER_BYTES, n), etag: undefined, headers: {} });
      const count = MAX_STORED_BYTES / MAX_KEPT_ANSWER_BYTES;
      for (let n = 0; n < count; n += 1) cache.storeAnswer(`/files/${n}.webp`, cache.generation, big(n));
      expect(cache.stats).toMatchObject({ answers: count, bytes: MAX_STORED_BYTES });
      expect(cache.answer('/files/0.webp')).toBeDefined();
      cache.storeAnswer(`/files/${count}.webp`, cache.generation, big(count));
      expect(cache.stats).toMatchObject({ answers: count, bytes: MAX_STORED_BYTES });
      expect(cache.answer('/files/0.webp')).toBeDefined();
      expect(cache.answer('/files/1.webp')).toBeUndefined();
      // Replacing an answer does not count its old body twice.
      cache.storeAnswer('/files/0.webp', cache.generation, big(9));
      expect(cache.answer('/files/0.webp')?.identity.body[0]).toBe(9);
      expect(cache.stats).toMatchObject({ answers: count, bytes: MAX_STORED_BYTES });
    });

    it('sends but does not keep an answer larger than MAX_KEPT_ANSWER_BYTES, and says so before anything is compressed', () => {
      const { cache } = setup();
      expect(cache.willKeep(cache.generation, MAX_KEPT_ANSWER_BYTES)).toBe(true);
      expect(cache.willKeep(cache.generation, MAX_KEPT_ANSWER_BYTES + 1)).toBe(false);
      const started = cache.generation;
      cache.invalidate('content');
      expect(cache.willKeep(started, 10)).toBe(false);
      cache.storeAnswer('/files/riesig.pdf', cache.generation, prepareAnswer({ body: Buffer.alloc(MAX_KEPT_ANSWER_BYTES + 1), etag: undefined, headers: {} }));
      expect(cache.stats).toMatchObject({ answers: 0, bytes: 0 });
    });

    it('counts the answers it gives', () => {
      const { cache } = setup();
      cache.storeAnswer('/trpc/a', cache.generation, answer('eins'));
      expect(cache.stats.hits).toBe(0);
      cache.answer('/trpc/a');
      cache.answer('/trpc/b');
      expect(cache.stats).toEqual({ hits: 1, answers: 1, bytes: 4 });
    });

    it('lets no answer outlive the cached values it was built from', async () => {
      const { cache, compute, advance } = setup();
      const value = await cache.read('content', 'info', compute);
      expect(cache.expiryOf(value)).toBe(10_000);
      expect(cache.expiryOf({ ...value })).toBeUndefined();
      advance(9_000);
      const read = cache.startSharedRead('/trpc/a');
      read.builtFrom(await cache.read('content', 'info', compute));
      read.builtFrom(await cache.read('content', 'other', compute)); // computed now: expires later
      read.builtFrom({ not: 'cached' });
      expect(read.notAfter).toBe(10_000);
      cache.storeAnswer('/trpc/a', read.generation, answer('a'), read.notAfter);
      advance(999);
      expect(cache.answer('/trpc/a')).toBeDefined();
      advance(1);
      expect(cache.answer('/trpc/a')).toBeUndefined();
      // Built from nothing the cache handed out: the TTL as ever.
      cache.storeAnswer('/trpc/b', cache.generation, answer('b'), cache.startSharedRead('/trpc/b').notAfter);
      expect(cache.answer('/trpc/b')?.expiresAt).toBe(20_000);
    });

    it('sends each client the best compressed form it takes, each form with its own tag, and counts them all', () => {
      const { cache } = setup();
      const answer = prepareAnswer({
        body: Buffer.from('x'.repeat(2000)),
        etag: '"abc"',
        headers: { 'content-type': 'application/json', etag: '"abc"', vary: 'accept' },
        encoded: { br: Buffer.from('BR'), gzip: Buffer.from('GZIP') },
      });
      expect(answer.bytes).toBe(2006);
      expect(variantFor(answer, 'gzip, deflate, br, zstd').headers).toMatchObject({ 'content-encoding': 'br', 'content-length': '2', etag: '"abc-br"', vary: 'accept, accept-encoding' });
      expect(variantFor(answer, 'gzip').headers).toMatchObject({ 'content-encoding': 'gzip', etag: '"abc-gzip"' });
      expect(variantFor(answer, 'br;q=0, gzip;q=0').headers).toEqual({ 'content-type': 'application/json', etag: '"abc"', vary: 'accept, accept-encoding', 'content-length': '2000' });
      // Whole names only, in any case, refused with q=0 however it is spaced.
      expect(variantFor(answer, 'x-gzip, brotli, gzipped')).toBe(answer.identity);
      expect(variantFor(answer, 'GZIP, BR')).toBe(answer.encoded.br);
      expect(variantFor(answer, 'br ; q=0 , gzip;q=0.5')).toBe(answer.encoded.gzip);
      expect(variantFor(answer, 'deflate,br;level=1;q=0.0')).toBe(answer.identity);
      expect(variantFor(answer, undefined)).toBe(answer.identity);
      expect(answer.encoded.br?.notModifiedHeaders).toEqual({ etag: '"abc-br"', vary: 'accept, accept-encoding' });
      cache.storeAnswer('/api/public/calendar', cache.generation, answer);
      expect(cache.answer('/api/public/calendar')).toMatchObject({ bytes: 2006 });
    });

    it('keeps the headers an answer was sent with, but never a cookie or those of the connection', () => {
      const reply = {
        getHeaders: () => ({
          'content-type': 'application/json',
          'set-cookie': ['sitzung=geheim'],
          'content-length': '2',
          connection: 'close',
          'x-frame-options': 'DENY',
          vary: ['trpc-accept', 'accept'],
        }),
      } as unknown as FastifyReply;
      expect(storableHeaders(reply)).toEqual({ 'content-type': 'application/json', 'x-frame-options': 'DENY', vary: 'trpc-accept, accept' });
    });

    it('lets expired answers make room once it is full', () => {
      const { cache, advance } = setup();
      for (let n = 0; n < MAX_STORED_ANSWERS; n += 1) cache.storeAnswer(`/trpc/a?input=${n}`, cache.generation, answer(String(n)));
      advance(10_000);
      cache.storeAnswer('/trpc/content.publicInfo', cache.generation, answer('info'));
      expect(cache.answer('/trpc/content.publicInfo')?.identity.etag).toBe('"info"');
    });
  });

  describe('the hooks of a scope with shared reads', () => {
    async function site(cache: PublicCache) {
      const app = Fastify();
      app.decorateRequest('sharedRead', null);
      app.decorateRequest('answeredFromMemory', false);
      app.addHook('onRequest', answerFromMemory(cache));
      const answers = keepSharedReads(cache, (request) => request.routeOptions.config.answerKey !== undefined);
      app.addHook('onRequest', answers.started);
      app.addHook('onSend', answers.keep);
      // As if a shared read had renewed a session: what the scopes never do, and the net catches.
      app.get('/mit-cookie', sharedReadRoute(), async (_request, reply) =>
        reply.header('set-cookie', 'sitzung=geheim').header('cache-control', PUBLIC_CACHE_CONTROL).send({ ok: true }),
      );
      app.get('/ohne-cookie', sharedReadRoute(), async () => ({ ok: true }));
      await app.ready();
      return app;
    }

    it('never keeps nor marks as public an answer that sets a cookie', async () => {
      const { cache } = setup();
      const app = await site(cache);
      for (let n = 0; n < 2; n += 1) {
        const response = await app.inject({ method: 'GET', url: '/mit-cookie' });
        expect(response.statusCode).toBe(200);
        expect(response.headers['set-cookie']).toBe('sitzung=geheim');
        expect(response.headers['cache-control']).toBe('private, no-cache');
      }
      expect(cache.stats).toEqual({ hits: 0, answers: 0, bytes: 0 });
      // The same hooks keep an answer without a cookie.
      await app.inject({ method: 'GET', url: '/ohne-cookie' });
      const again = await app.inject({ method: 'GET', url: '/ohne-cookie?x=1' });
      expect(again.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(cache.stats).toMatchObject({ hits: 1, answers: 1 });
      await app.close();
    });
  });
});
