import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import {
  SelectQueryNode,
  TableNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bcryptHasher, type PasswordHasher } from '../../src/server/areas/auth/passwords.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';

const NOT_FOUND = 'Diese Adresse gibt es nicht.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The German message of a JSON error, in the REST shape or the tRPC shape. */
function messageOf(response: LightMyRequestResponse): string {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json();
  return typeof body.message === 'string' ? body.message : body.error.message;
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy']);
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toMatch(/default-src 'self'/);
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(response.headers.server).toBeUndefined();
}

/** Data answers: a policy that allows nothing, no framing, no sniffing. */
function expectDataSecurityHeaders(response: LightMyRequestResponse) {
  expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('GET /api/health', () => {
  it('answers {"status":"ok"} while the database answers', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expectDataSecurityHeaders(response);
  });

  it.each(['/trpc/club.profile', '/api/public/info', '/api/gibt-es-nicht'])('%s carries the data headers as well', async (url) => {
    expectDataSecurityHeaders(await t.inject({ method: 'GET', url }));
  });

  it('answers 503 with a German JSON message when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.destroy();
      const response = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: MESSAGES.databaseUnavailable });
    } finally {
      await broken.close();
    }
  });
});

describe('unknown paths under /api and /trpc', () => {
  it.each([
    ['GET', '/api/xyz'],
    ['POST', '/api/xyz'],
    ['DELETE', '/api/users/1/xyz'],
    ['GET', '/api'],
    ['GET', '/api/xyz?a=1'],
    ['GET', '/trpc/xyz'],
    ['POST', '/trpc/xyz'],
    ['GET', '/trpc/auth.nichts'],
    ['GET', '/trpc'],
    ['GET', '/trpc/a/b'],
  ] as const)('%s %s answers 404 JSON with a German message', async (method, url) => {
    const response = await t.inject({
      method,
      url,
      headers: { accept: 'text/html', ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { payload: '{}' }),
    });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(NOT_FOUND);
    expect(response.body).not.toMatch(/<html/i);
  });

  it('other paths answer 404 JSON as well while no client is built', async () => {
    const response = await t.inject({ method: 'GET', url: '/home' });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(NOT_FOUND);
  });

  it('a wrong method on a tRPC procedure answers in German', async () => {
    const response = await t.inject({ method: 'GET', url: '/trpc/auth.login' });
    expect(response.statusCode).toBe(405);
    expect(messageOf(response)).toBe(MESSAGES.methodNotAllowed);
  });
});

describe('request bodies', () => {
  const big = JSON.stringify({ username: ADMIN_UID, password: 'x'.repeat(300 * 1024) });

  it.each(['/api/login', '/trpc/auth.login'])('a JSON body over the limit on %s answers 413 with a German JSON message', async (url) => {
    const response = await t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: big });
    expect(response.statusCode).toBe(413);
    expect(messageOf(response)).toBe(MESSAGES.bodyTooLarge);
  });

  it.each(['/api/login', '/trpc/auth.login'])('invalid JSON on %s answers 400 with a German JSON message', async (url) => {
    const response = await t.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(MESSAGES.invalidJson);
  });

  it.each(['/api/login', '/trpc/auth.login'])('an unsupported content type on %s answers 415 in German', async (url) => {
    const response = await t.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${ADMIN_UID}&password=${ADMIN_PASSWORD}`,
    });
    expect(response.statusCode).toBe(415);
    expect(messageOf(response)).toBe(MESSAGES.unsupportedMediaType);
  });
});

describe('unexpected errors', () => {
  const SECRET = 'Hasher defekt: Testfehler 4711';
  let broken: TestApp;
  beforeAll(async () => {
    const bcrypt = bcryptHasher(4);
    // A fault deep inside the real login code: the password check itself fails.
    const failing: PasswordHasher = {
      hash: (password) => bcrypt.hash(password),
      verify: async () => {
        throw new Error(SECRET);
      },
      unknownUserHash: bcrypt.unknownUserHash,
    };
    broken = await createTestApp({ passwords: failing });
  });
  afterAll(() => broken.close());

  async function logMessages(): Promise<string[]> {
    return (await broken.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
  }

  it('the REST shim answers 500 {"message":"Interner Serverfehler"} without details and logs them', async () => {
    const response = await broken.inject({ method: 'POST', url: '/api/login', payload: { username: ADMIN_UID, password: ADMIN_PASSWORD } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Interner Serverfehler' });
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toMatch(/stack|\.ts:\d+/);
    await vi.waitFor(async () => {
      expect((await logMessages()).some((message) => message.includes(SECRET) && message.includes('/api/login'))).toBe(true);
    });
  });

  it('tRPC answers 500 "Interner Serverfehler" without details and logs them', async () => {
    const response = await broken.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(500);
    const error = response.json().error;
    expect(error.message).toBe('Interner Serverfehler');
    expect(response.body).not.toContain(SECRET);
    expect(response.body).not.toMatch(/stack|\.ts:\d+/);
    await vi.waitFor(async () => {
      expect((await logMessages()).some((message) => message.includes(SECRET) && message.includes('auth.login'))).toBe(true);
    });
  });

  it('the same holds for a fault while checking Basic credentials', async () => {
    for (const url of ['/api/me', '/trpc/auth.me']) {
      const response = await broken.inject({ method: 'GET', url, headers: broken.admin });
      expect(response.statusCode).toBe(500);
      expect(messageOf(response)).toBe('Interner Serverfehler');
      expect(response.body).not.toContain(SECRET);
    }
  });
});

/** Makes every read of one table fail while armed: a fault deep inside a procedure. */
class FailingReads implements KyselyPlugin {
  armed = false;
  readonly table: string;
  constructor(table: string) {
    this.table = table;
  }
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const reads = SelectQueryNode.is(node) && (node.from?.froms ?? []).some((from) => TableNode.is(from) && from.table.identifier.name === this.table);
    if (this.armed && reads) throw new Error(`Lesefehler in ${this.table}`);
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

describe('unexpected errors in the server log', () => {
  it('are written once per procedure or route and minute, however often they repeat', async () => {
    let nowMs = Date.parse('2026-11-23T10:00:00Z');
    const failing = new FailingReads('appointments');
    const broken = await createTestApp({ clock: { now: () => new Date(nowMs) } }, {}, { plugins: [failing] });
    // tRPC's onError does not wait for the log; the test does, before it counts.
    const real = broken.app.services.serverLog;
    const writing: Promise<void>[] = [];
    broken.app.services.serverLog = {
      ...real,
      write: (...args) => {
        const done = real.write(...args);
        writing.push(done);
        return done;
      },
      writeOnce: (...args) => {
        const done = real.writeOnce(...args);
        writing.push(done);
        return done;
      },
    };
    const serverErrors = async () => {
      await Promise.all(writing);
      const rows = await broken.db.selectFrom('log_entries').select('message').where('message', 'like', 'Serverfehler%').orderBy('id').execute();
      return rows.map((row) => row.message);
    };
    const month = (value: number) => `/trpc/calendar.month?input=${encodeURIComponent(JSON.stringify({ year: 2026, month: value }))}`;
    const failAll = async (times: number) => {
      for (let i = 0; i < times; i += 1) {
        for (const url of ['/api/public/calendar', '/api/calendar/2026-11', '/api/calendar/2026-12', month(11), month(12)]) {
          expect((await broken.inject({ method: 'GET', url, headers: broken.admin })).statusCode, url).toBe(500);
        }
      }
    };
    try {
      failing.armed = true;
      await failAll(5);
      expect(await serverErrors()).toEqual([
        'Serverfehler bei GET /api/public/calendar: Lesefehler in appointments',
        // One route, whichever month it names.
        'Serverfehler bei GET /api/calendar/2026-11: Lesefehler in appointments',
        'Serverfehler in calendar.month: Lesefehler in appointments',
      ]);
      nowMs += 59_000;
      await failAll(1);
      expect(await serverErrors()).toHaveLength(3);
      nowMs += 2_000;
      await failAll(2);
      expect(await serverErrors()).toHaveLength(6);
    } finally {
      failing.armed = false;
      await broken.close();
    }
  });
});

describe('the built client', () => {
  let dir: string;
  let site: TestApp;
  const INDEX = '<!doctype html><html lang="de"><head><title>Schützenverein</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'club-client-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("app");');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log("app");'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/client/main.tsx":{}}');
    site = await createTestApp({ clientDir: dir });
  });
  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/home', '/termine', '/galerien/bogen', '/admin/kalender/2026/5', '/gibt-es-nicht'])(
    'GET %s serves the app, whose router shows the page',
    async (url) => {
      const response = await site.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expectSecurityHeaders(response);
    },
  );

  it('serves hashed assets with a long cache lifetime and other files with revalidation', async () => {
    const asset = await site.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    const icon = await site.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/trpc/nope'],
    ['GET', '/assets/fehlt.js'],
    ['POST', '/home'],
  ] as const)('%s %s still answers 404 JSON, never the app', async (method, url) => {
    const response = await site.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(messageOf(response)).toBe(NOT_FOUND);
  });

  it('sends the brotli file written at build time to browsers that accept it', async () => {
    const compressed = await site.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app");');
    const plain = await site.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('keeps the build manifest, which names source files, to itself', async () => {
    const response = await site.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(response.body).not.toContain('src/client');
  });

  it('answers the API as before', async () => {
    const response = await site.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
