import { resolve } from 'node:path';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { createBackup } from './backup.ts';
import { PartialRestoreError, restoreBackup } from './restore.ts';
import { OpsError } from './tables.ts';

/**
 * `npm run backup -- <Datei>` and `npm run restore -- <Datei> [--force]`, with the same
 * configuration (DATABASE_URL, UPLOADS_DIR) as the server. Exit status 0: done; 1: failed
 * (a backup left no file); 2: the backup was written, but files its rows name were missing
 * (named on stderr).
 */

/** The backup was written without some files: a timer or script must notice, and keep the older backups. */
const EXIT_INCOMPLETE = 2;

/** A Map: a command typed as `constructor` or `toString` is unknown, not one of Object's own names. */
const USAGE: ReadonlyMap<string, string> = new Map([
  ['backup', 'Aufruf: npm run backup -- <Datei>'],
  ['restore', 'Aufruf: npm run restore -- <Datei> [--force]'],
]);

const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function run(command: string, args: string[]): Promise<number> {
  const usage = USAGE.get(command);
  if (!usage) throw new OpsError(`Unbekannter Befehl: ${command}`);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const [target] = files;
  if (!target || files.length !== 1 || files.some((arg) => arg.startsWith('-')) || (force && command !== 'restore')) {
    throw new OpsError(usage);
  }
  // npm runs scripts in the project folder; a relative name means where the command was typed.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), target);
  const config = readConfig();
  const { db, dialect } = openDatabase(config.databaseUrl);
  try {
    if (command === 'backup') {
      const { missing } = await createBackup({ db, dialect, uploadsDir: config.uploadsDir, file, log: print });
      if (missing.length === 0) return 0;
      for (const stored of missing) process.stderr.write(`Datei fehlt in UPLOADS_DIR: ${stored.name} (genannt in Tabelle ${stored.table})\n`);
      const what = missing.length === 1 ? '1 Datei fehlt in UPLOADS_DIR und ist' : `${missing.length} Dateien fehlen in UPLOADS_DIR und sind`;
      process.stderr.write(`Sicherung unvollständig: ${what} nicht in der Sicherung; alles andere ist gesichert.\n`);
      return EXIT_INCOMPLETE;
    }
    await restoreBackup({ db, dialect, uploadsDir: config.uploadsDir, file, force, log: print });
    return 0;
  } finally {
    await db.destroy();
  }
}

const [command = '', ...args] = process.argv.slice(2);
run(command, args).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const what = command === 'restore' ? 'Wiederherstellung' : 'Sicherung';
    if (error instanceof PartialRestoreError) {
      process.stderr.write(`Wiederherstellung unvollständig: ${error.message}\n`);
    } else if (error instanceof OpsError) {
      process.stderr.write(`${what} abgebrochen: ${error.message}\n`);
    } else {
      const detail = error instanceof Error ? error.message : String(error);
      const cause = error instanceof Error && error.cause instanceof Error ? `\nUrsache: ${error.cause.message}` : '';
      process.stderr.write(`${what} fehlgeschlagen: ${detail}${cause}\n`);
    }
    process.exit(1);
  },
);
