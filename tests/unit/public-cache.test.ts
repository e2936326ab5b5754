import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MAX_STORED_ANSWERS, MAX_STORED_BYTES, PublicCache, storableHeaders } from '../../src/server/http/public-cache.ts';

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

  describe('whole answers kept by address', () => {
    const answer = (text: string) => ({ body: Buffer.from(text), etag: `"${text}"`, headers: { 'content-type': 'application/json', etag: `"${text}"` } });

    it('keeps an answer until the TTL or the next write of any area', () => {
      const { cache, advance } = setup();
      cache.storeAnswer('/trpc/a', cache.generation, answer('eins'));
      expect(cache.answer('/trpc/a')?.etag).toBe('"eins"');
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

    it('keeps at most MAX_STORED_ANSWERS addresses, whatever inputs strangers send', () => {
      const { cache } = setup();
      for (let n = 0; n < MAX_STORED_ANSWERS + 50; n += 1) cache.storeAnswer(`/trpc/a?input=${n}`, cache.generation, answer(String(n)));
      expect(cache.answer(`/trpc/a?input=${MAX_STORED_ANSWERS - 1}`)).toBeDefined();
      expect(cache.answer(`/trpc/a?input=${MAX_STORED_ANSWERS}`)).toBeUndefined();
    });

    it('sends a 304 without the headers that describe the body, and counts the body it keeps', () => {
      const { cache } = setup();
      cache.storeAnswer('/api/public/calendar.ics', cache.generation, {
        body: Buffer.from('BEGIN:VCALENDAR'),
        etag: '"ics"',
        headers: { 'content-type': 'text/calendar', 'content-disposition': 'inline; filename="termine.ics"', etag: '"ics"', 'x-frame-options': 'DENY' },
      });
      const stored = cache.answer('/api/public/calendar.ics');
      expect(stored?.headers).toEqual({
        'content-type': 'text/calendar',
        'content-disposition': 'inline; filename="termine.ics"',
        etag: '"ics"',
        'x-frame-options': 'DENY',
        'content-length': '15',
      });
      expect(stored?.notModifiedHeaders).toEqual({ etag: '"ics"', 'x-frame-options': 'DENY' });
    });

    it('keeps at most MAX_STORED_BYTES of bodies, and makes room again after a write', () => {
      const { cache } = setup();
      const big = (n: number) => ({ body: Buffer.alloc(MAX_STORED_BYTES / 4, n), etag: undefined, headers: {} });
      for (let n = 0; n < 4; n += 1) cache.storeAnswer(`/files/${n}.webp`, cache.generation, big(n));
      cache.storeAnswer('/files/4.webp', cache.generation, big(4));
      expect(cache.answer('/files/3.webp')).toBeDefined();
      expect(cache.answer('/files/4.webp')).toBeUndefined();
      // Replacing an address does not count its old body twice.
      cache.storeAnswer('/files/3.webp', cache.generation, big(5));
      expect(cache.answer('/files/3.webp')?.body[0]).toBe(5);
      cache.invalidate('galleries');
      cache.storeAnswer('/files/4.webp', cache.generation, big(4));
      expect(cache.answer('/files/4.webp')).toBeDefined();
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
      expect(cache.answer('/trpc/content.publicInfo')?.etag).toBe('"info"');
    });
  });
});
