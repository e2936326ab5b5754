import { rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/connection.ts';
import { STORED_FILE_COLUMNS } from '../storage/serve.ts';
import { STORED_NAME } from '../storage/storage.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveWriter,
  MANIFEST_ENTRY,
  encodeRow,
  fileEntry,
  sha256,
  tableEntry,
  type Manifest,
} from './archive.ts';
import { OpsError, anyDb, appliedMigrations, formatSize, listTables } from './tables.ts';

export interface BackupOptions {
  db: Db;
  dialect: Dialect;
  uploadsDir: string;
  /** The archive to write; replaced only once it is complete. */
  file: string;
  /** Progress, one German line at a time; awaited, so a caller may act between tables. */
  log?: (line: string) => void | Promise<void>;
  now?: Date;
}

export interface BackupResult {
  manifest: Manifest;
  /** Bytes of the archive. */
  size: number;
  /** Files a row names that were not in UPLOADS_DIR (or whose name no upload has): not in the archive. */
  missing: MissingFile[];
}

export interface MissingFile {
  name: string;
  /** The table whose row names it. */
  table: string;
}

interface Snapshot {
  schemaVersion: string;
  tables: Manifest['tables'];
  /** The stored files the snapshot's rows name, with the table of each. */
  files: MissingFile[];
}

/**
 * One read transaction over one connection, so every table (and the list of files they
 * name) is seen at the same moment while the site keeps writing. MySQL: a consistent
 * snapshot taken at the start; SQLite (WAL): the snapshot of the first read holds for the
 * whole transaction.
 */
async function readSnapshot(
  db: Db,
  dialect: Dialect,
  writer: ArchiveWriter,
  log: (line: string) => void | Promise<void>,
): Promise<Snapshot> {
  return db.connection().execute(async (connection) => {
    if (dialect === 'mysql') {
      await sql`set transaction isolation level repeatable read`.execute(connection);
      await sql`start transaction with consistent snapshot, read only`.execute(connection);
    } else {
      await sql`begin`.execute(connection);
    }
    try {
      const schemaVersion = (await appliedMigrations(connection)).at(-1);
      if (!schemaVersion) throw new OpsError('Die Datenbank ist leer (noch nie migriert); es gibt nichts zu sichern.');
      const tables: Manifest['tables'] = [];
      // The files are the ones the rows of this snapshot name, so archive and rows agree.
      const files = new Map<string, string>();
      for (const table of await listTables(connection)) {
        const rows = await anyDb(connection).selectFrom(table.name).selectAll().execute();
        const data = Buffer.from(rows.map((row) => `${encodeRow(row)}\n`).join(''), 'utf8');
        await writer.addBuffer(tableEntry(table.name), data);
        tables.push({ name: table.name, rows: rows.length, sha256: sha256(data) });
        await log(`Tabelle ${table.name}: ${rows.length} ${rows.length === 1 ? 'Zeile' : 'Zeilen'}`);
        for (const column of STORED_FILE_COLUMNS[table.name] ?? []) {
          for (const row of rows) {
            const name = row[column];
            if (typeof name === 'string' && name !== '' && !files.has(name)) files.set(name, table.name);
          }
        }
      }
      await sql`commit`.execute(connection);
      const named = [...files].map(([name, table]) => ({ name, table })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { schemaVersion, tables, files: named };
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/**
 * Writes a backup archive (see archive.ts) of the database and the files its rows name,
 * readable by the owner only (it holds password hashes and every member's data). A file a
 * row names that is not in UPLOADS_DIR is left out and reported in the result (and in the
 * manifest): the archive is still written, since refusing every backup over one lost file
 * would leave none at all.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { db, dialect, uploadsDir } = options;
  const log = options.log ?? (() => undefined);
  const file = resolve(options.file);
  const partial = `${file}.unvollstaendig`;
  const writer = await ArchiveWriter.create(partial).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'der Ordner fehlt' : code === 'EACCES' || code === 'EPERM' ? 'keine Schreibrechte' : (code ?? String(error));
    throw new OpsError(`Die Datei ${partial} lässt sich nicht anlegen (${reason}).`, { cause: error });
  });
  try {
    const snapshot = await readSnapshot(db, dialect, writer, log);
    // Files are copied after the read transaction: stored names are never reused, so a
    // file's content cannot change, and a long copy holds no snapshot open.
    const files: Manifest['files'] = [];
    const missing: MissingFile[] = [];
    let bytes = 0;
    for (const stored of snapshot.files) {
      const path = join(resolve(uploadsDir), stored.name);
      // A name no upload has is never a file of the site (and must not become a path).
      const size = STORED_NAME.test(stored.name)
        ? await stat(path).then(
            (s) => (s.isFile() ? s.size : undefined),
            () => undefined,
          )
        : undefined;
      if (size === undefined) {
        missing.push(stored);
        continue;
      }
      const digest = await writer.addFile(fileEntry(stored.name), path, size);
      files.push({ name: stored.name, size: digest.size, sha256: digest.sha256 });
      bytes += digest.size;
    }
    await log(`Dateien: ${files.length} (${formatSize(bytes)})`);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      dialect,
      schemaVersion: snapshot.schemaVersion,
      tables: snapshot.tables,
      files,
      ...(missing.length > 0 ? { missingFiles: missing } : {}),
    };
    await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
    await writer.finish();
    await rename(partial, file);
    const size = (await stat(file)).size;
    await log(`Sicherung geschrieben: ${file} (${formatSize(size)})`);
    return { manifest, size, missing };
  } catch (error) {
    await writer.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
