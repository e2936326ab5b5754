import { readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Db, Dialect } from '../db/connection.ts';
import { databaseCatalogue } from '../storage/serve.ts';
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
}

interface Snapshot {
  schemaVersion: string;
  tables: Manifest['tables'];
  /** Stored names the snapshot's rows name, found in UPLOADS_DIR. */
  files: string[];
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
  uploadsDir: string,
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
      for (const table of await listTables(connection)) {
        const rows = await anyDb(connection).selectFrom(table.name).selectAll().execute();
        const data = Buffer.from(rows.map((row) => `${encodeRow(row)}\n`).join(''), 'utf8');
        await writer.addBuffer(tableEntry(table.name), data);
        tables.push({ name: table.name, rows: rows.length, sha256: sha256(data) });
        await log(`Tabelle ${table.name}: ${rows.length} ${rows.length === 1 ? 'Zeile' : 'Zeilen'}`);
      }
      // The file route's own lookup decides which stored files belong to the site, so a
      // table that keeps files is covered as soon as the route serves its files.
      const catalogue = databaseCatalogue(connection);
      const files: string[] = [];
      const names = (await readdir(uploadsDir).catch(() => [])).filter((name) => STORED_NAME.test(name)).sort();
      for (const name of names) {
        if (await catalogue(name)) files.push(name);
      }
      await sql`commit`.execute(connection);
      return { schemaVersion, tables, files };
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/** Writes a backup archive (see archive.ts) of the database and the files it names. */
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
    const snapshot = await readSnapshot(db, dialect, resolve(uploadsDir), writer, log);
    // Files are copied after the read transaction: stored names are never reused, so a
    // file's content cannot change, and a long copy holds no snapshot open.
    const files: Manifest['files'] = [];
    let bytes = 0;
    for (const name of snapshot.files) {
      const path = join(resolve(uploadsDir), name);
      const size = await stat(path).then(
        (s) => s.size,
        () => undefined,
      );
      if (size === undefined) {
        throw new OpsError(`Die Datei ${name} wurde während der Sicherung gelöscht. Bitte die Sicherung wiederholen.`);
      }
      const digest = await writer.addFile(fileEntry(name), path, size);
      files.push({ name, size: digest.size, sha256: digest.sha256 });
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
    };
    await writer.addBuffer(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
    await writer.finish();
    await rename(partial, file);
    const size = (await stat(file)).size;
    await log(`Sicherung geschrieben: ${file} (${formatSize(size)})`);
    return { manifest, size };
  } catch (error) {
    await writer.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
