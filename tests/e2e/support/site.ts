import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_CLUB_PROFILE } from './club.ts';

export const PROJECT_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const CLIENT_DIR = join(PROJECT_ROOT, 'dist/client');

/** CONTACT_TO_<RECIPIENT> of the e2e site. */
export const E2E_CONTACT_TO = {
  CONTACT_TO_INFO: 'info@example.org',
  CONTACT_TO_VORSTAND: 'vorstand@example.org',
  CONTACT_TO_LG_LP: 'lg-lp@example.org',
  CONTACT_TO_BOGEN: 'bogen@example.org',
  CONTACT_TO_BLASROHR: 'blasrohr@example.org',
  CONTACT_TO_WEBMASTER: 'webmaster@example.org',
} as const;

export const ADMIN_UID = '00000001';
export const ADMIN_PASSWORD = 'E2eAdmin2026';

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface Site {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The SQLite file the server uses, for preparing data directly. */
  databaseFile: string;
  /** How far the server's clock runs ahead of the real one (SiteOptions.clockOffsetMs). */
  clockOffsetMs: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`Der Server hat sich beim Start beendet:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Der Server antwortete nicht innerhalb von ${START_TIMEOUT_MS} ms auf /api/health:\n${output()}`);
}

export interface SiteOptions {
  /** The club profile the server reads at start; the e2e profile unless a test needs another. */
  clubProfile?: object;
  /** Environment on top of the site's own, e.g. SMTP_URL and MAIL_FROM of a test's SMTP peer. */
  env?: Record<string, string>;
  /**
   * Runs the server's clock this far ahead (negative: behind), for a test that needs a time of
   * day the real clock may not have when it runs; the visitors' browsers follow it.
   */
  clockOffsetMs?: number;
}

/**
 * Starts the built site as `npm run serve` would, on a free port with a fresh SQLite
 * database, upload folder and the e2e club profile, and waits until it answers.
 */
export async function startSite({ clubProfile = E2E_CLUB_PROFILE, env = {}, clockOffsetMs = 0 }: SiteOptions = {}): Promise<Site> {
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
    throw new Error('dist/client/index.html fehlt: Die E2E-Tests prüfen die gebaute Website. Bitte zuerst `npm run build` ausführen.');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'club-e2e-'));
  const databaseFile = join(dataDir, 'club.sqlite');
  const clubProfileFile = join(dataDir, 'club.json');
  await writeFile(clubProfileFile, JSON.stringify(clubProfile));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // process.execPath is the Node 24 that runs the tests, so the server's type stripping works.
  const clock = clockOffsetMs === 0 ? [] : ['--import', fileURLToPath(new URL('./shifted-clock.ts', import.meta.url))];
  const child = spawn(process.execPath, [...clock, 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${databaseFile}`,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      CLUB_PROFILE: clubProfileFile,
      // The profile's course alone places the course; empty counts as unset (README).
      CLUB_LAT: '',
      CLUB_LON: '',
      ADMIN_UID,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // Every recipient of the contact dialog has an address; without a mail server the
      // messages stay in the outbox (README), which is all the e2e site needs.
      ...E2E_CONTACT_TO,
      SMTP_URL: '',
      MAIL_FROM: '',
      E2E_CLOCK_OFFSET_MS: String(clockOffsetMs),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (!exited(child)) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await gone;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseFile, clockOffsetMs, stop };
}
