import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../src/client/entry-server.tsx';
import { SESSION_LIFETIME_MS } from '../../src/server/areas/auth/sessions.ts';
import { readConfig } from '../../src/server/config.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { PERMISSIONS_POLICY } from '../../src/server/http/security.ts';
import type { Clock } from '../../src/server/services.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';
import { multipartBody, pdf } from '../helpers/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MB = 1024 * 1024;

/**
 * Streams up to `totalBytes` of a multipart body to a listening server and stops as soon as
 * the server answers. Returns the status and how many bytes had left the client by then.
 */
function sendHugeMultipart(port: number, path: string, totalBytes: number): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'grenze';
  const chunk = Buffer.alloc(MB, 0x61);
  let sentBytes = 0;
  let stop = false;
  const source = Readable.from(
    (function* () {
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gross.bin"\r\n\r\n`);
      while (!stop && sentBytes < totalBytes) {
        sentBytes += chunk.length;
        yield chunk;
      }
    })(),
  );
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(totalBytes + 200) },
      },
      (res) => {
        stop = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (body += part));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sentBytes });
        });
      },
    );
    // The server may close the socket while the client still writes: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) => (stop ? undefined : reject(error)));
    source.pipe(req);
  });
}

describe('bodies never reach memory unbounded', () => {
  it('an anonymous 700 MB multipart POST to /trpc/auth.login answers 415 at once and memory stays flat', async () => {
    const site = await createTestApp();
    try {
      await site.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = site.app.server.address() as AddressInfo;
      global.gc?.();
      const before = process.memoryUsage().rss;
      const result = await sendHugeMultipart(port, '/trpc/auth.login', 700 * MB);
      const grown = process.memoryUsage().rss - before;
      expect(result.status).toBe(415);
      expect(JSON.parse(result.body)).toEqual({ message: MESSAGES.unsupportedMediaType });
      // The answer came long before the body was through (socket buffers hold a few MB).
      expect(result.sentBytes).toBeLessThan(100 * MB);
      expect(grown).toBeLessThan(64 * MB);
    } finally {
      await site.close();
    }
  });

  it.each([
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
    ['text/plain', '{"0":{"json":{}}}'],
    ['application/x-www-form-urlencoded', 'a=b'],
    ['application/octet-stream', 'abc'],
  ])('a %s body to /trpc answers 415 in German', async (type, payload) => {
    const response = await t.inject({ method: 'POST', url: '/trpc/auth.login', headers: { 'content-type': type }, payload });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: MESSAGES.unsupportedMediaType });
  });

  it('a POST to /trpc without any content type answers 415, a JSON one is read', async () => {
    const bare = await t.inject({ method: 'POST', url: '/trpc/auth.logout', payload: 'x' });
    expect(bare.statusCode).toBe(415);
    const json = await t.inject({ method: 'POST', url: '/trpc/auth.logout', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{}' });
    expect(json.statusCode).toBe(200);
  });
});

describe('the CSRF guard decides on the route, not on the URL text', () => {
  const trpcSpellings = ['/trpc/auth.logout', '/%74rpc/auth.logout', '/%74%72%70%63/auth.logout', '//trpc/auth.logout', '/trpc//auth.logout', '/TRPC/auth.logout', '/Trpc/auth.logout', '/trpc/auth%2elogout'];
  const restSpellings = ['/api/logout', '/%61pi/logout', '/api/%6cogout', '//api/logout', '/api//logout', '/API/LOGOUT', '/Api/Logout'];

  async function stillLoggedIn(cookie: string): Promise<boolean> {
    const response = await t.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    return response.statusCode === 200;
  }

  it.each([...trpcSpellings, ...restSpellings])('POST %s with the session cookie and without X-Requested-With answers 403 and keeps the session', async (url) => {
    const { cookie } = await t.login(ADMIN_UID, ADMIN_PASSWORD);
    const response = await t.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: MESSAGES.csrf });
    expect(await stillLoggedIn(cookie)).toBe(true);
  });

  it.each([...trpcSpellings, ...restSpellings])('POST %s with the header reaches the same route and logs out', async (url) => {
    const headers = await t.login(ADMIN_UID, ADMIN_PASSWORD);
    const response = await t.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
    expect(response.statusCode).toBe(200);
    expect(await stillLoggedIn(headers.cookie)).toBe(false);
  });

  it.each(['/%61pi/gibt-es-nicht', '/TRPC/gibt.es.nicht', '//api/gibt-es-nicht', '/%74rpc/a/b'])('an unknown path spelled %s still answers the JSON 404', async (url) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body.message ?? body.error?.message).toBe(MESSAGES.pathNotFound);
  });
});

describe('tRPC batches', () => {
  const batch = (size: number) => `/trpc/${Array.from({ length: size }, () => 'auth.session').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`;

  it('answers a batch of 10 calls', async () => {
    const response = await t.inject({ method: 'GET', url: batch(10) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(10);
  });

  it('refuses a batch of 11 calls with a German message and runs none of them', async () => {
    const response = await t.inject({ method: 'GET', url: batch(11) });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(MESSAGES.batchTooLarge);
  });
});

describe('proxy trust is exact', () => {
  async function sessionAddress(site: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
    const response = await site.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const row = await site.db.selectFrom('sessions').select('address').orderBy('created_ms', 'desc').orderBy('id').executeTakeFirstOrThrow();
    await site.db.deleteFrom('sessions').execute();
    return row.address;
  }

  async function withProxy(trustProxy: string, check: (site: TestApp) => Promise<void>) {
    const site = await createTestApp({ config: readConfig({ ADMIN_UID, ADMIN_PASSWORD, TRUST_PROXY: trustProxy }) });
    try {
      await check(site);
    } finally {
      await site.close();
    }
  }

  it('without TRUST_PROXY a sent X-Forwarded-For changes nothing', async () => {
    expect(await sessionAddress(t, '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
  });

  it('with the proxy address, only requests from the proxy may name the visitor', () =>
    withProxy('10.0.0.1', async (site) => {
      expect(await sessionAddress(site, '10.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
      // A visitor talking to the site directly cannot pick an address.
      expect(await sessionAddress(site, '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
      // Behind the proxy, what the visitor wrote into the header before the proxy added its entry counts for nothing.
      expect(await sessionAddress(site, '10.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    }));

  it('with a CIDR range, the proxies of that range are trusted and no one else', () =>
    withProxy('10.0.0.0/8, 192.0.2.1', async (site) => {
      expect(await sessionAddress(site, '10.20.30.40', '203.0.113.9')).toBe('203.0.113.9');
      expect(await sessionAddress(site, '192.0.2.1', '203.0.113.10')).toBe('203.0.113.10');
      expect(await sessionAddress(site, '11.0.0.1', '203.0.113.9')).toBe('11.0.0.1');
    }));

  it('with a hop count of 1, the address the proxy added counts, not what the visitor sent', () =>
    withProxy('1', async (site) => {
      expect(await sessionAddress(site, '127.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
      expect(await sessionAddress(site, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    }));
});

describe('an active member stays logged in', () => {
  it('sends the cookie again with the full lifetime when the server extends the session', async () => {
    let nowMs = Date.parse('2026-11-23T10:00:00Z');
    const clock: Clock = { now: () => new Date(nowMs) };
    const site = await createTestApp({ clock });
    try {
      const login = await site.inject({ method: 'POST', url: '/api/login', payload: { username: ADMIN_UID, password: ADMIN_PASSWORD } });
      const issued = login.cookies.find((cookie) => cookie.name === 'sv_session')!;
      expect(issued.maxAge).toBe(SESSION_LIFETIME_MS / 1000);
      const headers = { cookie: `sv_session=${issued.value}` };

      // Within the first day the session is not extended, so the cookie is not sent again.
      nowMs += 60 * 60 * 1000;
      const early = await site.inject({ method: 'GET', url: '/api/me', headers });
      expect(early.statusCode).toBe(200);
      expect(early.headers['set-cookie']).toBeUndefined();

      // Thirteen days later the browser would drop the first cookie tomorrow; the answer renews it.
      nowMs += 13 * 24 * 60 * 60 * 1000;
      for (const url of ['/api/me', '/trpc/auth.session']) {
        const later = await site.inject({ method: 'GET', url, headers });
        expect(later.statusCode).toBe(200);
        const renewed = later.cookies.find((cookie) => cookie.name === 'sv_session');
        if (url === '/api/me') {
          expect(renewed).toMatchObject({ value: issued.value, maxAge: SESSION_LIFETIME_MS / 1000, httpOnly: true, sameSite: 'Strict', path: '/' });
        } else {
          // Extended by the request before: nothing to renew yet.
          expect(renewed).toBeUndefined();
        }
      }
      // Past the first cookie's lifetime the session still works with the renewed one.
      nowMs += 2 * 24 * 60 * 60 * 1000;
      expect((await site.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
    } finally {
      await site.close();
    }
  });
});

describe('the app page is answered from memory', () => {
  it('serves /home after the file is gone, with an ETag, 304 on a match, and the brotli copy to browsers that take it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-pages-'));
    const html = `<!doctype html><html lang="de"><head><title>Schützenverein</title></head><body>${'<p>Seite</p>'.repeat(200)}</body></html>`;
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(html));
    const site = await createTestApp({ clientDir: dir });
    try {
      rmSync(dir, { recursive: true, force: true });
      const plain = await site.inject({ method: 'GET', url: '/home' });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).toBe(html);
      expect(plain.headers['cache-control']).toBe('no-cache');
      const etag = String(plain.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await site.inject({ method: 'GET', url: '/bogenparcours', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const compressed = await site.inject({ method: 'GET', url: '/termine', headers: { 'accept-encoding': 'gzip, br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);
      const refused = await site.inject({ method: 'GET', url: '/termine', headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(html);
    } finally {
      await site.close();
    }
  });
});

describe('cached public reads over tRPC', () => {
  const url = `/trpc/content.publicInfo,club.profile?batch=1&input=${encodeURIComponent('{}')}`;

  it('answer with an ETag that browsers revalidate, and 304 when they hold it', async () => {
    const first = await t.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(first.json()).toHaveLength(2);
    const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('gets a new ETag after a change', async () => {
    const before = String((await t.inject({ method: 'GET', url })).headers.etag);
    const save = await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: t.admin, payload: { text: `Neu ${Date.now()}` } });
    expect(save.statusCode).toBe(200);
    const after = await t.inject({ method: 'GET', url, headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('never marks an answer that depends on who asks as shareable', async () => {
    const headers = await t.login(ADMIN_UID, ADMIN_PASSWORD);
    const mixed = await t.inject({ method: 'GET', url: `/trpc/content.publicInfo,auth.session?batch=1&input=${encodeURIComponent('{}')}`, headers });
    expect(mixed.statusCode).toBe(200);
    expect(mixed.headers.etag).toBeUndefined();
    expect(mixed.headers['cache-control']).toBeUndefined();
  });
});

describe('answers kept in memory', () => {
  /** The headers of an answer without those node:http writes anew for every answer. */
  const kept = (headers: Record<string, unknown>) => {
    const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
    return rest;
  };

  it('are sent again with the very headers and bytes of the first answer, security headers and file name included', async () => {
    const first = await t.inject({ method: 'GET', url: '/api/public/calendar.ics' });
    const again = await t.inject({ method: 'GET', url: '/api/public/calendar.ics' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe('inline; filename="termine.ics"');
    expect(first.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(again.statusCode).toBe(200);
    expect(kept(again.headers)).toEqual(kept(first.headers));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const head = await t.inject({ method: 'HEAD', url: '/api/public/calendar.ics' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(first.rawPayload.length));
    expect(head.body).toBe('');
    const notModified = await t.inject({ method: 'GET', url: '/api/public/calendar.ics', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers['content-disposition']).toBeUndefined();
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(notModified.headers['x-content-type-options']).toBe('nosniff');
  });

  it('go compressed to browsers that take it, the first answer as the kept ones, each form with its own tag', async () => {
    // A write first, so the first read below computes the answer instead of finding it kept.
    await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: t.admin, payload: { text: 'Komprimiert' } });
    const url = '/api/public/info';
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    for (const attempt of ['berechnet', 'aus dem Speicher']) {
      const compressed = await t.inject({ method: 'GET', url, headers: browser });
      expect(compressed.headers['content-encoding'], attempt).toBe('br');
      expect(compressed.headers.vary).toMatch(/accept-encoding/);
      const plain = await t.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(compressed.headers.etag).not.toBe(plain.headers.etag);
      const gzipped = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
      const held = await t.inject({ method: 'GET', url, headers: { ...browser, 'if-none-match': String(compressed.headers.etag) } });
      expect(held.statusCode).toBe(304);
    }
  });

  it('answer without asking the database until the site writes', async () => {
    const url = '/api/public/info/best_shot';
    const save = await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: t.admin, payload: { text: 'Erster Text' } });
    expect(save.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url })).json()).toMatchObject({ text: 'Erster Text' });
    // Behind the site's back: a kept answer does not see it (another instance's write shows within the TTL).
    await t.db.updateTable('info_texts').set({ text: 'Am Server vorbei' }).where('identifier', '=', 'best_shot').execute();
    expect((await t.inject({ method: 'GET', url })).json()).toMatchObject({ text: 'Erster Text' });
    await t.inject({ method: 'PUT', url: '/api/info/best_shot', headers: t.admin, payload: { text: 'Zweiter Text' } });
    expect((await t.inject({ method: 'GET', url })).json()).toMatchObject({ text: 'Zweiter Text' });
  });
});

/**
 * A site with its pages rendered on the server (as in production), listening on a port:
 * some spellings below never reach the app through `inject`, which reads the address as a
 * browser would (`/\host` as `//host`) before sending it.
 */
describe('the rendered site', () => {
  let site: TestApp;
  let port: number;
  beforeAll(async () => {
    site = await createTestApp({ renderer: renderPage });
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    port = (site.app.server.address() as AddressInfo).port;
  });
  afterAll(() => site.close());

  /** GET with the request target exactly as written, on a connection of its own. */
  function rawGet(target: string): Promise<{ status: number; headers: Record<string, string> }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const [statusLine = '', ...lines] = text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
        resolve({ status: Number(statusLine.split(' ')[1]), headers });
      });
    });
  }

  describe('the trailing-slash redirect never leaves the site', () => {
    const spellings = [
      '//evil.example/',
      '///evil.example/',
      '//////evil.example//',
      '/\\evil.example/',
      '/\\\\evil.example/',
      '/\\/evil.example/',
      '//\\evil.example/',
      '/\\\\/\\//evil.example///',
      '\\\\evil.example/',
      '/%2F%2Fevil.example/',
      '/%2f/evil.example/',
      '/%5C%5Cevil.example/',
      '/%5C/evil.example/',
      '/%09/evil.example/',
      '/\t/evil.example/',
      '/ /evil.example/',
      '/./\\evil.example/',
      '/..//evil.example/',
      '//evil.example/?weiter=1',
      '/\\evil.example/?weiter=//anderswo',
      '/termine/',
      '/termine//',
    ];

    it.each(spellings)('GET %s', async (target) => {
      const answer = await rawGet(target);
      if (answer.status < 300 || answer.status >= 400) return;
      const location = answer.headers.location ?? '';
      // A single '/' and then neither '/' nor '\' (browsers read both as the start of a host), or '/' alone.
      expect(location, `${target} → ${location}`).toMatch(/^\/(?:$|[^/\\])/);
      // And as a browser resolves it: still this site.
      expect(new URL(location, 'https://verein.example/').origin).toBe('https://verein.example');
    });

    it('still sends a page address with a trailing slash to the page', async () => {
      const answer = await rawGet('/termine/?monat=12');
      expect([answer.status, answer.headers.location]).toEqual([301, '/termine?monat=12']);
      const backslash = await rawGet('/\\evil.example/');
      expect([backslash.status, backslash.headers.location]).toEqual([301, '/evil.example']);
    });
  });

  describe('Permissions-Policy', () => {
    it('comes with every kind of answer: pages, kept pages, redirects, 404s, /api, /trpc, files, kept files', async () => {
      const upload = multipartBody([{ name: 'file', filename: 'Satzung.pdf', content: pdf() }]);
      const created = await site.inject({ method: 'POST', url: '/api/downloads', headers: { ...site.admin, ...upload.headers }, payload: upload.payload });
      expect(created.statusCode, created.body).toBe(201);
      const file = String(created.json().data.file_url);
      const answers: [string, { statusCode: number; headers: Record<string, unknown> }][] = [];
      const get = async (what: string, url: string, headers: Record<string, string> = {}) => answers.push([what, await site.inject({ method: 'GET', url, headers })]);
      await get('page', '/home');
      await get('kept page', '/home');
      await get('kept page, not modified', '/home', { 'if-none-match': String(answers[0]![1].headers.etag) });
      await get('back office', '/admin');
      await get('redirect', '/termine/');
      await get('redirect of /', '/');
      await get('404 page', '/gibt-es-nicht');
      await get('/api', '/api/public/info');
      await get('kept /api', '/api/public/info');
      await get('/api 401', '/api/users');
      await get('/api 404', '/api/gibt-es-nicht');
      await get('/trpc', '/trpc/club.profile');
      await get('kept /trpc', '/trpc/club.profile');
      await get('/trpc 404', '/trpc/gibt.es.nicht');
      await get('file', file);
      await get('kept file', file);
      await get('file 404', '/files/00000000-0000-4000-8000-000000000000.pdf');
      expect(answers.map(([what, answer]) => [what, answer.statusCode])).toEqual([
        ['page', 200],
        ['kept page', 200],
        ['kept page, not modified', 304],
        ['back office', 200],
        ['redirect', 301],
        ['redirect of /', 302],
        ['404 page', 404],
        ['/api', 200],
        ['kept /api', 200],
        ['/api 401', 401],
        ['/api 404', 404],
        ['/trpc', 200],
        ['kept /trpc', 200],
        ['/trpc 404', 404],
        ['file', 200],
        ['kept file', 200],
        ['file 404', 404],
      ]);
      for (const [what, answer] of answers) expect(answer.headers['permissions-policy'], what).toBe(PERMISSIONS_POLICY);
      // Through a real socket too, with a spelling the router does not know.
      expect((await rawGet('/\\evil.example/')).headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    });

    it.each(['/%E0%A4%A', '/api/%E0%A4%A', '/trpc/%zz', '/files/%E0%A4%A'])('comes with the 400 for an address that cannot be decoded (%s), which answers in German', async (url) => {
      const answer = await site.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: MESSAGES.badRequest });
      expect(answer.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    });

    it('denies the device features the site never uses, browsing-topics too', () => {
      const denied = Object.fromEntries(PERMISSIONS_POLICY.split(', ').map((entry) => entry.split('=')));
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'magnetometer', 'gyroscope', 'accelerometer', 'display-capture', 'browsing-topics', 'interest-cohort']) {
        expect(denied[feature], feature).toBe('()');
      }
    });
  });
});
