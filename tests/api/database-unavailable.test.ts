import { createServer } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { readConfig } from '../../src/server/config.ts';
import type { Db, Dialect } from '../../src/server/db/connection.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { MESSAGES, RETRY_AFTER_SECONDS } from '../../src/server/errors.ts';

/**
 * A database that does not answer gives 503 with the German message and Retry-After over
 * tRPC as over REST, whether it fails inside a procedure or while the request is authenticated.
 * Needs no database server: the point is that there is none.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const brokenDatabases: Array<[string, () => Promise<{ db: Db; dialect: Dialect }>]> = [
  [
    'SQLite whose file is closed',
    async () => {
      const database = new SqliteDatabase(':memory:');
      const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
      database.close();
      return { db, dialect: 'sqlite' };
    },
  ],
  [
    'MySQL server not listening',
    async () => {
      const pool = createPool({ uri: `mysql://club:club@127.0.0.1:${await freePort()}/club`, connectTimeout: 2000 });
      return { db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }), dialect: 'mysql' };
    },
  ],
  [
    'MySQL pool that was ended',
    async () => {
      const pool = createPool({ uri: `mysql://club:club@127.0.0.1:${await freePort()}/club` });
      await new Promise<void>((resolve, reject) => pool.end((error) => (error ? reject(error) : resolve())));
      return { db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }), dialect: 'mysql' };
    },
  ],
];

const basic = { authorization: `Basic ${Buffer.from('00000001:Admin1234').toString('base64')}` };
const json = { 'content-type': 'application/json' };
const login = JSON.stringify({ username: '00000001', password: 'Admin1234' });

describe.each(brokenDatabases)('%s', (_name, open) => {
  it('answers 503 over tRPC and REST, in a procedure and in authentication', async () => {
    const { db, dialect } = await open();
    const app = await buildApp({ db, dialect, config: readConfig({ ADMIN_UID: '00000001', PORT: '3000' }), passwords: bcryptHasher(4) });
    try {
      const calls = [
        // The procedure fails (login attempts are counted in the database).
        { kind: 'trpc', request: { method: 'POST' as const, url: '/trpc/auth.login', headers: json, payload: login } },
        // createContext fails: Basic credentials and a session cookie are looked up first.
        { kind: 'trpc', request: { method: 'GET' as const, url: '/trpc/users.list', headers: basic } },
        { kind: 'trpc', request: { method: 'GET' as const, url: '/trpc/auth.session', headers: { cookie: 'sv_session=abc' } } },
        { kind: 'rest', request: { method: 'POST' as const, url: '/api/login', headers: json, payload: login } },
        { kind: 'rest', request: { method: 'GET' as const, url: '/api/users', headers: basic } },
        { kind: 'rest', request: { method: 'GET' as const, url: '/api/me', headers: { cookie: 'sv_session=abc' } } },
      ];
      for (const { kind, request } of calls) {
        const response = await app.inject(request);
        expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(503);
        // When to ask again; tRPC's answer too, which reaches Fastify as a fetch Response.
        expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
        if (kind === 'rest') {
          expect(response.json()).toEqual({ message: MESSAGES.databaseUnavailable });
        } else {
          const { error } = response.json();
          expect(error.message).toBe(MESSAGES.databaseUnavailable);
          expect(error.data).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
        }
        expect(response.body).not.toMatch(/at |stack|ECONNREFUSED|Pool is closed|not open/);
      }
    } finally {
      await app.close();
      await db.destroy().catch(() => undefined);
    }
  });
});
