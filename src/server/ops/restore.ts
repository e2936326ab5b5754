import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { migrations } from '../../../db/migrations/index.ts';
import { assertUtf8mb4Connection, migrateTo, type Db, type Dialect } from '../db/connection.ts';
import {
  ARCHIVE_FORMAT_VERSION,
  decodeRow,
  fileEntry,
  hashingStream,
  MANIFEST_ENTRY,
  manifestSchema,
  parseEntryName,
  readArchive,
  tableEntry,
  type Manifest,
} from './archive.ts';
import { OpsError, anyDb, appliedMigrations, countRows, formatSize, listTables, maxValue, type TableInfo } from './tables.ts';

export interface RestoreOptions {
  db: Db;
  dialect: Dialect;
  uploadsDir: string;
  file: string;
  /** Replace whatever the target database holds. */
  force?: boolean;
  log?: (line: string) => void;
}

/** The database was restored and committed, but what follows it failed: `--force` repeats the restore. */
export class PartialRestoreError extends OpsError {}

/** Rows per INSERT stay under this many bound values (SQLite allows 32766, MySQL 65535)... */
const MAX_VALUES_PER_INSERT = 10_000;
/** ... and under this many bytes of row data, far below MySQL's smallest usual max_allowed_packet (16 MB). */
const MAX_BYTES_PER_INSERT = 4 * 1024 * 1024;
/** The manifest is a list of names and sums; anything far larger is not one. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** The folder inside UPLOADS_DIR that holds restored files until the database has committed. */
const STAGING_PREFIX = '.restore-';

const damaged = (what: string) =>
  new OpsError(`Die Sicherung ist beschädigt: ${what}. Es wurde nichts verändert.`);

async function readAll(content: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw damaged('das Manifest ist zu groß');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads the whole archive once and compares every entry with the manifest, before anything is touched. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const entries = new Map<string, { sha256: string; size: number; lines: number }>();
  let manifestBytes: Buffer | undefined;
  try {
    await readArchive(file, async (name, content) => {
      if (entries.has(name) || (name === MANIFEST_ENTRY && manifestBytes)) throw damaged(`der Eintrag ${name} kommt doppelt vor`);
      const entry = parseEntryName(name);
      if (!entry) throw damaged(`unbekannter Eintrag ${name}`);
      if (entry.kind === 'manifest') {
        manifestBytes = await readAll(content, MAX_MANIFEST_BYTES);
        return;
      }
      const hashing = hashingStream();
      let lines = 0;
      for await (const chunk of content.pipe(hashing)) {
        for (const byte of chunk as Buffer) if (byte === 0x0a) lines += 1;
      }
      entries.set(name, { ...hashing.digest(), lines });
    });
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw new OpsError(`Die Sicherung lässt sich nicht lesen (${(error as Error).message}). Es wurde nichts verändert.`, { cause: error });
  }
  if (!manifestBytes) throw damaged('das Manifest fehlt');
  let manifest: Manifest;
  try {
    const parsed: unknown = JSON.parse(manifestBytes.toString('utf8'));
    const version = (parsed as { formatVersion?: unknown } | null)?.formatVersion;
    if (typeof version === 'number' && version > ARCHIVE_FORMAT_VERSION) {
      throw new OpsError(`Die Sicherung hat das Format ${version}; diese Version der Software kennt nur bis ${ARCHIVE_FORMAT_VERSION}. Bitte die Software aktualisieren.`);
    }
    manifest = manifestSchema.parse(parsed);
  } catch (error) {
    if (error instanceof OpsError) throw error;
    throw damaged('das Manifest ist ungültig');
  }
  const named = new Set<string>();
  for (const table of manifest.tables) {
    const name = tableEntry(table.name);
    named.add(name);
    const entry = entries.get(name);
    if (!entry) throw damaged(`die Tabelle ${table.name} fehlt`);
    if (entry.sha256 !== table.sha256) throw damaged(`die Prüfsumme der Tabelle ${table.name} stimmt nicht`);
    if (entry.lines !== table.rows) throw damaged(`die Tabelle ${table.name} hat nicht ${table.rows} Zeilen`);
  }
  for (const stored of manifest.files) {
    const name = fileEntry(stored.name);
    named.add(name);
    const entry = entries.get(name);
    if (!entry) throw damaged(`die Datei ${stored.name} fehlt`);
    if (entry.sha256 !== stored.sha256 || entry.size !== stored.size) throw damaged(`die Prüfsumme der Datei ${stored.name} stimmt nicht`);
  }
  for (const name of entries.keys()) {
    if (!named.has(name)) throw damaged(`der Eintrag ${name} steht nicht im Manifest`);
  }
  return manifest;
}

/** Refuses a target that cannot take the archive: a newer schema, or rows without `force`. */
async function checkTarget(db: Db, manifest: Manifest, force: boolean): Promise<void> {
  const known = Object.keys(migrations).sort();
  const archiveIndex = known.indexOf(manifest.schemaVersion);
  if (archiveIndex < 0) {
    throw new OpsError(
      `Die Sicherung hat den Datenbankstand „${manifest.schemaVersion}“, den diese Version der Software nicht kennt. Bitte zuerst die Software aktualisieren.`,
    );
  }
  const applied = await appliedMigrations(db);
  const newest = applied.at(-1);
  if (newest !== undefined && (!known.includes(newest) || known.indexOf(newest) > archiveIndex)) {
    throw new OpsError(
      `Die Zieldatenbank hat einen neueren Stand („${newest}“) als die Sicherung („${manifest.schemaVersion}“). ` +
        'Bitte in eine neu angelegte, leere Datenbank wiederherstellen.',
    );
  }
  const filled: string[] = [];
  for (const table of await listTables(db)) {
    const rows = await countRows(db, table.name);
    if (rows > 0) filled.push(`${table.name}: ${rows}`);
  }
  if (filled.length > 0 && !force) {
    throw new OpsError(
      `Die Zieldatenbank enthält bereits Daten (${filled.join(', ')}). Wiederhergestellt wird nur in eine neu angelegte, ` +
        'leere Datenbank, auf der der Server noch nie gestartet wurde; mit --force werden alle vorhandenen Daten ersetzt.',
    );
  }
}

/** Writes the archive's files into the staging folder, checking each sum again as it is written. */
async function stageFiles(file: string, manifest: Manifest, staging: string): Promise<void> {
  const expected = new Map(manifest.files.map((stored) => [stored.name, stored]));
  await readArchive(file, async (name, content) => {
    const entry = parseEntryName(name);
    if (entry?.kind !== 'file') return;
    const stored = expected.get(entry.name);
    if (!stored) throw damaged(`der Eintrag ${name} steht nicht im Manifest`);
    const hashing = hashingStream();
    await pipeline(content, hashing, createWriteStream(join(staging, entry.name), { flags: 'wx' }));
    const digest = hashing.digest();
    if (digest.sha256 !== stored.sha256 || digest.size !== stored.size) throw damaged(`die Prüfsumme der Datei ${entry.name} stimmt nicht`);
  });
}

/** Foreign keys are checked once all rows are in, so the insert order does not matter and no cycle can block. */
async function assertForeignKeys(db: Db, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db);
    if (rows[0]) throw new OpsError(`Die Sicherung ist in sich nicht stimmig: eine Zeile der Tabelle ${rows[0].table} verweist auf eine fehlende Zeile von ${rows[0].parent}.`);
    return;
  }
  const { rows: keys } = await sql<{ child: string; column: string; parent: string; parentColumn: string }>`
    select TABLE_NAME as child, COLUMN_NAME as ${sql.ref('column')}, REFERENCED_TABLE_NAME as parent, REFERENCED_COLUMN_NAME as parentColumn
    from information_schema.KEY_COLUMN_USAGE
    where TABLE_SCHEMA = database() and REFERENCED_TABLE_NAME is not null`.execute(db);
  for (const key of keys) {
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(key.child)} as c
      where c.${sql.ref(key.column)} is not null
        and not exists (select 1 from ${sql.table(key.parent)} as p where p.${sql.ref(key.parentColumn)} = c.${sql.ref(key.column)})`.execute(db);
    if (Number(rows[0]?.n ?? 0) > 0) {
      throw new OpsError(`Die Sicherung ist in sich nicht stimmig: eine Zeile der Tabelle ${key.child} verweist auf eine fehlende Zeile von ${key.parent}.`);
    }
  }
}

/** SQLite: sqlite_sequence at least at each table's largest id, so new rows never reuse one. */
async function continueSqliteCounters(db: Db, tables: TableInfo[]): Promise<void> {
  for (const table of tables) {
    if (!table.autoIncrement) continue;
    const max = await maxValue(db, table.name, table.autoIncrement);
    const updated = await sql`update sqlite_sequence set seq = ${max} where name = ${table.name} and seq < ${max}`.execute(db);
    if (Number(updated.numAffectedRows ?? 0) > 0) continue;
    const { rows } = await sql`select 1 from sqlite_sequence where name = ${table.name}`.execute(db);
    if (rows.length === 0) await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${max})`.execute(db);
  }
}

/** MySQL: AUTO_INCREMENT after each table's largest id (ALTER TABLE commits implicitly, so after the restore's commit). */
async function continueMysqlCounters(db: Db, tables: TableInfo[]): Promise<void> {
  for (const table of tables) {
    if (!table.autoIncrement) continue;
    const next = (await maxValue(db, table.name, table.autoIncrement)) + 1;
    await sql`alter table ${sql.table(table.name)} auto_increment = ${sql.raw(String(next))}`.execute(db);
  }
}

/** Inserts one table's rows from its JSONL entry in batches; answers the number of rows. */
async function insertTable(
  trx: Db,
  table: TableInfo,
  content: Readable,
): Promise<number> {
  const columns = new Set(table.columns);
  const batchSize = Math.max(1, Math.floor(MAX_VALUES_PER_INSERT / Math.max(1, table.columns.length)));
  let batch: Record<string, unknown>[] = [];
  let batchBytes = 0;
  let inserted = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await anyDb(trx).insertInto(table.name).values(batch).execute();
    } catch (error) {
      // E.g. a text longer than MySQL's column allows, which SQLite had stored as it came.
      throw new OpsError(
        `Die Zeilen der Tabelle ${table.name} lassen sich nicht einfügen (${(error as Error).message}). Es wurde nichts verändert.`,
        { cause: error },
      );
    }
    inserted += batch.length;
    batch = [];
    batchBytes = 0;
  };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  const take = async (line: string) => {
    if (line === '') return;
    const row = decodeRow(line);
    for (const column of Object.keys(row)) {
      if (!columns.has(column)) throw new OpsError(`Die Spalte ${column} der Tabelle ${table.name} fehlt in der Zieldatenbank.`);
    }
    batch.push(row);
    batchBytes += line.length;
    if (batch.length >= batchSize || batchBytes >= MAX_BYTES_PER_INSERT) await flush();
  };
  for await (const chunk of content) {
    pending += decoder.decode(chunk as Buffer, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) await take(line);
  }
  pending += decoder.decode();
  await take(pending);
  await flush();
  return inserted;
}

/**
 * Replaces the target's rows with the archive's in one transaction. Foreign keys are off
 * while the rows go in (any table order works, and ON DELETE actions do not fire while
 * the old rows go) and checked as a whole before the commit.
 */
async function replaceRows(
  db: Db,
  dialect: Dialect,
  file: string,
  manifest: Manifest,
  tables: TableInfo[],
  log: (line: string) => void,
): Promise<void> {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const expected = new Map(manifest.tables.map((table) => [table.name, table]));
  const run = () =>
    db.transaction().execute(async (trx) => {
      if (dialect === 'mysql') await sql`set foreign_key_checks = 0`.execute(trx);
      try {
        for (const table of tables) await anyDb(trx).deleteFrom(table.name).execute();
        await readArchive(file, async (name, content) => {
          const entry = parseEntryName(name);
          if (entry?.kind !== 'table') return;
          const table = byName.get(entry.name);
          if (!table) throw new OpsError(`Die Tabelle ${entry.name} fehlt in der Zieldatenbank.`);
          // Read a second time: the file must still be the one whose sums were checked.
          const hashing = hashingStream();
          const rows = await insertTable(trx, table, content.pipe(hashing));
          const sums = expected.get(entry.name);
          if (!sums || rows !== sums.rows || hashing.digest().sha256 !== sums.sha256) {
            throw damaged(`die Tabelle ${entry.name} hat sich seit der Prüfung verändert`);
          }
          log(`Tabelle ${entry.name}: ${rows} ${rows === 1 ? 'Zeile' : 'Zeilen'}`);
        });
        await assertForeignKeys(trx, dialect);
        if (dialect === 'sqlite') await continueSqliteCounters(trx, tables);
      } finally {
        // The connection goes back to the pool; a broken one has nothing left to reset.
        if (dialect === 'mysql') await sql`set foreign_key_checks = 1`.execute(trx).catch(() => undefined);
      }
    });
  if (dialect === 'mysql') {
    await run();
    return;
  }
  // SQLite: the pragma is per connection and ignored inside a transaction; better-sqlite3
  // has the one connection, which this restore has to itself.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await run();
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Restores an archive of createBackup into the database and UPLOADS_DIR: checks every sum
 * first, refuses a target holding data (unless force), migrates it to the archive's
 * schema version, replaces all rows in one transaction and moves the files into place
 * only after the commit. A failure before the commit leaves rows and files as they were;
 * one after it says that the database is restored and that --force repeats the restore.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { db, dialect, force = false } = options;
  const log = options.log ?? (() => undefined);
  const file = resolve(options.file);
  const uploadsDir = resolve(options.uploadsDir);

  log(`Prüfe die Sicherung ${file} …`);
  const manifest = await verifyArchive(file);
  const bytes = manifest.files.reduce((sum, stored) => sum + stored.size, 0);
  log(
    `Prüfsummen in Ordnung: ${manifest.tables.length} Tabellen, ${manifest.files.length} Dateien (${formatSize(bytes)}); ` +
      `Stand ${manifest.schemaVersion}, gesichert am ${manifest.createdAt} aus ${manifest.dialect === 'mysql' ? 'MySQL/MariaDB' : 'SQLite'}.`,
  );
  const missing = manifest.missingFiles ?? [];
  if (missing.length > 0) {
    log(`Achtung: Beim Sichern ${missing.length === 1 ? 'fehlte 1 Datei' : `fehlten ${missing.length} Dateien`}; sie ${missing.length === 1 ? 'ist' : 'sind'} nicht in der Sicherung: ${missing.map((stored) => stored.name).join(', ')}`);
  }

  await assertUtf8mb4Connection(db);
  await checkTarget(db, manifest, force);
  await migrateTo(db, manifest.schemaVersion);
  const tables = await listTables(db);
  const present = new Set(tables.map((table) => table.name));
  for (const table of manifest.tables) {
    if (!present.has(table.name)) throw new OpsError(`Die Tabelle ${table.name} fehlt in der Zieldatenbank.`);
  }

  await mkdir(uploadsDir, { recursive: true });
  const staging = join(uploadsDir, `${STAGING_PREFIX}${randomUUID()}`);
  await mkdir(staging);
  try {
    await stageFiles(file, manifest, staging);
    await replaceRows(db, dialect, file, manifest, tables, log);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  // The rows are committed: a failure from here on leaves the database restored and the
  // files not (all) in place. It says so, and the same command with --force repeats it all.
  let step = 'die Zähler für neue IDs';
  try {
    if (dialect === 'mysql') await continueMysqlCounters(db, tables);
    step = 'die Dateien';
    // Stored names are unique, so a file already there (the same backup restored again) is the same file.
    for (const stored of manifest.files) await rename(join(staging, stored.name), join(uploadsDir, stored.name));
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    throw new PartialRestoreError(
      `Die Datenbank ist wiederhergestellt, ${step} aber nicht (${(error as Error).message}). ` +
        'Bitte die Ursache beheben und die Wiederherstellung mit --force wiederholen.',
      { cause: error },
    );
  }
  await rm(staging, { recursive: true, force: true });
  log(`Dateien: ${manifest.files.length} (${formatSize(bytes)})`);
  log('Wiederherstellung abgeschlossen.');
  return manifest;
}
