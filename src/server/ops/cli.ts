import { resolve } from 'node:path';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';
import { OpsError } from './tables.ts';

/**
 * `npm run backup -- <Datei>` and `npm run restore -- <Datei> [--force]`, with the same
 * configuration (DATABASE_URL, UPLOADS_DIR) as the server.
 */

/** A Map: a command typed as `constructor` or `toString` is unknown, not one of Object's own names. */
const USAGE: ReadonlyMap<string, string> = new Map([
  ['backup', 'Aufruf: npm run backup -- <Datei>'],
  ['restore', 'Aufruf: npm run restore -- <Datei> [--force]'],
]);

const print = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

async function run(command: string, args: string[]): Promise<void> {
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
      await createBackup({ db, dialect, uploadsDir: config.uploadsDir, file, log: print });
    } else {
      await restoreBackup({ db, dialect, uploadsDir: config.uploadsDir, file, force, log: print });
    }
  } finally {
    await db.destroy();
  }
}

const [command = '', ...args] = process.argv.slice(2);
run(command, args).then(
  () => process.exit(0),
  (error: unknown) => {
    const what = command === 'restore' ? 'Wiederherstellung' : 'Sicherung';
    if (error instanceof OpsError) {
      process.stderr.write(`${what} abgebrochen: ${error.message}\n`);
    } else {
      const detail = error instanceof Error ? error.message : String(error);
      const cause = error instanceof Error && error.cause instanceof Error ? `\nUrsache: ${error.cause.message}` : '';
      process.stderr.write(`${what} fehlgeschlagen: ${detail}${cause}\n`);
    }
    process.exit(1);
  },
);
