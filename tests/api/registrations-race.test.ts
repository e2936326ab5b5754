import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { readConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/connection.ts';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';
import { freshDatabase, usesMysql } from '../helpers/database.ts';

/**
 * No overbooking (issue 29.3): 200 sign-ups arriving at once for 50 places give exactly 50
 * places and a waiting list of 150 in arrival order, never 51. On SQLite through one app;
 * on MariaDB through two app instances with a connection pool each, as two server
 * processes behind one proxy, taking their places from the same appointment row.
 */

const SIGNUPS = 200;
const PLACES = 50;

async function appointmentWithPlaces(db: Db, inject: Inject, admin: { authorization: string }): Promise<number> {
  const inserted = await db
    .insertInto('appointments')
    .values({ name: 'Bogen-Einsteigerkurs', datetime_begin: '2099-05-01 10:00:00', datetime_end: '2099-05-01 16:00:00', location: 'Bogenplatz', visibility: 1, description: '', notes: '', assignment: 1, status: 0, notify: 0, created_at: '2026-11-27 10:00:00', updated_at: '2026-11-27 10:00:00' })
    .executeTakeFirstOrThrow();
  const id = Number(inserted.insertId);
  const response = await inject({ method: 'PUT', url: `/api/registrations/${id}`, headers: admin, payload: { places: PLACES } });
  expect(response.statusCode, response.body).toBe(200);
  return id;
}

/** Each from a network of its own (the limit per network is not what is tested here). */
const signup = (inject: Inject, appointmentId: number, n: number) =>
  inject({ method: 'POST', url: `/api/public/registrations/${appointmentId}`, remoteAddress: `10.${Math.floor(n / 250)}.${n % 250}.1`, payload: { prename: `Teilnehmer ${n}`, lastname: 'Schütz', email: `t${n}@example.org` } });

async function expectNoOverbooking(db: Db, appointmentId: number, statuses: number[]): Promise<void> {
  expect(statuses.filter((status) => status === 201)).toHaveLength(SIGNUPS);
  const rows = await db.selectFrom('registrations').select(['position', 'status', 'places']).where('appointment_id', '=', appointmentId).orderBy('position').execute();
  expect(rows).toHaveLength(SIGNUPS);
  // One arrival order without gaps or twins, the first fifty with a place, the rest waiting in that order.
  expect(rows.map((row) => Number(row.position))).toEqual(Array.from({ length: SIGNUPS }, (_, n) => n + 1));
  expect(rows.slice(0, PLACES).every((row) => row.status === 'place')).toBe(true);
  expect(rows.slice(PLACES).every((row) => row.status === 'waiting')).toBe(true);
  expect(rows.filter((row) => row.status === 'place').reduce((sum, row) => sum + Number(row.places), 0)).toBe(PLACES);
}

// On MariaDB one instance's pool takes 10 connections and 50 waiting requests and answers the
// rest 503 at once (README „Wenn die Datenbank ausfällt“); the two instances below have queues for all.
describe.skipIf(usesMysql())('on one app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailTransport: null });
  });
  afterAll(() => t.close());

  it(`gives ${PLACES} places and a waiting list of ${SIGNUPS - PLACES} to ${SIGNUPS} sign-ups at once`, async () => {
    const id = await appointmentWithPlaces(t.db, (options: InjectOptions) => t.inject(options), t.admin);
    const responses = await Promise.all(Array.from({ length: SIGNUPS }, (_, n) => signup((options: InjectOptions) => t.inject(options), id, n)));
    await expectNoOverbooking(t.db, id, responses.map((response) => response.statusCode));
    // The answers say the same: fifty places, and waiting-list positions 1 to 150 once each.
    const answers = responses.map((response) => response.json().data as { status: string; waitingPosition: number | null });
    expect(answers.filter((answer) => answer.status === 'place')).toHaveLength(PLACES);
    expect(answers.flatMap((answer) => (answer.waitingPosition === null ? [] : [answer.waitingPosition])).sort((a, b) => a - b)).toEqual(Array.from({ length: SIGNUPS - PLACES }, (_, n) => n + 1));
  }, 60_000);
});

describe.skipIf(!usesMysql())('on two app instances on one MariaDB', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let firstDb: Db;
  let secondDb: Db;
  let uploadsDir = '';
  let first: FastifyInstance;
  let second: FastifyInstance;
  const admin = { authorization: `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}` };

  beforeAll(async () => {
    database = await freshDatabase();
    const passwords = bcryptHasher(4);
    await seed(database.db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords, now: new Date() });
    uploadsDir = await mkdtemp(join(tmpdir(), 'club-signups-race-'));
    const config = readConfig({ ADMIN_UID, PORT: '3000', UPLOADS_DIR: uploadsDir });
    // Each instance its own pool, as two processes would have. A hundred requests at once
    // per instance wait for its ten connections; the queue is made long enough for them.
    firstDb = openDatabase(database.url, { queueLimit: SIGNUPS }).db;
    secondDb = openDatabase(database.url, { queueLimit: SIGNUPS }).db;
    first = await buildApp({ db: firstDb, dialect: 'mysql', config, passwords, mailTransport: null });
    second = await buildApp({ db: secondDb, dialect: 'mysql', config, passwords, mailTransport: null });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await firstDb?.destroy();
    await secondDb?.destroy();
    await database?.drop();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it(`gives exactly ${PLACES} places across both instances`, async () => {
    const id = await appointmentWithPlaces(firstDb, (options: InjectOptions) => first.inject(options), admin);
    const responses = await Promise.all(Array.from({ length: SIGNUPS }, (_, n) => signup((options: InjectOptions) => (n % 2 === 0 ? first : second).inject(options), id, n)));
    await expectNoOverbooking(database.db, id, responses.map((response) => response.statusCode));
  }, 120_000);
});
