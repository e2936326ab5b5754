import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seed } from '../../db/seed.ts';
import { buildApp } from './app.ts';
import type { PageRenderer } from './http/pages.ts';
import { readConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/connection.ts';
import { bcryptHasher } from './areas/auth/passwords.ts';
import { readClubData } from './areas/club/queries.ts';
import { fileDifferences, initialClubData } from './club-profile.ts';
import { systemClock } from './services.ts';

/** How long a shutdown waits for open requests before it cuts them off. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * The server render of the public pages, as `npm run build` writes it (vite build --ssr);
 * without a build every page goes out as the app's document for the browser to render.
 */
async function loadRenderer(): Promise<PageRenderer | undefined> {
  // React renders several times faster without its development checks; tests run with their own.
  process.env.NODE_ENV ??= 'production';
  const entry = new URL('../../dist/server/entry-server.js', import.meta.url);
  if (!existsSync(entry)) return undefined;
  const module = (await import(entry.href)) as { renderPage: PageRenderer };
  return module.renderPage;
}

/** Starts the site: config, database (migrated and seeded), HTTP, and a clean shutdown. */
async function main(): Promise<void> {
  const config = readConfig();
  // Uploads are written there from the first request on; a missing folder would fail them.
  mkdirSync(config.uploadsDir, { recursive: true });
  const { db, dialect } = openDatabase(config.databaseUrl);
  const passwords = bcryptHasher();
  await migrateToLatest(db);
  const seeded = await seed(db, {
    adminUid: config.adminUid,
    adminPassword: config.adminPassword,
    passwords,
    now: systemClock.now(),
    // Read only on the first start: afterwards the database holds the club data.
    clubData: () => initialClubData(config),
  });
  if (!seeded.clubDataStored) {
    const differences = fileDifferences(config, await readClubData(db));
    if (differences.length > 0) {
      process.stdout.write(
        `Hinweis: club.json (bzw. CLUB_PROFILE, CLUB_LAT/CLUB_LON, CONTACT_TO_*) weicht von den gespeicherten Vereinsdaten ab (${differences.join(', ')}). ` +
          'Diese Angaben gelten nur beim ersten Start; die Vereinsdaten werden in der Verwaltung gepflegt (Dashboard, „Vereinsdaten“).\n',
      );
    }
  }
  if (seeded.generatedPassword) {
    // Printed once: the database is new and nobody else knows this password.
    process.stdout.write(
      `\nBenutzer 1 angelegt. Schützennummer: ${config.adminUid}  Passwort: ${seeded.generatedPassword}\n` +
        'Bitte nach der ersten Anmeldung unter "Meine Daten" ändern.\n\n',
    );
  }

  const app = await buildApp({
    renderer: await loadRenderer(),
    db,
    dialect,
    config,
    passwords,
    clientDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
    logger: { level: config.logLevel },
    // Sends the mail outbox from this process; other processes on the database may too.
    startMailWorker: true,
    // On close, a message being sent is finished and recorded before the database goes away.
    closeDatabase: true,
  });

  let closing = false;
  // An answer finished during shutdown closes its connection; a kept-alive one would hold
  // the server open until the keep-alive timeout (72 s) and the exit with it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request that never ends (a body that never arrives, a hung client) would hold the
    // exit forever: after the grace period its connection is cut and the process ends.
    setTimeout(() => {
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still open at shutdown; closing their connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  process.stderr.write(`Start fehlgeschlagen: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
