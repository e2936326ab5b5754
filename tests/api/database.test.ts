import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INFO_TEXTS, seed } from '../../db/seed.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { createSession } from '../../src/server/areas/auth/sessions.ts';
import type { Db } from '../../src/server/db/connection.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS } from '../../src/shared/constants.ts';
import { toClubDateTime } from '../../src/shared/dates.ts';
import { PERMISSION_NAMES } from '../../src/shared/permissions.ts';
import { newPasswordSchema } from '../../src/shared/schemas/fields.ts';
import { freshDatabase } from '../helpers/database.ts';

const ADMIN_UID = '00000007';
const passwords = bcryptHasher(4);
const now = toClubDateTime(new Date());

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let generatedPassword: string | undefined;

const TABLES = ['permissions', 'groups', 'group_permissions', 'users', 'user_groups', 'info_texts', 'section_alerts'] as const;

async function countRows(table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function counts(): Promise<Record<string, number>> {
  return Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await countRows(table)] as const)));
}

async function insertUser(uid: string): Promise<number> {
  const result = await db
    .insertInto('users')
    .values({ prename: 'Fk', lastname: uid, uid, password_hash: 'x', email: `${uid}@example.org`, phone: '', created_at: now, updated_at: now })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

async function insertGroup(name: string): Promise<number> {
  const result = await db.insertInto('groups').values({ name }).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  // No ADMIN_PASSWORD: the seed makes one up, as on a first start without configuration.
  ({ generatedPassword } = await seed(db, { adminUid: ADMIN_UID, adminPassword: undefined, passwords, now: new Date() }));
});
afterAll(() => database.drop());

describe('seed on an empty database', () => {
  it('creates the 32 permissions area_action (messages and parcours only view and update)', async () => {
    const names = (await db.selectFrom('permissions').select('name').execute()).map((row) => row.name).sort();
    expect(names).toHaveLength(32);
    expect(names).toEqual([...PERMISSION_NAMES].sort());
    expect(names).toContain('dashboard_create');
    expect(names).toContain('log_delete');
  });

  it('creates group 1 Administratoren with every permission, the supervisors group and the section groups', async () => {
    const groups = (await db.selectFrom('groups').select(['id', 'name', 'public_section']).orderBy('id').execute()).map((row) => ({ ...row, public_section: Number(row.public_section) }));
    expect(groups).toEqual([
      { id: 1, name: 'Administratoren', public_section: 0 },
      { id: expect.any(Number), name: 'Standaufsichtsberechtigte', public_section: 0 },
      // Issue 26: what visitors see as sections, without members or permissions.
      { id: expect.any(Number), name: 'LG/LP', public_section: 1 },
      { id: expect.any(Number), name: 'Bogen', public_section: 1 },
      { id: expect.any(Number), name: 'Blasrohr', public_section: 1 },
    ]);
    const adminPermissions = await db
      .selectFrom('group_permissions')
      .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
      .select('permissions.name')
      .where('group_permissions.group_id', '=', 1)
      .execute();
    expect(adminPermissions.map((row) => row.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    const supervisorPermissions = await db
      .selectFrom('group_permissions')
      .select('permission_id')
      .where('group_id', '=', groups[1]!.id)
      .execute();
    expect(supervisorPermissions).toEqual([]);
  });

  it('creates user 1 with ADMIN_UID in group 1 and a generated password that meets the rules', async () => {
    const users = await db.selectFrom('users').select(['id', 'uid', 'password_hash']).execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ id: 1, uid: ADMIN_UID });
    expect(users[0]!.password_hash).toMatch(/^\$2[aby]\$/);
    expect(await db.selectFrom('user_groups').selectAll().execute()).toEqual([{ user_id: 1, group_id: 1 }]);
    expect(generatedPassword).toBeDefined();
    expect(newPasswordSchema.safeParse(generatedPassword).success).toBe(true);
    expect(await passwords.verify(generatedPassword!, users[0]!.password_hash)).toBe(true);
  });

  it('creates all 17 info texts and 7 section alerts, disabled, with texts of at most 255 characters', async () => {
    const infos = await db.selectFrom('info_texts').select(['identifier', 'text']).execute();
    expect(infos.map((row) => row.identifier).sort()).toEqual([...INFO_IDENTIFIERS].sort());
    expect(infos).toHaveLength(17);
    const alerts = await db.selectFrom('section_alerts').select(['identifier', 'enabled', 'text']).execute();
    expect(alerts.map((row) => row.identifier).sort()).toEqual([...ALERT_IDENTIFIERS].sort());
    expect(alerts).toHaveLength(7);
    for (const row of [...infos, ...alerts]) expect(row.text.length).toBeLessThanOrEqual(255);
    for (const alert of alerts) expect(Number(alert.enabled)).toBe(0);
  });

  it('keeps German characters intact', async () => {
    const row = await db.selectFrom('info_texts').select('text').where('identifier', '=', 'archparcours_usage').executeTakeFirstOrThrow();
    expect(row.text).toBe(DEFAULT_INFO_TEXTS.archparcours_usage);
    expect(row.text).toMatch(/^Gäste.*Jahreskarte/);
    // The course's facts (migration 0022) hold the en dash and the umlauts as seeded.
    const persons = await db.selectFrom('club_prices').select('persons').where('list', '=', 'day').orderBy('position').execute();
    expect(persons[1]?.persons).toBe('Jugendliche (13–17 Jahre)');
    const facts = await db.selectFrom('club_facts').select('course_annual_note').executeTakeFirstOrThrow();
    expect(facts.course_annual_note).toBe('nur für Mitglieder, gültig vom 1. Januar bis 31. Dezember');
  });

  it('changes nothing when it runs again, not even the password of user 1', async () => {
    const before = await counts();
    const hashBefore = (await db.selectFrom('users').select('password_hash').where('id', '=', 1).executeTakeFirstOrThrow()).password_hash;
    const again = await seed(db, { adminUid: '99999999', adminPassword: 'Anders1234', passwords, now: new Date() });
    expect(again.generatedPassword).toBeUndefined();
    expect(await counts()).toEqual(before);
    const admin = await db.selectFrom('users').select(['uid', 'password_hash']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(admin).toEqual({ uid: ADMIN_UID, password_hash: hashBefore });
    expect(before).toEqual({
      permissions: 32,
      groups: 5,
      group_permissions: 32,
      users: 1,
      user_groups: 1,
      info_texts: 17,
      section_alerts: 7,
    });
  });

  it('adds only what is missing (a deleted info text comes back, an edited one stays)', async () => {
    await db.deleteFrom('info_texts').where('identifier', '=', 'best_shot').execute();
    await db.updateTable('info_texts').set({ text: 'Geändert' }).where('identifier', '=', 'saison_gun').execute();
    await seed(db, { adminUid: ADMIN_UID, adminPassword: undefined, passwords, now: new Date() });
    expect(await countRows('info_texts')).toBe(17);
    const saison = await db.selectFrom('info_texts').select('text').where('identifier', '=', 'saison_gun').executeTakeFirstOrThrow();
    expect(saison.text).toBe('Geändert');
  });
});

describe('foreign keys leave no orphans', () => {
  it('deleting a user removes its group memberships and sessions', async () => {
    const userId = await insertUser('40000001');
    const groupId = await insertGroup('Fk Gruppe A');
    await db.insertInto('user_groups').values({ user_id: userId, group_id: groupId }).execute();
    await createSession(db, userId, { address: '127.0.0.1', userAgent: 'test' }, Date.now());
    await createSession(db, userId, { address: '127.0.0.1', userAgent: 'test' }, Date.now());
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toHaveLength(2);

    await db.deleteFrom('users').where('id', '=', userId).execute();

    expect(await db.selectFrom('user_groups').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await db.selectFrom('groups').select('id').where('id', '=', groupId).execute()).toHaveLength(1);
  });

  it('deleting a group removes its permissions and memberships but not the users', async () => {
    const userId = await insertUser('40000002');
    const groupId = await insertGroup('Fk Gruppe B');
    const permissionIds = (await db.selectFrom('permissions').select('id').limit(3).execute()).map((row) => row.id);
    await db
      .insertInto('group_permissions')
      .values(permissionIds.map((permission_id) => ({ group_id: groupId, permission_id })))
      .execute();
    await db.insertInto('user_groups').values({ user_id: userId, group_id: groupId }).execute();

    await db.deleteFrom('groups').where('id', '=', groupId).execute();

    expect(await db.selectFrom('group_permissions').selectAll().where('group_id', '=', groupId).execute()).toEqual([]);
    expect(await db.selectFrom('user_groups').selectAll().where('group_id', '=', groupId).execute()).toEqual([]);
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).execute()).toHaveLength(1);
    expect(await countRows('permissions')).toBe(32);
  });

  it('refuses to delete a group that appointments are assigned to', async () => {
    const groupId = await insertGroup('Fk Gruppe C');
    await db
      .insertInto('appointments')
      .values({
        name: 'Vereinsmeisterschaft',
        datetime_begin: '2026-05-01 10:00:00',
        datetime_end: '2026-05-01 16:00:00',
        location: 'Schießstand',
        visibility: 1,
        description: '',
        notes: '',
        assignment: groupId,
        status: 0,
        notify: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();

    await expect(db.deleteFrom('groups').where('id', '=', groupId).execute()).rejects.toThrow(/foreign key/i);

    expect(await db.selectFrom('groups').select('id').where('id', '=', groupId).execute()).toHaveLength(1);
    expect(await db.selectFrom('appointments').select('id').where('assignment', '=', groupId).execute()).toHaveLength(1);
  });

  it('refuses rows that point nowhere', async () => {
    await expect(db.insertInto('user_groups').values({ user_id: 999_999, group_id: 1 }).execute()).rejects.toThrow(/foreign key/i);
    await expect(db.insertInto('group_permissions').values({ group_id: 1, permission_id: 999_999 }).execute()).rejects.toThrow(
      /foreign key/i,
    );
  });

  it('deleting an appointment removes its attachments; deleting an album its images', async () => {
    const groupId = await insertGroup('Fk Gruppe D');
    const appointment = await db
      .insertInto('appointments')
      .values({
        name: 'Arbeitseinsatz',
        datetime_begin: '2026-06-01 10:00:00',
        datetime_end: '2026-06-01 12:00:00',
        location: 'Parcours',
        visibility: 0,
        description: '',
        notes: '',
        assignment: groupId,
        status: 1,
        notify: 0,
        created_at: now,
        updated_at: now,
      })
      .executeTakeFirstOrThrow();
    const appointmentId = Number(appointment.insertId);
    await db
      .insertInto('attachments')
      .values({ appointment_id: appointmentId, filename: 'plan.pdf', stored_name: 'x.pdf', mime: 'application/pdf', size: 1, created_at: now })
      .execute();
    await db.deleteFrom('appointments').where('id', '=', appointmentId).execute();
    expect(await db.selectFrom('attachments').select('id').where('appointment_id', '=', appointmentId).execute()).toEqual([]);

    const album = await db.insertInto('albums').values({ name: 'Sommerfest', section: 'club', created_at: now }).executeTakeFirstOrThrow();
    const albumId = Number(album.insertId);
    await db
      .insertInto('images')
      .values({
        album_id: albumId,
        title: '',
        name: 'a.jpg',
        stored_name: 'a.webp',
        thumb_name: 'a.thumb.webp',
        mime: 'image/webp',
        width: 1,
        height: 1,
        created_at: now,
      })
      .execute();
    await db.deleteFrom('albums').where('id', '=', albumId).execute();
    expect(await db.selectFrom('images').select('id').where('album_id', '=', albumId).execute()).toEqual([]);
  });

  it('a deleted user leaves host entries with an open slot', async () => {
    const userId = await insertUser('40000003');
    const entry = await db
      .insertInto('host_entries')
      .values({ date: '2026-07-03', supervisor_user_id: userId, supervisor_special: null, host_user_id: userId, host_special: null })
      .executeTakeFirstOrThrow();
    await db.deleteFrom('users').where('id', '=', userId).execute();
    const row = await db
      .selectFrom('host_entries')
      .select(['supervisor_user_id', 'host_user_id'])
      .where('id', '=', Number(entry.insertId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ supervisor_user_id: null, host_user_id: null });
  });
});

describe('date and text columns', () => {
  it('return date-times and dates as the strings that were stored', async () => {
    const groupId = await insertGroup('Fk Gruppe E');
    const inserted = await db
      .insertInto('appointments')
      .values({
        name: 'Ä'.repeat(255),
        datetime_begin: '2026-03-29 02:30:00',
        datetime_end: '2026-12-31 23:59:59',
        location: 'Schießstand',
        visibility: 1,
        description: 'd'.repeat(1023),
        notes: 'n'.repeat(2047),
        assignment: groupId,
        status: 2,
        notify: 1,
        created_at: now,
        updated_at: now,
      })
      .executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('appointments')
      .select(['name', 'datetime_begin', 'datetime_end', 'description', 'notes'])
      .where('id', '=', Number(inserted.insertId))
      .executeTakeFirstOrThrow();
    expect(row.datetime_begin).toBe('2026-03-29 02:30:00');
    expect(row.datetime_end).toBe('2026-12-31 23:59:59');
    expect(row.name).toBe('Ä'.repeat(255));
    expect(row.description).toHaveLength(1023);
    expect(row.notes).toHaveLength(2047);

    const host = await db
      .insertInto('host_entries')
      .values({ date: '2026-01-02', supervisor_user_id: null, supervisor_special: -1, host_user_id: null, host_special: -5 })
      .executeTakeFirstOrThrow();
    const hostRow = await db.selectFrom('host_entries').select('date').where('id', '=', Number(host.insertId)).executeTakeFirstOrThrow();
    expect(hostRow.date).toBe('2026-01-02');
  });

  it('answers a trivial query', async () => {
    const result = await sql<{ one: number }>`select 1 as one`.execute(db);
    expect(Number(result.rows[0]?.one)).toBe(1);
  });
});
