import { Kysely, MysqlDialect, sql } from 'kysely';
import { createPool } from 'mysql2';
import { Migrator } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations/index.ts';
import { REPLACED_DEFAULT_ALERT, REPLACED_DEFAULT_TEXTS } from '../../db/migrations/0022_club_facts.ts';
import { REPLACED_HISTORY, REPLACED_RANGE_ALERTS, REPLACED_RANGE_TEXTS } from '../../db/migrations/0023_range_facts.ts';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS, seed } from '../../db/seed.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import { readCourseFacts, writeCourseFacts } from '../../src/server/areas/club/facts.ts';
import { readRangeFacts, writeRangeFacts } from '../../src/server/areas/club/range.ts';
import { DEFAULT_CLUB_TEXTS } from '../../src/shared/clubData.ts';
import { DEFAULT_RANGE_FACTS } from '../../src/shared/rangeFacts.ts';
import { DEFAULT_COURSE_FACTS } from '../../src/shared/courseFacts.ts';
import { isUniqueViolation } from '../../src/server/db/errors.ts';
import { migrateToLatest, type Db } from '../../src/server/db/connection.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { freshDatabase, MIGRATION_CHAIN, usesMysql } from '../helpers/database.ts';

/** Migrations on databases that already hold data, or that a shared host set up its own way. */

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
const opened: Fresh[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

async function open(options: Parameters<typeof freshDatabase>[0]): Promise<Fresh> {
  const database = await freshDatabase(options);
  opened.push(database);
  return database;
}

async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('Migration fehlgeschlagen', { cause: error });
}

async function groupNames(db: Db): Promise<string[]> {
  return (await db.selectFrom('groups').select('name').orderBy('id').execute()).map((row) => row.name);
}

describe('0002: unique group names', MIGRATION_CHAIN, () => {
  it('renames duplicates of a live database to the first free "<name> (n)", keeping the oldest and all memberships', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0001_initial');
    const long = 'L'.repeat(255);
    for (const name of ['Bogen', 'Bogen', 'Bogen (2)', 'Bogen', 'Blasrohr', long, long]) {
      await db.insertInto('groups').values({ name }).execute();
    }
    const [second] = await db.selectFrom('groups').select('id').where('name', '=', 'Bogen').orderBy('id').offset(1).limit(1).execute();
    const now = '2026-01-01 00:00:00';
    const user = await db
      .insertInto('users')
      .values({ prename: 'A', lastname: 'B', uid: '10000001', password_hash: 'x', email: 'a@example.org', phone: '', created_at: now, updated_at: now })
      .executeTakeFirstOrThrow();
    await db.insertInto('user_groups').values({ user_id: Number(user.insertId), group_id: second!.id }).execute();

    await migrateToLatest(db);

    // 0019 then adds the one section group the database lacked ('Bogen' and 'Blasrohr' it has).
    expect(await groupNames(db)).toEqual(['Bogen', 'Bogen (3)', 'Bogen (2)', 'Bogen (4)', 'Blasrohr', long, `${'L'.repeat(251)} (2)`, 'LG/LP']);
    const membership = await db.selectFrom('user_groups').select('group_id').where('user_id', '=', Number(user.insertId)).execute();
    expect(membership).toEqual([{ group_id: second!.id }]);
  });

  it('lets the key refuse a second group of the same name', async () => {
    const { db } = await open({});
    await db.insertInto('groups').values({ name: 'Einzig' }).execute();
    const error = await db
      .insertInto('groups')
      .values({ name: 'Einzig' })
      .execute()
      .then(() => undefined, (caught: unknown) => caught);
    expect(isUniqueViolation(error), String(error)).toBe(true);
  });
});

describe('0009: group names compare without case', MIGRATION_CHAIN, () => {
  it('lets the key refuse a name that differs only in case, on both databases', async () => {
    const { db } = await open({});
    await db.insertInto('groups').values({ name: 'Vorstand' }).execute();
    const error = await db
      .insertInto('groups')
      .values({ name: 'vorstand' })
      .execute()
      .then(() => undefined, (caught: unknown) => caught);
    expect(isUniqueViolation(error), String(error)).toBe(true);
  });

  it.skipIf(usesMysql())('renames case twins of a live SQLite database, keeping the oldest and all memberships', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0008_appointments_end_index');
    for (const name of ['Vorstand', 'vorstand', 'VORSTAND (2)', 'VORSTAND', 'Bogen']) {
      await db.insertInto('groups').values({ name }).execute();
    }
    const twin = await db.selectFrom('groups').select('id').where('name', '=', 'vorstand').executeTakeFirstOrThrow();
    const permission = Number((await db.insertInto('permissions').values({ name: 'log_view' }).executeTakeFirstOrThrow()).insertId);
    await db.insertInto('group_permissions').values({ group_id: twin.id, permission_id: permission }).execute();

    await migrateToLatest(db);

    // 0019 then adds the section groups the database lacked.
    expect(await groupNames(db)).toEqual(['Vorstand', 'vorstand (3)', 'VORSTAND (2)', 'VORSTAND (4)', 'Bogen', 'LG/LP', 'Blasrohr']);
    // The permission of the test; 0025 adds the news permissions to group 1 (tested below).
    expect(await db.selectFrom('group_permissions').select('group_id').where('permission_id', '=', permission).execute()).toEqual([{ group_id: twin.id }]);
  });
});

describe('0012: notification and retry instants', MIGRATION_CHAIN, () => {
  it('starts the retries of mails already in the outbox from their acceptance, and no appointment counts as notified', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0009_group_names_nocase');
    const acceptedMs = Date.parse('2026-11-20T10:00:00Z');
    await db
      .insertInto('mail_outbox')
      .values({ recipient: 'a@verein.example', reply_to: null, subject: 'Alt', body: 'x', created_at: '2026-11-20 11:00:00', created_ms: acceptedMs, next_attempt_ms: acceptedMs, status: 'held' })
      .execute();
    const group = Number((await db.insertInto('groups').values({ name: 'Bogen' }).executeTakeFirstOrThrow()).insertId);
    await sql`insert into appointments (name, datetime_begin, datetime_end, location, visibility, description, notes, assignment, status, notify, created_at, updated_at)
      values ('Training', '2026-12-01 10:00:00', '2026-12-01 12:00:00', 'Halle', 1, '', '', ${group}, 0, 1, '2026-11-20 11:00:00', '2026-11-20 11:00:00')`.execute(db);

    await migrateToLatest(db);

    expect(await db.selectFrom('mail_outbox').select(['retry_since_ms']).execute()).toEqual([{ retry_since_ms: acceptedMs }]);
    expect(await db.selectFrom('appointments').select(['notified_ms']).execute()).toEqual([{ notified_ms: null }]);
  });
});

describe('0011: who uploaded a calendar attachment', MIGRATION_CHAIN, () => {
  it('keeps older attachments with nobody as uploader, sets a deleted member\'s uploads to nobody, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const now = '2026-01-01 00:00:00';
    const attachment = (storedName: string) => ({ appointment_id: null, filename: 'a.pdf', stored_name: storedName, mime: 'application/pdf', size: 1, created_at: now });
    await migrateTo(db, '0009_group_names_nocase');
    await db.insertInto('attachments').values(attachment('alt.pdf')).execute();

    await migrateTo(db, '0011_attachment_uploader');

    expect(await db.selectFrom('attachments').select(['stored_name', 'uploaded_by']).execute()).toEqual([{ stored_name: 'alt.pdf', uploaded_by: null }]);
    const user = await db
      .insertInto('users')
      .values({ prename: 'A', lastname: 'B', uid: '10000002', password_hash: 'x', email: '', phone: '', created_at: now, updated_at: now })
      .executeTakeFirstOrThrow();
    await db.insertInto('attachments').values({ ...attachment('neu.pdf'), uploaded_by: Number(user.insertId) }).execute();
    await db.deleteFrom('users').where('id', '=', Number(user.insertId)).execute();
    expect(await db.selectFrom('attachments').select('uploaded_by').where('stored_name', '=', 'neu.pdf').executeTakeFirst()).toEqual({ uploaded_by: null });

    const { error } = await migrator.migrateDown();
    expect(error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((table) => table.name === 'attachments')!.columns.map((column) => column.name);
    expect(columns).not.toContain('uploaded_by');
  });
});

describe('0019: section groups', MIGRATION_CHAIN, () => {
  type Row = { id: number; name: string; public_section: number };
  const groupsOf = async (db: Db): Promise<Row[]> =>
    (await db.selectFrom('groups').select(['id', 'name', 'public_section']).orderBy('id').execute()).map((row) => ({ ...row, public_section: Number(row.public_section) }));

  it('adds LG/LP, Bogen and Blasrohr to an existing database, flags a group of that name instead of a twin, and touches no other group', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0018_code_failures');
    const now = '2026-01-01 00:00:00';
    for (const [id, name] of [[1, 'Administratoren'], [2, 'Standaufsichtsberechtigte'], [3, 'bogen'], [4, 'Vorstand']] as const) {
      await db.insertInto('groups').values({ id, name }).execute();
    }
    const permission = Number((await db.insertInto('permissions').values({ name: 'calendar_view' }).executeTakeFirstOrThrow()).insertId);
    await db.insertInto('group_permissions').values([{ group_id: 1, permission_id: permission }, { group_id: 3, permission_id: permission }]).execute();
    const user = await db
      .insertInto('users')
      .values({ prename: 'A', lastname: 'B', uid: '10000003', password_hash: 'x', email: 'a@example.org', phone: '', created_at: now, updated_at: now })
      .executeTakeFirstOrThrow();
    await db.insertInto('user_groups').values({ user_id: Number(user.insertId), group_id: 3 }).execute();

    await migrateToLatest(db);

    const groups = await groupsOf(db);
    expect(groups.slice(0, 4)).toEqual([
      { id: 1, name: 'Administratoren', public_section: 0 },
      { id: 2, name: 'Standaufsichtsberechtigte', public_section: 0 },
      // The club's own spelling stays; only the flag is new.
      { id: 3, name: 'bogen', public_section: 1 },
      { id: 4, name: 'Vorstand', public_section: 0 },
    ]);
    expect(groups.slice(4).map(({ name, public_section }) => ({ name, public_section }))).toEqual([
      { name: 'LG/LP', public_section: 1 },
      { name: 'Blasrohr', public_section: 1 },
    ]);
    expect(await db.selectFrom('group_permissions').select(['group_id', 'permission_id']).where('permission_id', '=', permission).orderBy('group_id').execute()).toEqual([
      { group_id: 1, permission_id: permission },
      { group_id: 3, permission_id: permission },
    ]);
    expect(await db.selectFrom('user_groups').select('group_id').execute()).toEqual([{ group_id: 3 }]);
  });

  it('leaves a database without groups to the seed (group 1 must keep id 1), and going down keeps the groups', async () => {
    const { db } = await open({ migrate: false });
    await migrateToLatest(db);
    expect(await groupsOf(db)).toEqual([]);

    const old = (await open({ migrate: false })).db;
    await migrateTo(old, '0018_code_failures');
    await old.insertInto('groups').values({ id: 1, name: 'Administratoren' }).execute();
    await migrateTo(old, '0019_section_groups');
    await migrateTo(old, '0018_code_failures');
    const columns = (await old.introspection.getTables()).find((table) => table.name === 'groups')!.columns.map((column) => column.name);
    expect(columns).not.toContain('public_section');
    expect((await old.selectFrom('groups').select('name').orderBy('id').execute()).map((row) => row.name)).toEqual(['Administratoren', 'LG/LP', 'Bogen', 'Blasrohr']);
  });
});

describe('0022: the facts of the pages as data', MIGRATION_CHAIN, () => {
  it('replaces the default texts that repeated the price table and the opening rule only where the club left them unchanged', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0018_code_failures');
    const own = 'Täglich ab 9 Uhr, im Winter nach Absprache.';
    await db
      .insertInto('info_texts')
      .values([
        { identifier: 'archparcours_usage', text: REPLACED_DEFAULT_TEXTS.archparcours_usage.before },
        { identifier: 'archparcours_openings', text: own },
        { identifier: 'archparcours_tourneys', text: REPLACED_DEFAULT_TEXTS.archparcours_usage.before },
      ])
      .execute();
    await db
      .insertInto('section_alerts')
      .values([
        { identifier: 'archparcours', enabled: 1, text: REPLACED_DEFAULT_ALERT.before },
        { identifier: 'arch', enabled: 0, text: REPLACED_DEFAULT_ALERT.before },
      ])
      .execute();

    await migrateToLatest(db);

    const texts = Object.fromEntries((await db.selectFrom('info_texts').select(['identifier', 'text']).execute()).map((row) => [row.identifier, row.text]));
    expect(texts).toEqual({
      archparcours_usage: REPLACED_DEFAULT_TEXTS.archparcours_usage.after,
      archparcours_openings: own,
      // Only the text of its own identifier counts as the default.
      archparcours_tourneys: REPLACED_DEFAULT_TEXTS.archparcours_usage.before,
    });
    expect(texts.archparcours_usage).toBe(DEFAULT_INFO_TEXTS.archparcours_usage);
    expect(REPLACED_DEFAULT_ALERT.after).toBe(DEFAULT_ALERT_TEXTS.archparcours);
    // Only the course page's own notice had that default; the switch stays as the club set it.
    expect(await db.selectFrom('section_alerts').select(['identifier', 'enabled', 'text']).orderBy('identifier').execute()).toEqual([
      { identifier: 'arch', enabled: 0, text: REPLACED_DEFAULT_ALERT.before },
      { identifier: 'archparcours', enabled: 1, text: REPLACED_DEFAULT_ALERT.after },
    ]);
    // The tables wait for the seed, so a database that was only migrated stays empty for a restore.
    expect(await db.selectFrom('club_facts').selectAll().execute()).toEqual([]);
    expect(await readCourseFacts(db)).toEqual(DEFAULT_COURSE_FACTS);
  });

  it('gives an upgraded installation SPEC §9’s facts on its next start, and keeps what members saved', async () => {
    const { db } = await open({});
    await seed(db, { adminUid: '00000001', adminPassword: 'geheim123', passwords: bcryptHasher(4), now: new Date() });
    expect(await readCourseFacts(db)).toEqual(DEFAULT_COURSE_FACTS);
    expect(await db.selectFrom('club_rules').select('text').orderBy('position').execute()).toHaveLength(DEFAULT_COURSE_FACTS.rules.length);
    const saved = { ...DEFAULT_COURSE_FACTS, targets: 30, rules: ['Nur eine Regel.'] };
    await writeCourseFacts(db, saved, '2026-11-24 10:00:00');
    await seed(db, { adminUid: '00000001', adminPassword: 'geheim123', passwords: bcryptHasher(4), now: new Date() });
    expect(await readCourseFacts(db)).toEqual(saved);
  });
});

describe('0023: the range’s facts as data', MIGRATION_CHAIN, () => {
  const seedOptions = () => ({ adminUid: '00000001', adminPassword: 'geheim123', passwords: bcryptHasher(4), now: new Date() });
  const infoTexts = async (db: Db) => Object.fromEntries((await db.selectFrom('info_texts').select(['identifier', 'text']).where('identifier', 'like', 'shootingtimes_%').execute()).map((row) => [row.identifier, row.text]));
  const alertTexts = async (db: Db) => Object.fromEntries((await db.selectFrom('section_alerts').select(['identifier', 'text']).where('identifier', 'in', ['gun', 'blowpipe']).execute()).map((row) => [row.identifier, row.text]));
  const history = async (db: Db) => (await db.selectFrom('club_profile').select('history').executeTakeFirstOrThrow()).history;

  it('replaces the default texts, notices and history that stated lanes, ages, targets or a price only where the club left them unchanged, and back', async () => {
    const { db } = await open({});
    await seed(db, seedOptions());
    const own = 'Mittwochs ab 18 Uhr, mit Standaufsicht.';
    // An installation of before 0023: the old defaults, and one text of the club's own.
    await db.updateTable('info_texts').set({ text: REPLACED_RANGE_TEXTS.shootingtimes_gun.before }).where('identifier', '=', 'shootingtimes_gun').execute();
    await db.updateTable('info_texts').set({ text: own }).where('identifier', '=', 'shootingtimes_arch').execute();
    await db.updateTable('info_texts').set({ text: REPLACED_RANGE_TEXTS.shootingtimes_blowpipe.before }).where('identifier', '=', 'shootingtimes_blowpipe').execute();
    for (const [identifier, text] of Object.entries(REPLACED_RANGE_ALERTS)) await db.updateTable('section_alerts').set({ text: text.before }).where('identifier', '=', identifier).execute();
    await db.updateTable('club_profile').set({ history: REPLACED_HISTORY.before }).execute();
    await migrateTo(db, '0022_club_facts');
    expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('club_range');

    await migrateToLatest(db);

    expect(await infoTexts(db)).toEqual({
      shootingtimes_gun: REPLACED_RANGE_TEXTS.shootingtimes_gun.after,
      shootingtimes_arch: own,
      shootingtimes_blowpipe: REPLACED_RANGE_TEXTS.shootingtimes_blowpipe.after,
    });
    expect(await alertTexts(db)).toEqual({ gun: REPLACED_RANGE_ALERTS.gun.after, blowpipe: REPLACED_RANGE_ALERTS.blowpipe.after });
    expect(await history(db)).toBe(REPLACED_HISTORY.after);
    // The new defaults are the seed's, and none states a figure that is data now.
    expect(REPLACED_RANGE_TEXTS.shootingtimes_gun.after).toBe(DEFAULT_INFO_TEXTS.shootingtimes_gun);
    expect(REPLACED_RANGE_ALERTS.gun.after).toBe(DEFAULT_ALERT_TEXTS.gun);
    expect(REPLACED_HISTORY.after).toBe(DEFAULT_CLUB_TEXTS.history);
    for (const text of [...Object.values(REPLACED_RANGE_TEXTS), ...Object.values(REPLACED_RANGE_ALERTS)].map((entry) => entry.after)) {
      expect(text).not.toMatch(/Stände|Ständen|Zielen|€|ab \[fett:an\]\d|Mindestalter/);
    }
    expect(REPLACED_HISTORY.after).not.toMatch(/zehn|28|12 Jahren/);

    // The table waits for the seed; the next start stores the defaults, then keeps what members saved.
    expect(await db.selectFrom('club_range').selectAll().execute()).toEqual([]);
    await seed(db, seedOptions());
    expect(await readRangeFacts(db)).toEqual(DEFAULT_RANGE_FACTS);
    await writeRangeFacts(db, { lanes: 6, minimumAge: null }, '2026-11-27 10:00:00');
    await seed(db, seedOptions());
    expect(await readRangeFacts(db)).toEqual({ lanes: 6, minimumAge: null });

    await migrateTo(db, '0022_club_facts');
    expect((await infoTexts(db)).shootingtimes_gun).toBe(REPLACED_RANGE_TEXTS.shootingtimes_gun.before);
    expect((await infoTexts(db)).shootingtimes_arch).toBe(own);
    expect(await history(db)).toBe(REPLACED_HISTORY.before);
  });
});

describe('0024: the club’s logo and home picture', MIGRATION_CHAIN, () => {
  it('adds empty tables, so the site keeps its own drawings, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0022_club_facts');
    await migrateToLatest(db);
    expect(await db.selectFrom('club_pictures').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('club_picture_files').selectAll().execute()).toEqual([]);
    await db.insertInto('club_pictures').values({ role: 'logo', alt: '', source_width: 300, source_height: 100, uploaded_at: '2026-11-27 10:00:00' }).execute();
    await migrateTo(db, '0022_club_facts');
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('club_pictures');
    expect(tables).not.toContain('club_picture_files');
  });
});

describe.skipIf(!usesMysql())('MySQL character set', () => {
  async function tableCollations(db: Db): Promise<Record<string, string>> {
    const { rows } = await sql<{ name: string; collation: string }>`
      select TABLE_NAME as name, TABLE_COLLATION as collation from information_schema.TABLES
      where TABLE_SCHEMA = database() and TABLE_NAME not like 'kysely\\_%'`.execute(db);
    return Object.fromEntries(rows.map((row) => [row.name, row.collation]));
  }

  it('creates utf8mb4 tables in a latin1 database, and an emoji round-trips', async () => {
    const { db } = await open({ mysqlCharset: 'latin1' });
    const { rows } = await sql<{ charset: string }>`select DEFAULT_CHARACTER_SET_NAME as charset from information_schema.SCHEMATA where SCHEMA_NAME = database()`.execute(db);
    expect(rows[0]?.charset).toBe('latin1');
    const collations = await tableCollations(db);
    expect(Object.keys(collations)).toContain('groups');
    for (const [table, collation] of Object.entries(collations)) expect(collation, table).toBe('utf8mb4_unicode_ci');

    const name = 'Bogenschützen 🏹 Ω';
    await db.insertInto('groups').values({ name }).execute();
    expect(await db.selectFrom('groups').select('name').where('name', '=', name).executeTakeFirst()).toEqual({ name });
  });

  it('converts tables that an earlier 0001 created in latin1', async () => {
    const { db } = await open({ mysqlCharset: 'latin1', migrate: false });
    await migrateTo(db, '0001_initial');
    await sql`alter table groups convert to character set latin1`.execute(db);
    await db.insertInto('groups').values({ name: 'Schützen' }).execute();
    expect((await tableCollations(db)).groups).toMatch(/^latin1_/);

    await migrateToLatest(db);

    expect((await tableCollations(db)).groups).toBe('utf8mb4_unicode_ci');
    // With the section groups of 0019.
    expect(await groupNames(db)).toEqual(['Schützen', 'LG/LP', 'Bogen', 'Blasrohr']);
    await db.insertInto('groups').values({ name: '🎯' }).execute();
    expect(await groupNames(db)).toEqual(['Schützen', 'LG/LP', 'Bogen', 'Blasrohr', '🎯']);
  });

  it('refuses to migrate (and so to start) when the server switched the connection away from utf8mb4', async () => {
    const database = await open({ migrate: false });
    // What init_connect = 'SET NAMES latin1' on a shared host does to every new connection.
    const pool = createPool({ uri: database.url, connectionLimit: 1, charset: 'utf8mb4_unicode_ci' });
    const db: Db = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
    try {
      await sql`set names latin1`.execute(db);
      await expect(migrateToLatest(db)).rejects.toThrow(/nicht den Zeichensatz utf8mb4 \(client: latin1, connection: latin1, results: latin1\)/);
      expect((await sql`show tables`.execute(db)).rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

describe('0025: the news', MIGRATION_CHAIN, () => {
  it('gives group 1 of an existing database the four news permissions, no other group; going down takes them away', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0022_club_facts');
    for (const [id, name] of [[1, 'Administratoren'], [5, 'Vorstand']] as const) await db.insertInto('groups').values({ id, name }).execute();
    const permission = Number((await db.insertInto('permissions').values({ name: 'calendar_view' }).executeTakeFirstOrThrow()).insertId);
    await db.insertInto('group_permissions').values([{ group_id: 1, permission_id: permission }, { group_id: 5, permission_id: permission }]).execute();

    await migrateTo(db, '0025_news');

    const granted = await db
      .selectFrom('group_permissions')
      .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
      .select(['group_permissions.group_id', 'permissions.name'])
      .orderBy('group_permissions.group_id')
      .orderBy('permissions.name')
      .execute();
    expect(granted).toEqual([
      { group_id: 1, name: 'calendar_view' },
      { group_id: 1, name: 'news_create' },
      { group_id: 1, name: 'news_delete' },
      { group_id: 1, name: 'news_update' },
      { group_id: 1, name: 'news_view' },
      { group_id: 5, name: 'calendar_view' },
    ]);
    expect((await db.introspection.getTables()).map((table) => table.name)).toEqual(expect.arrayContaining(['news_articles', 'news_slugs', 'news_images']));

    await migrateTo(db, '0022_club_facts');
    expect((await db.selectFrom('permissions').select('name').execute()).map((row) => row.name)).toEqual(['calendar_view']);
    expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('news_articles');
  });

  it('adds nothing to a new database, whose seed adds every permission', async () => {
    const { db } = await open({ migrate: false });
    await migrateToLatest(db);
    expect(await db.selectFrom('permissions').select('name').execute()).toEqual([]);
  });
});

describe('0026: the inbox', MIGRATION_CHAIN, () => {
  it('links older messages to their contact mail, counts a delivered one as done, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0022_club_facts');
    const now = '2026-05-01 10:00:00';
    const mail = async (kind: string, createdMs: number, status: 'sent' | 'held', sentAt: string | null) =>
      Number(
        (
          await db
            .insertInto('mail_outbox')
            .values({ kind, recipient: 'info@verein.example', reply_to: null, subject: 'S', body: 'B', created_at: now, sent_at: sentAt, created_ms: createdMs, next_attempt_ms: createdMs, status })
            .executeTakeFirstOrThrow()
        ).insertId,
      );
    const message = async (subject: string, createdMs: number) =>
      db
        .insertInto('contact_messages')
        .values({ recipient: 'info', prename: 'A', lastname: 'B', email: 'a@example.org', subject, text: 'T', address: '192.0.2.1', created_at: now, created_ms: createdMs })
        .execute();
    const delivered = await mail('contact', 1_000, 'sent', '2026-05-01 10:00:05');
    const held = await mail('contact', 2_000, 'held', null);
    await mail('calendar', 3_000, 'sent', '2026-05-01 10:00:07');
    await message('zugestellt', 1_000);
    await message('wartet', 2_000);
    await message('nur eine Kalendermail zur selben Zeit', 3_000);
    await message('vor 0006', 0);

    await migrateToLatest(db);

    const rows = async () => db.selectFrom('contact_messages').select(['subject', 'mail_id', 'done_at']).orderBy('id').execute();
    expect(await rows()).toEqual([
      { subject: 'zugestellt', mail_id: delivered, done_at: '2026-05-01 10:00:05' },
      { subject: 'wartet', mail_id: held, done_at: null },
      { subject: 'nur eine Kalendermail zur selben Zeit', mail_id: null, done_at: null },
      { subject: 'vor 0006', mail_id: null, done_at: null },
    ]);
    // A mail that goes (the retention) leaves its message without one.
    await db.deleteFrom('mail_outbox').where('id', '=', delivered).execute();
    expect((await rows())[0]).toEqual({ subject: 'zugestellt', mail_id: null, done_at: '2026-05-01 10:00:05' });
    // A group's recipients go with the group.
    const group = await db.insertInto('groups').values({ name: 'Bogenleitung' }).executeTakeFirstOrThrow();
    await db.insertInto('group_message_recipients').values({ group_id: Number(group.insertId), recipient: 'bogen' }).execute();
    await db.deleteFrom('groups').where('id', '=', Number(group.insertId)).execute();
    expect(await db.selectFrom('group_message_recipients').selectAll().execute()).toEqual([]);

    // Down to before 0026, whatever other migrations come after it.
    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0024_club_pictures');
    expect(error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('group_message_recipients');
    const columns = tables.find((table) => table.name === 'contact_messages')!.columns.map((column) => column.name);
    expect(columns).not.toContain('mail_id');
    expect(columns).not.toContain('done_at');
  });
});

describe('0028: rights per section', MIGRATION_CHAIN, () => {
  it('leaves every existing group without a limit, takes a group’s sections along with it, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0026_contact_inbox');
    const existing = Number((await db.insertInto('groups').values({ name: 'Bogenleitung' }).executeTakeFirstOrThrow()).insertId);
    await migrateToLatest(db);
    expect(await db.selectFrom('group_sections').selectAll().execute()).toEqual([]);
    await db.insertInto('group_sections').values({ group_id: existing, section: 'arch' }).execute();
    await expect(db.insertInto('group_sections').values({ group_id: existing, section: 'arch' }).execute()).rejects.toSatisfy(isUniqueViolation);
    await db.deleteFrom('groups').where('id', '=', existing).execute();
    expect(await db.selectFrom('group_sections').selectAll().execute()).toEqual([]);

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0026_contact_inbox');
    expect(error).toBeUndefined();
    expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('group_sections');
  });
});

describe('0029: phone versions of gallery images', MIGRATION_CHAIN, () => {
  it('leaves existing images without one (made after the start), keeps names unique, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0028_group_sections');
    const album = Number((await db.insertInto('albums').values({ name: 'Alt', section: 'club', created_at: '2026-11-27 10:00:00' }).executeTakeFirstOrThrow()).insertId);
    const image = { album_id: album, title: '', name: 'a.png', mime: 'image/webp', width: 10, height: 10, created_at: '2026-11-27 10:00:00' };
    await db.insertInto('images').values({ ...image, stored_name: 'a.webp', thumb_name: 'a-t.webp' }).execute();
    await migrateToLatest(db);
    expect(await db.selectFrom('images').select('medium_name').execute()).toEqual([{ medium_name: null }]);
    await db.insertInto('images').values({ ...image, stored_name: 'b.webp', thumb_name: 'b-t.webp', medium_name: 'm.webp' }).execute();
    await expect(db.insertInto('images').values({ ...image, stored_name: 'c.webp', thumb_name: 'c-t.webp', medium_name: 'm.webp' }).execute()).rejects.toSatisfy(isUniqueViolation);

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0028_group_sections');
    expect(error).toBeUndefined();
    expect((await db.introspection.getTables()).find((table) => table.name === 'images')!.columns.map((column) => column.name)).not.toContain('medium_name');
  });
});

describe('0030: the article mail', MIGRATION_CHAIN, () => {
  it('keeps every mail as plain text, adds the mail tables, takes a member’s and an article’s rows with them, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0028_group_sections');
    const mail = Number(
      (
        await db
          .insertInto('mail_outbox')
          .values({ recipient: 'a@example.org', reply_to: null, subject: 'Vorher', body: 'Text', created_at: '2026-11-27 10:00:00', sent_at: null, last_error: null, created_ms: 1, next_attempt_ms: 1 })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
    await migrateTo(db, '0030_news_mail');
    expect(await db.selectFrom('mail_outbox').select(['id', 'body', 'html', 'headers']).execute()).toEqual([{ id: mail, body: 'Text', html: null, headers: null }]);

    const user = Number(
      (
        await db
          .insertInto('users')
          .values({ prename: 'Anna', lastname: 'Muster', uid: '00004711', password_hash: 'x', email: 'anna@example.org', phone: '', created_at: '2026-11-27 10:00:00', updated_at: '2026-11-27 10:00:00' })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
    const group = Number((await db.insertInto('groups').values({ name: 'Mannschaft' }).executeTakeFirstOrThrow()).insertId);
    const article = Number(
      (
        await db
          .insertInto('news_articles')
          .values({ slug: 'fest', title: 'Fest', teaser: '', body: '{}', section: 'club', cover_image_id: null, appointment_id: null, album_id: null, author_id: user, publish_at: null, created_at: '2026-11-27 10:00:00', updated_at: '2026-11-27 10:00:00' })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
    await db.insertInto('news_mail_groups').values({ article_id: article, group_id: group }).execute();
    await db.insertInto('news_mail_sends').values({ article_id: article, user_id: user, token_hash: 'b'.repeat(64), created_at: '2026-11-27 10:00:00' }).execute();
    await db.insertInto('news_mail_optouts').values({ user_id: user, created_at: '2026-11-27 10:00:00' }).execute();
    // Nobody twice: the key is (article, member); a link's hash is unique.
    await expect(
      db.insertInto('news_mail_sends').values({ article_id: article, user_id: user, token_hash: 'c'.repeat(64), created_at: '2026-11-27 10:00:00' }).execute(),
    ).rejects.toSatisfy(isUniqueViolation);
    await db.deleteFrom('users').where('id', '=', user).execute();
    expect(await db.selectFrom('news_mail_sends').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('news_mail_optouts').selectAll().execute()).toEqual([]);
    await db.deleteFrom('news_articles').where('id', '=', article).execute();
    expect(await db.selectFrom('news_mail_groups').selectAll().execute()).toEqual([]);

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0028_group_sections');
    expect(error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('news_mail_sends');
    expect(tables.find((table) => table === 'mail_outbox')).toBeDefined();
    expect(await db.selectFrom('mail_outbox').select(['id', 'body']).execute()).toEqual([{ id: mail, body: 'Text' }]);
  });
});

describe('0031: sign-ups', MIGRATION_CHAIN, () => {
  it('adds empty sign-up tables to a database with appointments, keeps one position per appointment and one token, follows the appointment, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0028_group_sections');
    const group = Number((await db.insertInto('groups').values({ name: 'Bogen-Team' }).executeTakeFirstOrThrow()).insertId);
    const stamp = '2026-11-27 10:00:00';
    const appointment = Number(
      (
        await db
          .insertInto('appointments')
          .values({ name: '3D-Turnier', datetime_begin: '2027-05-01 09:00:00', datetime_end: '2027-05-01 17:00:00', location: 'Parcours', visibility: 1, description: '', notes: '', assignment: group, status: 0, notify: 0, created_at: stamp, updated_at: stamp })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
    await migrateToLatest(db);
    for (const table of ['network_attempts', 'registration_settings', 'registrations', 'registration_mails'] as const) {
      expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    await db
      .insertInto('registration_settings')
      .values({ appointment_id: appointment, places: 60, places_per_signup: 1, opens_at: null, closes_at: null, audience: 'everyone', note: '', guardian_consent: 0, fields: '{}', created_at: stamp, updated_at: stamp })
      .execute();
    const row = (position: number, token: string | null) => ({
      appointment_id: appointment,
      position,
      status: 'place',
      places: 1,
      prename: 'Jörg',
      lastname: 'Weiß',
      email: 'j@example.org',
      phone: '',
      birthdate: '',
      club: '',
      answers: '{}',
      token_hash: token,
      user_id: null,
      guardian_name: '',
      guardian_consent_at: null,
      created_at: stamp,
      updated_at: stamp,
      cancelled_at: null,
    });
    await db.insertInto('registrations').values(row(1, 'a'.repeat(64))).execute();
    await expect(db.insertInto('registrations').values(row(1, 'b'.repeat(64))).execute()).rejects.toSatisfy(isUniqueViolation);
    await expect(db.insertInto('registrations').values(row(2, 'a'.repeat(64))).execute()).rejects.toSatisfy(isUniqueViolation);
    // Tokens emptied by cancellations do not collide.
    await db.insertInto('registrations').values([row(2, null), row(3, null)]).execute();
    await db.deleteFrom('appointments').where('id', '=', appointment).execute();
    expect(await db.selectFrom('registrations').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('registration_settings').selectAll().execute()).toEqual([]);

    await migrateTo(db, '0028_group_sections');
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    for (const table of ['network_attempts', 'registration_settings', 'registrations', 'registration_mails']) expect(tables).not.toContain(table);
  });
});

describe('0032: the course state and the club’s bank data', MIGRATION_CHAIN, () => {
  it('gives group 1 of an existing database parcours_view and parcours_update, keeps the club data with an empty account and a year of retention, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0028_group_sections');
    for (const [id, name] of [[1, 'Administratoren'], [5, 'Vorstand']] as const) await db.insertInto('groups').values({ id, name }).execute();
    const permission = Number((await db.insertInto('permissions').values({ name: 'calendar_view' }).executeTakeFirstOrThrow()).insertId);
    await db.insertInto('group_permissions').values([{ group_id: 1, permission_id: permission }, { group_id: 5, permission_id: permission }]).execute();
    await sql`insert into club_profile (id, name, street, postal_code, city, phone, email, social_facebook, social_instagram, social_youtube, social_tiktok, social_x, social_mastodon, social_whatsapp, course_lat, course_lon, parking_street, parking_postal_code, parking_city, history, representation, register, responsible, privacy_contact, contact_info, contact_vorstand, contact_lg_lp, contact_bogen, contact_blasrohr, contact_webmaster)
      values (1, 'SV Alt', '', '', '', '', '', '', '', '', '', '', '', '', 50.5, 9.7, '', '', '', '', '', '', '', '', '', '', '', '', '', '')`.execute(db);

    await migrateToLatest(db);

    const granted = await db
      .selectFrom('group_permissions')
      .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
      .select(['group_permissions.group_id', 'permissions.name'])
      .orderBy('group_permissions.group_id')
      .orderBy('permissions.name')
      .execute();
    expect(granted).toEqual([
      { group_id: 1, name: 'calendar_view' },
      { group_id: 1, name: 'parcours_update' },
      { group_id: 1, name: 'parcours_view' },
      { group_id: 5, name: 'calendar_view' },
    ]);
    const club = await db.selectFrom('club_profile').select(['name', 'iban', 'bic', 'account_holder', 'course_book_retention_months']).executeTakeFirstOrThrow();
    expect({ ...club, course_book_retention_months: Number(club.course_book_retention_months) }).toEqual({ name: 'SV Alt', iban: '', bic: '', account_holder: '', course_book_retention_months: 12 });
    await db.insertInto('course_closures').values({ from_date: '2026-12-01', to_date: '2026-12-02', reason: 'storm', note: '', created_at: '2026-11-27 10:00:00', updated_at: '2026-11-27 10:00:00' }).execute();
    await db.insertInto('course_state').values({ id: 1, closed_targets: '4,12', detour: 'Links herum', updated_at: null }).execute();

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0028_group_sections');
    expect(error).toBeUndefined();
    expect((await db.selectFrom('permissions').select('name').execute()).map((row) => row.name)).toEqual(['calendar_view']);
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain('course_closures');
    expect(tables.map((table) => table.name)).not.toContain('course_state');
    expect(tables.find((table) => table.name === 'club_profile')!.columns.map((column) => column.name)).not.toContain('iban');
    expect(await db.selectFrom('club_profile').select('name').execute()).toEqual([{ name: 'SV Alt' }]);
  });
});

describe('0033: the course book', MIGRATION_CHAIN, () => {
  it('adds empty course-book tables, keeps one ticket per token hash, deletes a group’s shooters with it, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0032_course_state');
    await migrateToLatest(db);

    const group = { token_hash: 'b'.repeat(64), ticket_code: 'K7M3PX', day: '2026-11-27', checked_in_at: '2026-11-27 10:00:00', checked_out_at: null, checked_out_by: '', phone: '0171 1', payment: 'cash', amount_cents: 1200, paid_at: null, categories: '1 × Erwachsene', personal_deleted: 0 };
    const id = Number((await db.insertInto('course_book_groups').values(group).executeTakeFirstOrThrow()).insertId);
    await db.insertInto('course_book_shooters').values({ group_id: id, position: 0, name: 'Jürgen Größer', category: 'Erwachsene', price_cents: 1200, member_number: '' }).execute();
    expect(await db.selectFrom('course_book_shooters').select('name').execute()).toEqual([{ name: 'Jürgen Größer' }]);
    // The ticket's address finds one group.
    const again = await db
      .insertInto('course_book_groups')
      .values(group)
      .execute()
      .then(() => undefined, (error: unknown) => error);
    expect(isUniqueViolation(again)).toBe(true);
    await db.deleteFrom('course_book_groups').where('id', '=', id).execute();
    expect(await db.selectFrom('course_book_shooters').selectAll().execute()).toEqual([]);

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0032_course_state');
    expect(error).toBeUndefined();
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('course_book_groups');
    expect(tables).not.toContain('course_book_shooters');
    expect(tables).toContain('course_closures');
  });
});

describe('0034: sign-ups in the duty feed', MIGRATION_CHAIN, () => {
  it('keeps the members’ duty settings with the sign-ups off, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0032_course_state');
    const now = '2026-11-27 10:00:00';
    const user = Number(
      (await db.insertInto('users').values({ prename: 'A', lastname: 'B', uid: '10000034', password_hash: 'x', email: '', phone: '', created_at: now, updated_at: now }).executeTakeFirstOrThrow())
        .insertId,
    );
    await sql`insert into duty_settings (user_id, feed_token_hash, feed_created_ms, remind_at) values (${user}, ${'f'.repeat(64)}, ${1_790_000_000_000}, ${'18:30'})`.execute(db);

    await migrateToLatest(db);
    const row = await db.selectFrom('duty_settings').select(['feed_token_hash', 'remind_at', 'feed_signups']).executeTakeFirstOrThrow();
    expect({ ...row, feed_signups: Number(row.feed_signups) }).toEqual({ feed_token_hash: 'f'.repeat(64), remind_at: '18:30', feed_signups: 0 });

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0032_course_state');
    expect(error).toBeUndefined();
    const tables = await db.introspection.getTables();
    expect(tables.find((table) => table.name === 'duty_settings')!.columns.map((column) => column.name)).not.toContain('feed_signups');
    expect(await db.selectFrom('duty_settings').select('remind_at').execute()).toEqual([{ remind_at: '18:30' }]);
  });
});

describe('0035: annual passes for the course', MIGRATION_CHAIN, () => {
  it('adds an empty table with one pass per member and year, deleted with the member, and goes down again', async () => {
    const { db } = await open({ migrate: false });
    await migrateTo(db, '0034_signup_feed');
    await migrateToLatest(db);
    const now = '2026-11-27 10:00:00';
    const user = Number(
      (await db.insertInto('users').values({ prename: 'A', lastname: 'B', uid: '10000035', password_hash: 'x', email: '', phone: '', created_at: now, updated_at: now }).executeTakeFirstOrThrow())
        .insertId,
    );
    expect(await db.selectFrom('course_annual_passes').selectAll().execute()).toEqual([]);
    await db.insertInto('course_annual_passes').values([{ user_id: user, year: 2026, created_at: now }, { user_id: user, year: 2027, created_at: now }]).execute();
    const again = await db
      .insertInto('course_annual_passes')
      .values({ user_id: user, year: 2026, created_at: now })
      .execute()
      .then(() => undefined, (error: unknown) => error);
    expect(isUniqueViolation(again)).toBe(true);
    await db.deleteFrom('users').where('id', '=', user).execute();
    expect(await db.selectFrom('course_annual_passes').selectAll().execute()).toEqual([]);

    const { error } = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0034_signup_feed');
    expect(error).toBeUndefined();
    expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('course_annual_passes');
  });
});
