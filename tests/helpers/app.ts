import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { seed } from '../../db/seed.ts';
import { buildApp, type AppDeps } from '../../src/server/app.ts';
import { initialClubData } from '../../src/server/club-profile.ts';
import { readConfig } from '../../src/server/config.ts';
import type { DatabaseHandle, Db } from '../../src/server/db/connection.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { createContextInner } from '../../src/server/trpc/context.ts';
import { loadPrincipal } from '../../src/server/areas/auth/principal.ts';
import { createCaller, type AppCaller } from '../../src/server/router.ts';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { freshDatabase, type FreshDatabaseOptions } from './database.ts';
import { insertMember } from './members.ts';

export const ADMIN_UID = '00000001';
export const ADMIN_PASSWORD = 'Admin1234';
export const MEMBER_PASSWORD = 'Mitglied123';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** SQLite only: the connection under `db` (see DatabaseHandle.sqlite). */
  sqlite: DatabaseHandle['sqlite'];
  /** This app's own UPLOADS_DIR, removed by close(). */
  uploadsDir: string;
  close: () => Promise<void>;
  /** HTTP Basic header for a member. */
  basic(uid: string, password: string): { authorization: string };
  admin: { authorization: string };
  /** Logs in through POST /api/login and returns the Cookie header of the session. */
  login(uid: string, password: string): Promise<{ cookie: string; 'x-requested-with': string }>;
  /** A member in a new group holding exactly these permissions; returns the Basic header too. */
  createMember(permissions: PermissionName[], uid?: string): Promise<{ id: number; uid: string; groupId: number; auth: { authorization: string } }>;
  /** A server-side caller acting as the given user id (or anonymous). */
  callerAs: (userId: number | null) => Promise<AppCaller>;
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
}

let memberCounter = 0;

/** Builds the app on a fresh, seeded database with cheap bcrypt, as every api test does; `env` adds to its configuration. */
export async function createTestApp(
  overrides: Partial<AppDeps> = {},
  env: Record<string, string> = {},
  databaseOptions: FreshDatabaseOptions = {},
): Promise<TestApp> {
  const database = await freshDatabase(databaseOptions);
  const passwords = bcryptHasher(4);
  const uploadsDir = await mkdtemp(join(tmpdir(), 'club-uploads-'));
  const config = readConfig({ ADMIN_UID, ADMIN_PASSWORD, PORT: '3000', UPLOADS_DIR: uploadsDir, ...env });
  // As main.ts does: club.json (or CLUB_PROFILE) and CONTACT_TO_* give the club data of the first start.
  await seed(database.db, { adminUid: ADMIN_UID, adminPassword: ADMIN_PASSWORD, passwords, now: new Date(), clubData: () => initialClubData(config) });
  const app = await buildApp({ db: database.db, dialect: database.dialect, config, passwords, ...overrides });
  await app.ready();
  const db = database.db;
  const basic = (uid: string, password: string) => ({
    authorization: `Basic ${Buffer.from(`${uid}:${password}`).toString('base64')}`,
  });

  return {
    app,
    db,
    sqlite: database.sqlite,
    uploadsDir,
    basic,
    admin: basic(ADMIN_UID, ADMIN_PASSWORD),
    inject: (options) => app.inject(options),
    async close() {
      await app.close();
      await database.drop();
      await rm(uploadsDir, { recursive: true, force: true });
    },
    async login(uid, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        payload: { username: uid, password },
      });
      const cookie = response.cookies.find((c) => c.name === 'sv_session');
      if (response.statusCode !== 200 || !cookie) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return { cookie: `sv_session=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };
    },
    async createMember(permissions, uid) {
      memberCounter += 1;
      const memberUid = uid ?? String(30000000 + memberCounter);
      const { id, groupId } = await insertMember(db, {
        uid: memberUid,
        passwordHash: await passwords.hash(MEMBER_PASSWORD),
        prename: 'Test',
        lastname: `Mitglied ${memberUid}`,
        groupName: `Testgruppe ${memberUid}`,
        permissions,
      });
      return { id, uid: memberUid, groupId, auth: basic(memberUid, MEMBER_PASSWORD) };
    },
    async callerAs(userId) {
      const user = userId === null ? null : await loadPrincipal(db, userId);
      return createCaller(createContextInner({ services: app.services, user }));
    },
  };
}
