import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { readConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/connection.ts';
import { PUBLIC_CACHE_TTL_MS } from '../../src/server/http/public-cache.ts';
import { ADMIN_PASSWORD, ADMIN_UID } from '../helpers/app.ts';
import { freshDatabase, usesMysql } from '../helpers/database.ts';

/**
 * Several instances behind one proxy on one MySQL database with a shared UPLOADS_DIR, as
 * the README's deployment guide describes: each keeps its own cache of public reads, so a
 * change made through one shows on the other within the cache's lifetime (10 s), while
 * sessions live in the database and work on both at once. MariaDB only: SQLite in memory
 * cannot be shared between two connections.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!usesMysql())('two instances on one database', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let secondDb: Db;
  let uploadsDir = '';
  let first: FastifyInstance;
  let second: FastifyInstance;
  const admin = { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` };

  beforeAll(async () => {
    database = await freshDatabase();
    const passwords = bcryptHasher(4);
    await seed(database.db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords, now: new Date() });
    uploadsDir = await mkdtemp(join(tmpdir(), 'club-instances-'));
    const config = readConfig({ ADMIN_UID, PORT: '3000', UPLOADS_DIR: uploadsDir });
    // Each instance has its own connection pool, as two processes would.
    secondDb = openDatabase(database.url).db;
    first = await buildApp({ db: database.db, dialect: 'mysql', config, passwords });
    second = await buildApp({ db: secondDb, dialect: 'mysql', config, passwords });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDb?.destroy();
    await database?.drop();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  const publicText = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/public/info/saison_arch' })).json<{ text: string }>().text;

  it('shows an info text changed on one instance on the other within the cache lifetime', async () => {
    const before = await publicText(second);
    const text = `Saison ${Date.now()}`;
    expect(before).not.toBe(text);

    const changed = await first.inject({ method: 'PUT', url: '/api/info/saison_arch', headers: admin, payload: { text } });
    expect(changed.statusCode).toBe(200);
    const changedAt = Date.now();
    // The instance that wrote dropped its cache at once; the other still answers from its own.
    expect(await publicText(first)).toBe(text);
    expect(await publicText(second)).toBe(before);

    while ((await publicText(second)) !== text) {
      expect(Date.now() - changedAt).toBeLessThanOrEqual(PUBLIC_CACHE_TTL_MS + 1000);
      await sleep(200);
    }
    expect(Date.now() - changedAt).toBeLessThanOrEqual(PUBLIC_CACHE_TTL_MS + 1000);
  }, 20_000);

  it('shows club data saved on one instance on the other within the cache lifetime', async () => {
    const profileName = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: '/trpc/club.profile' })).json().result.data.name as string;
    const before = await profileName(second);
    const current = (await first.inject({ method: 'GET', url: '/api/club', headers: admin })).json().data;
    const name = `Verein ${Date.now()}`;
    const saved = await first.inject({ method: 'PUT', url: '/api/club', headers: admin, payload: { ...current, name } });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedAt = Date.now();
    expect(await profileName(first)).toBe(name);
    expect(await profileName(second)).toBe(before);
    while ((await profileName(second)) !== name) {
      expect(Date.now() - savedAt).toBeLessThanOrEqual(PUBLIC_CACHE_TTL_MS + 1000);
      await sleep(200);
    }
    expect(Date.now() - savedAt).toBeLessThanOrEqual(PUBLIC_CACHE_TTL_MS + 1000);
  }, 20_000);

  it('accepts a session started on one instance on the other', async () => {
    const login = await first.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'sv_session');
    expect(cookie).toBeDefined();
    const me = await second.inject({ method: 'GET', url: '/api/me', headers: { cookie: `sv_session=${cookie?.value}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json<{ data: { uid: string } }>().data.uid).toBe(ADMIN_UID);
  });
});
