import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlAdapter, MysqlDialect, SqliteDialect, sql, type SqliteDialectConfig } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createPool, type Pool } from 'mysql2';
import { migrations } from '../../../db/migrations/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'mysql';

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * SQLite only: the one connection under Kysely. Tests use it to act as another writer
   * while a transaction holds that connection (through Kysely that would wait forever).
   */
  sqlite?: SqliteDatabase.Database;
  /** MySQL only: the pool under Kysely. Tests look at how many requests wait in its queue. */
  pool?: Pool;
}

/** Distinct SQL texts whose prepared statements are kept; a list of n values is a text of its own. */
const KEPT_STATEMENTS = 500;

/**
 * The database as Kysely's SQLite driver sees it, with each SQL text prepared once: the
 * driver prepares every query anew, which took a fifth of a back-office read that asks
 * who is calling. A statement still being iterated (a stream) is not handed out twice.
 */
function preparingOnce(database: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      const kept = statements.get(text);
      if (kept && !kept.busy) {
        // The most recently used goes last, so the rarely used are dropped first.
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const statement = database.prepare(text);
      statements.set(text, statement);
      if (statements.size > KEPT_STATEMENTS) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

/**
 * How the MySQL pool behaves when the database does not answer (README „Wenn die Datenbank
 * ausfällt“): a request waits for a connection only so long and behind so many others,
 * then it is answered 503 at once, instead of requests piling up in memory for as long as
 * the outage lasts.
 */
export interface MysqlPoolLimits {
  /** Connections at once; more requests wait for one of them. */
  connectionLimit: number;
  /** Requests that may wait for a connection; the next is refused ('Queue limit reached.', a 503). */
  queueLimit: number;
  /** A connection that has not said hello by then (a server shutting down, a dead host) is given up (ETIMEDOUT, a 503). */
  connectTimeoutMs: number;
}

export const MYSQL_POOL_LIMITS: MysqlPoolLimits = {
  connectionLimit: 10,
  // Five times the connections: public reads share one query per value (PublicCache), so
  // only the back office waits here, never behind as many. Each waiting request holds its
  // memory until it is answered, and when the server has gone silent (no refusal, no
  // reset) each gets a connection attempt of its own in turn: the last of them is answered
  // after (50 / 10 + 1) × 5 s = 30 s, every request beyond them at once.
  queueLimit: 50,
  // A database on the same host or network says hello within milliseconds.
  connectTimeoutMs: 5_000,
};

/** Opens the database named by DATABASE_URL (DESIGN §2): `sqlite:<file>`, `sqlite::memory:` or `mysql://...`. */
export function openDatabase(url: string, limits: Partial<MysqlPoolLimits> = {}): DatabaseHandle {
  if (url.startsWith('mysql://') || url.startsWith('mariadb://')) {
    const { connectionLimit, queueLimit, connectTimeoutMs } = { ...MYSQL_POOL_LIMITS, ...limits };
    const pool = createPool({
      uri: url.replace(/^mariadb:/, 'mysql:'),
      // DATETIME and DATE come back as the strings we stored, never shifted by a time zone.
      dateStrings: true,
      charset: 'utf8mb4_unicode_ci',
      connectionLimit,
      queueLimit,
      connectTimeout: connectTimeoutMs,
      enableKeepAlive: true,
      // Kysely sends text queries (query, not execute), so no statement is ever prepared;
      // mysql2's default cache of 16,000 allocates about 512 KB with every connection. While
      // the database is down every request tries a new connection, and those caches took
      // 150-250 MB of memory within seconds under load (tests/bench/outage.ts).
      maxPreparedStatements: 1,
    });
    return { db: new Kysely<Database>({ dialect: new MysqlDialect({ pool }) }), dialect: 'mysql', pool };
  }
  if (url.startsWith('sqlite:')) {
    const location = url.slice('sqlite:'.length);
    const file = location === ':memory:' ? ':memory:' : resolve(location);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const database = new SqliteDatabase(file);
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    if (file !== ':memory:') database.pragma('journal_mode = WAL');
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: preparingOnce(database) }) }), dialect: 'sqlite', sqlite: database };
  }
  throw new Error(`DATABASE_URL wird nicht unterstützt: ${url.replace(/\/\/[^@]*@/, '//***@')}`);
}

/**
 * MySQL only: the connection must speak utf8mb4, or umlauts are stored wrongly and emoji
 * lost. openDatabase asks for it in the handshake, but a server may switch it afterwards
 * (init_connect, skip-character-set-client-handshake on shared hosts); then we refuse to start.
 */
export async function assertUtf8mb4Connection(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof MysqlAdapter)) return;
  const { rows } = await sql<Record<string, string>>`
    select @@character_set_client as client, @@character_set_connection as connection, @@character_set_results as results`.execute(db);
  const wrong = Object.entries(rows[0] ?? {}).filter(([, charset]) => charset !== 'utf8mb4');
  if (wrong.length > 0) {
    throw new Error(
      `Die Datenbankverbindung verwendet nicht den Zeichensatz utf8mb4 (${wrong.map(([what, charset]) => `${what}: ${charset}`).join(', ')}). ` +
        'Umlaute und Emoji würden falsch gespeichert. Bitte die Einstellungen des Datenbankservers prüfen ' +
        '(init_connect, character-set-client-handshake).',
    );
  }
}

/** Checks the connection's character set, then brings the schema up to date; run at every start. */
export async function migrateToLatest(db: Db): Promise<void> {
  await migrateTo(db);
}

/** Migrates to the named migration (a restore's schema version), or to the latest. */
export async function migrateTo(db: Db, version?: string): Promise<void> {
  await assertUtf8mb4Connection(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await (version === undefined ? migrator.migrateToLatest() : migrator.migrateTo(version));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration fehlgeschlagen${failed ? ` (${failed.migrationName})` : ''}`, { cause: error });
  }
}
