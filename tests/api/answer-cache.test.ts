import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS, sessionIdOf } from '../../src/server/areas/auth/sessions.ts';
import { MAX_STORED_ANSWERS, MAX_STORED_BYTES, PUBLIC_CACHE_CONTROL, PUBLIC_CACHE_TTL_MS } from '../../src/server/http/public-cache.ts';
import type { Clock } from '../../src/server/services.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';
import { multipartBody, png } from '../helpers/multipart.ts';

/** Noon in Berlin: far from the club's midnight, which ends every kept answer too. */
const START_MS = Date.parse('2026-11-23T11:00:00Z');
let nowMs = START_MS;
const clock: Clock = { now: () => new Date(nowMs) };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const cache = () => t.app.services.publicCache;

/** The body as the client reads it, whatever Content-Encoding the server chose. */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  if (encoding === 'deflate') return inflateSync(response.rawPayload).toString('utf8');
  return response.body;
}

/** Sends one request over a fresh socket and returns the status line and headers exactly as they arrived. */
function rawHead(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Map<string, string[]> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
      const parsed = new Map<string, string[]>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim().toLowerCase();
        parsed.set(name, [...(parsed.get(name) ?? []), line.slice(colon + 1).trim()]);
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed });
    });
    const lines = Object.entries({ host: 'localhost', connection: 'close', ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
  });
}

describe('kept public answers cannot be poisoned', () => {
  // What the public pages ask for in one batch.
  const url = `/trpc/content.publicInfo,content.publicAlerts,club.profile?batch=1&input=${encodeURIComponent('{}')}`;
  const expectPlainBatch = (body: string) => {
    const parsed: unknown = JSON.parse(body);
    expect(Array.isArray(parsed)).toBe(true);
    expect(parsed).toHaveLength(3);
  };

  it.each([
    ['trpc-accept', { 'trpc-accept': 'application/jsonl' }],
    ['Accept', { accept: 'application/jsonl' }],
    ['Accept with other types', { accept: 'text/html, application/jsonl' }],
  ])('an answer in JSON lines (asked for by %s) is sent to who asked, but never kept nor answered from memory', async (_header, streaming) => {
    // As the attack goes: the first request after the kept answers expired asks for lines.
    cache().invalidate('content');
    const streamed = await t.inject({ method: 'GET', url, headers: streaming });
    expect(streamed.statusCode).toBe(200);
    expect(() => JSON.parse(streamed.body)).toThrow();
    expect(streamed.headers['cache-control']).toBeUndefined();
    expect(cache().stats.answers).toBe(0);

    const plain = await t.inject({ method: 'GET', url });
    expectPlainBatch(plain.body);
    expect(plain.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const hits = cache().stats.hits;
    const browser = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(cache().stats.hits).toBe(hits + 1);
    expectPlainBatch(decodedBody(browser));

    // Once the plain answer is kept, who asks for lines still gets lines, not the kept JSON.
    const again = await t.inject({ method: 'GET', url, headers: streaming });
    expect(cache().stats.hits).toBe(hits + 1);
    expect(again.body.split('\n').filter(Boolean).length).toBeGreaterThan(1);
  });

  it('keeps out any trpc-accept, which tRPC reads before Accept', async () => {
    cache().invalidate('content');
    await t.inject({ method: 'GET', url, headers: { 'trpc-accept': 'application/json' } });
    expect(cache().stats.answers).toBe(0);
  });

  it('sends no answer with both Content-Length and Transfer-Encoding, streamed, computed or from memory', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    cache().invalidate('content');
    const answers = [
      await rawHead(port, url, { 'trpc-accept': 'application/jsonl' }),
      await rawHead(port, url, { accept: 'application/jsonl' }),
      await rawHead(port, url),
      await rawHead(port, url),
      await rawHead(port, url, { 'accept-encoding': 'gzip, deflate, br' }),
      await rawHead(port, url, { 'trpc-accept': 'application/jsonl' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const framing = ['content-length', 'transfer-encoding'].filter((name) => answer.headers.has(name));
      expect(framing).toHaveLength(1);
      for (const values of answer.headers.values()) expect(values).toHaveLength(1);
    }
    expect(answers[0]!.headers.get('transfer-encoding')).toEqual(['chunked']);
    expect(answers[3]!.headers.get('content-length')).toBeDefined();
  });

  it('keys an answer by the inputs the procedures read, so other spellings share it and other inputs do not', async () => {
    cache().invalidate('content');
    const batch = (names: string, input: string, extra = '') => `/trpc/${names}?batch=1&input=${encodeURIComponent(input)}${extra}`;
    const first = await t.inject({ method: 'GET', url: batch('content.publicInfoText', '{"0":{"identifier":"best_shot"}}') });
    expect(first.statusCode).toBe(200);
    const hits = cache().stats.hits;
    // Whitespace in the JSON, another query parameter, another spelling of the path: the same answer.
    for (const same of [
      batch('content.publicInfoText', '{ "0" : { "identifier" : "best_shot" } }'),
      batch('content.publicInfoText', '{"0":{"identifier":"best_shot"}}', '&junk=1'),
      `//TRPC/content.publicInfoText?input=${encodeURIComponent('{"0":{"identifier":"best_shot"}}')}&batch=1`,
    ]) {
      const response = await t.inject({ method: 'GET', url: same });
      expect(response.body).toBe(first.body);
    }
    expect(cache().stats.hits).toBe(hits + 3);
    // Another input, or the same procedure called without batching, is another answer.
    const other = await t.inject({ method: 'GET', url: batch('content.publicInfoText', '{"0":{"identifier":"saison_arch"}}') });
    expect(other.json()[0].result.data.identifier).toBe('saison_arch');
    const single = await t.inject({ method: 'GET', url: `/trpc/content.publicInfoText?input=${encodeURIComponent('{"identifier":"best_shot"}')}` });
    expect(single.json().result.data.identifier).toBe('best_shot');
    expect(cache().stats.hits).toBe(hits + 3);
    // A procedure without input reads none: any input there is the same answer.
    const info = await t.inject({ method: 'GET', url: batch('content.publicInfo', '{}') });
    const infoWithJunk = await t.inject({ method: 'GET', url: batch('content.publicInfo', '{"0":{"x":1}}') });
    expect(infoWithJunk.body).toBe(info.body);
    expect(cache().stats.hits).toBe(hits + 4);
  });

  it('answers a REST read the same for every spelling of its path and keys it by the query parameters it reads', async () => {
    cache().invalidate('galleries');
    const all = await t.inject({ method: 'GET', url: '/api/public/albums' });
    expect(all.statusCode).toBe(200);
    const hits = cache().stats.hits;
    for (const same of ['/api/public/albums?junk=1', '//api//public/ALBUMS', '/%61pi/public/albums?album_id=4']) {
      const response = await t.inject({ method: 'GET', url: same });
      expect(response.body).toBe(all.body);
      expect(response.headers['content-security-policy']).toBe(all.headers['content-security-policy']);
    }
    expect(cache().stats.hits).toBe(hits + 3);
    const section = await t.inject({ method: 'GET', url: '/api/public/albums?section=club' });
    expect(section.statusCode).toBe(200);
    const refused = await t.inject({ method: 'GET', url: '/api/public/albums?section=nix' });
    expect(refused.statusCode).toBe(422);
    expect(cache().stats.hits).toBe(hits + 3);
  });
});

describe('the memory of answers survives a flood', () => {
  it('after 5,000 requests with junk queries and other spellings, /home, the calendar and a thumbnail are still answered from memory, within the caps', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-pages-'));
    const html = '<!doctype html><html lang="de"><head><title>Schützenverein</title></head><body></body></html>';
    writeFileSync(join(dir, 'index.html'), html);
    const site = await createTestApp({ clientDir: dir, clock });
    try {
      // Read once at the start: from here on, /home can only come from memory.
      rmSync(dir, { recursive: true, force: true });
      const album = await site.inject({ method: 'POST', url: '/api/albums', headers: site.admin, payload: { name: 'Flut', section: 'club' } });
      expect(album.statusCode).toBe(201);
      const form = multipartBody([
        { name: 'section', value: 'club' },
        { name: 'album_id', value: String(album.json().data.id) },
        { name: 'files[]', filename: 'scheibe.png', content: await png(40, 30), contentType: 'image/png' },
      ]);
      const upload = await site.inject({ method: 'POST', url: '/api/images', headers: { ...site.admin, ...form.headers }, payload: form.payload });
      expect(upload.statusCode).toBe(201);
      const thumbnail: string = upload.json().data[0].thumbnail_url;
      const name = thumbnail.slice('/files/'.length);
      const memory = site.app.services.publicCache;
      for (const url of ['/api/public/calendar', thumbnail, '/api/public/info']) expect((await site.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(memory.stats.answers).toBe(3);

      const kept = (n: number) => [
        `/api/public/calendar?n=${n}`,
        `//api//public/calendar?${n}`,
        `/API/Public/Calendar?junk=${n}&x=${'a'.repeat(200)}`,
        `/%61pi/public/calendar?n=${n}`,
        `${thumbnail}?v=${n}`,
        `/${thumbnail}?${n}`,
        `/FILES/${name}?n=${n}`,
        `/api/public/info?section=${n}`,
      ];
      const hitsBefore = memory.stats.hits;
      let keptRequests = 0;
      for (let n = 0; n < 5_000; n += 1) {
        const urls = kept(n);
        // Every fifth request asks for the page with a query of its own.
        const url = n % 5 === 0 ? `/home?utm=${n}` : urls[n % urls.length]!;
        if (n % 5 !== 0) keptRequests += 1;
        const response = await site.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
      }
      expect(memory.stats.hits - hitsBefore).toBe(keptRequests);
      expect(memory.stats.answers).toBe(3);
      expect(memory.stats.answers).toBeLessThanOrEqual(MAX_STORED_ANSWERS);
      expect(memory.stats.bytes).toBeLessThanOrEqual(MAX_STORED_BYTES);

      const hits = memory.stats.hits;
      const calendar = await site.inject({ method: 'GET', url: '/api/public/calendar' });
      expect(calendar.statusCode).toBe(200);
      const served = await site.inject({ method: 'GET', url: thumbnail });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(memory.stats.hits).toBe(hits + 2);
      const home = await site.inject({ method: 'GET', url: '/home' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toBe(html);
    } finally {
      await site.close();
    }
  }, 120_000);
});

describe('no session cookie on an answer a proxy may share', () => {
  it('a shared read neither renews a session older than a day nor sets a cookie; the next other request does', async () => {
    nowMs = START_MS;
    const { cookie } = await t.login(ADMIN_UID, ADMIN_PASSWORD);
    const sessionId = sessionIdOf(cookie.slice('sv_session='.length));
    const expiry = async () =>
      Number((await t.db.selectFrom('sessions').select('expires_ms').where('id', '=', sessionId).executeTakeFirstOrThrow()).expires_ms);
    const issued = await expiry();
    nowMs += 25 * 60 * 60 * 1000;
    const shared = [
      ['GET', '/api/public/info'],
      ['HEAD', '/api/public/info'],
      ['GET', '/api/public/info/best_shot'],
      ['GET', '/trpc/content.publicInfo'],
      ['GET', `/trpc/content.publicInfo,club.profile?batch=1&input=${encodeURIComponent('{}')}`],
      ['GET', `/trpc/content.publicInfo?batch=1&input=${encodeURIComponent('{}')}`],
    ] as const;
    for (const [method, url] of shared) {
      // Computed, not from memory: the request runs through the scope and the procedure.
      cache().invalidate('content');
      const response = await t.inject({ method, url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['set-cookie'], url).toBeUndefined();
      expect(response.headers['cache-control'], url).toBe(PUBLIC_CACHE_CONTROL);
      expect(await expiry(), url).toBe(issued);
    }
    // Wrong credentials change nothing in an answer that is the same for everybody.
    const basic = await t.inject({ method: 'GET', url: '/api/public/info/best_shot', headers: t.basic(ADMIN_UID, 'falsch') });
    expect(basic.statusCode).toBe(200);

    const me = await t.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.cookies.find((c) => c.name === 'sv_session')).toMatchObject({ maxAge: SESSION_LIFETIME_MS / 1000 });
    expect(me.headers['cache-control']).toBeUndefined();
    expect(await expiry()).toBe(nowMs + SESSION_LIFETIME_MS);

    nowMs += 25 * 60 * 60 * 1000;
    const trpcMe = await t.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } });
    expect(trpcMe.statusCode).toBe(200);
    expect(trpcMe.cookies.find((c) => c.name === 'sv_session')).toBeDefined();
    expect(await expiry()).toBe(nowMs + SESSION_LIFETIME_MS);
  });
});

describe('a kept answer is at most 10 seconds stale', () => {
  it('expires with the cached value it was built from, not 10 seconds after it was kept', async () => {
    nowMs = START_MS + 2 * 24 * 60 * 60 * 1000;
    await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: t.admin, payload: { text: 'Vorher' } });
    const rest = '/api/public/info';
    const trpc = '/trpc/content.publicInfo';
    const text = (body: unknown) => (body as { identifier: string; text: string }[]).find((entry) => entry.identifier === 'best_shot')?.text;
    // t0: the value is computed through one address.
    expect(text((await t.inject({ method: 'GET', url: rest })).json().data)).toBe('Vorher');
    // t0 + 9 s: another address is built from the same value and kept.
    nowMs += 9_000;
    const answers = cache().stats.answers;
    expect(text((await t.inject({ method: 'GET', url: trpc })).json().result.data)).toBe('Vorher');
    expect(cache().stats.answers).toBe(answers + 1);
    // Another instance writes, straight to the database.
    await t.db.updateTable('info_texts').set({ text: 'Nachher' }).where('identifier', '=', 'best_shot').execute();
    nowMs += 999;
    const hits = cache().stats.hits;
    expect(text((await t.inject({ method: 'GET', url: trpc })).json().result.data)).toBe('Vorher');
    expect(cache().stats.hits).toBe(hits + 1);
    // t0 + 10 s: the value is gone, and so is every answer built from it.
    nowMs = START_MS + 2 * 24 * 60 * 60 * 1000 + PUBLIC_CACHE_TTL_MS;
    expect(text((await t.inject({ method: 'GET', url: trpc })).json().result.data)).toBe('Nachher');
    expect(text((await t.inject({ method: 'GET', url: rest })).json().data)).toBe('Nachher');
  });
});

describe('the process log', () => {
  it('has no line for a request answered from memory, and its one line for every other', async () => {
    const lines: { msg: string; reqId?: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const logged = await createTestApp({ clock, logger: { level: 'info', stream } });
    try {
      // One line per request, when it is answered (http/request-log.ts).
      const requestLines = (url: string) => lines.filter((line) => line.req?.url === url).map((line) => line.msg);
      // Computed: logged. From memory, HEAD included: nothing.
      expect((await logged.inject({ method: 'GET', url: '/api/public/info' })).statusCode).toBe(200);
      for (let n = 0; n < 3; n += 1) await logged.inject({ method: 'GET', url: '/api/public/info' });
      await logged.inject({ method: 'HEAD', url: '/api/public/info' });
      expect(logged.app.services.publicCache.stats.hits).toBe(4);
      expect(requestLines('/api/public/info')).toEqual(['request completed']);
      // Whatever the memory does not answer keeps its line: a 404, a refused write.
      await logged.inject({ method: 'GET', url: '/api/gibt-es-nicht' });
      await logged.inject({ method: 'PUT', url: '/api/info/best_shot', payload: { text: 'x' } });
      expect(requestLines('/api/gibt-es-nicht')).toEqual(['request completed']);
      expect(requestLines('/api/info/best_shot')).toEqual(['request completed']);
    } finally {
      await logged.close();
    }
  });
});
