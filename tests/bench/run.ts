import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALENDAR_SIZES, calendarTarget, fillCalendar } from './calendar.ts';
import { checkTarget, measure, type LoadOptions, type Measurement, type Target } from './load.ts';
import { freePort, spawnChildServer, type ChildServer } from './processes.ts';
import { formatCount, formatKiB, formatMs, formatRatio, formatTable } from './table.ts';
import { runUploadScenario, UPLOAD_PHOTOS, uploadTable } from './upload.ts';
import { entryFile, keyOfSource, lazyFiles, PUBLIC_ENTRY, readManifest, staticFiles, weigh, without, type Manifest } from './weight.ts';

/**
 * `npm run bench` (DESIGN §7): throughput and latency of the public endpoints next to a
 * bare Fastify measured in the same run, and the weight of the pages' JS and CSS.
 * Not a test: nothing is asserted about speed, and neither CI nor `npm test` runs it.
 */

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_DIR = join(PROJECT_ROOT, 'dist/client');
/** Few enough that the load generator, one Node thread, is not the bottleneck. */
const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const DEFAULT_SECONDS = 5;

const BENCH_ADMIN_UID = '00000001';
const BENCH_ADMIN_PASSWORD = 'BenchAdmin2026';

type CleanupTask = () => Promise<void>;

/** Clean-up in reverse order of start; runs once, whether the bench ends, fails or is interrupted. */
function createCleanup(): { add(task: CleanupTask): void; run(): Promise<void> } {
  const tasks: CleanupTask[] = [];
  let running: Promise<void> | undefined;
  const runAll = async () => {
    for (const task of tasks.reverse()) {
      try {
        await task();
      } catch (error) {
        process.stderr.write(`Aufräumen fehlgeschlagen: ${errorText(error)}\n`);
      }
    }
  };
  return {
    add: (task) => void tasks.push(task),
    run: () => (running ??= runAll()),
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function benchSeconds(): number {
  const raw = process.env.BENCH_SECONDS;
  if (raw === undefined || raw === '') return DEFAULT_SECONDS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_SECONDS muss eine positive Zahl sein / must be a positive number, nicht/not "${raw}".`);
  }
  return seconds;
}

/** A second free port; the kernel may hand out the one just probed again. */
async function freePortOtherThan(taken: number): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port !== taken) return port;
  }
}

/** The real site as `npm run serve` runs it, on an empty SQLite database of its own. */
function startSite(dataDir: string, port: number): ChildServer {
  const baseUrl = `http://127.0.0.1:${port}`;
  return spawnChildServer({
    name: 'Die Website',
    script: 'src/server/main.ts',
    cwd: PROJECT_ROOT,
    port,
    readyPath: '/api/health',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dataDir, 'club.sqlite')}`,
      UPLOADS_DIR: join(dataDir, 'uploads'),
      // Set, so the server does not print a generated password into the bench's output.
      ADMIN_UID: BENCH_ADMIN_UID,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      // Request logging would measure pino's output, not the site.
      LOG_LEVEL: 'warn',
    },
  });
}

function startBaseline(port: number): ChildServer {
  return spawnChildServer({
    name: 'Die Fastify-Basis',
    script: 'tests/bench/baseline.ts',
    cwd: PROJECT_ROOT,
    port,
    readyPath: '/',
    env: { ...process.env, PORT: String(port) },
  });
}

function targetsOf(baseline: ChildServer, site: ChildServer, manifest: Manifest): Target[] {
  const mainScript = entryFile(manifest, PUBLIC_ENTRY);
  return [
    { name: 'Basis: Fastify, GET /', url: `${baseline.baseUrl}/`, expectedStatus: 200 },
    { name: 'GET /api/health', url: `${site.baseUrl}/api/health`, expectedStatus: 200 },
    { name: 'GET /home (HTML)', url: `${site.baseUrl}/home`, expectedStatus: 200 },
    { name: `GET /${mainScript}`, url: `${site.baseUrl}/${mainScript}`, expectedStatus: 200 },
    // Anonymous: runs the whole context (cookie, session lookup) and the error formatter.
    { name: 'GET /trpc/auth.me (anonym, 401)', url: `${site.baseUrl}/trpc/auth.me`, expectedStatus: 401 },
    // Public reads answered from the PublicCache (DESIGN §8).
    { name: 'GET /api/public/info', url: `${site.baseUrl}/api/public/info`, expectedStatus: 200 },
    { name: 'GET /api/public/sectionalert/gun', url: `${site.baseUrl}/api/public/sectionalert/gun`, expectedStatus: 200 },
    { name: 'GET /trpc/content.publicInfo', url: `${site.baseUrl}/trpc/content.publicInfo`, expectedStatus: 200 },
    { name: 'GET /api/public/albums', url: `${site.baseUrl}/api/public/albums`, expectedStatus: 200 },
    { name: 'GET /api/public/hosts', url: `${site.baseUrl}/api/public/hosts`, expectedStatus: 200 },
  ];
}

function loadTable(measurements: readonly Measurement[]): string {
  const baseline = measurements[0]?.requestsPerSecond ?? Number.NaN;
  return formatTable(
    [
      { title: 'Ziel', align: 'left' },
      { title: 'Anfragen/s', align: 'right' },
      { title: 'p50 (ms)', align: 'right' },
      { title: 'p99 (ms)', align: 'right' },
      { title: 'zur Basis', align: 'right' },
      { title: 'Fehlschläge', align: 'right' },
    ],
    measurements.map((m) => [
      m.target.name,
      formatCount(m.requestsPerSecond),
      formatMs(m.latencyP50Ms),
      formatMs(m.latencyP99Ms),
      formatRatio(m.requestsPerSecond / baseline),
      formatCount(m.failures),
    ]),
  );
}

async function weightTable(manifest: Manifest): Promise<string> {
  const publicFiles = staticFiles(manifest, PUBLIC_ENTRY);
  const adminFiles = without(staticFiles(manifest, keyOfSource(manifest, 'AdminLayout.tsx')), publicFiles);
  const allLazyFiles = without(lazyFiles(manifest, PUBLIC_ENTRY), publicFiles);
  const rows: [string, ReadonlySet<string>][] = [
    ['öffentlich: /home (Einstieg + statische Importe)', publicFiles],
    ['Verwaltung zusätzlich: AdminLayout + Importe', adminFiles],
    ['alle Verwaltungsseiten zusätzlich', allLazyFiles],
  ];
  const weighed = await Promise.all(rows.map(async ([name, files]) => [name, await weigh(CLIENT_DIR, files)] as const));
  return formatTable(
    [
      { title: 'JS + CSS', align: 'left' },
      { title: 'Dateien', align: 'right' },
      { title: 'roh', align: 'right' },
      { title: 'gesendet (br)', align: 'right' },
    ],
    weighed.map(([name, weight]) => [name, String(weight.files), formatKiB(weight.rawBytes), formatKiB(weight.sentBytes)]),
  );
}

async function bench(cleanup: ReturnType<typeof createCleanup>, signal: AbortSignal): Promise<number> {
  const seconds = benchSeconds();
  const manifest = await readManifest(CLIENT_DIR);

  const dataDir = await mkdtemp(join(tmpdir(), 'club-bench-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const sitePort = await freePort();
  const baselinePort = await freePortOtherThan(sitePort);
  // Registered before waiting, so a failed or interrupted start-up stops them too.
  const site = startSite(dataDir, sitePort);
  cleanup.add(() => site.stop());
  const baseline = startBaseline(baselinePort);
  cleanup.add(() => baseline.stop());
  await Promise.all([site.ready(), baseline.ready()]);

  const targets = targetsOf(baseline, site, manifest);
  for (const target of targets) await checkTarget(target);

  const options: LoadOptions = { seconds, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, signal };
  const measurements: Measurement[] = [];
  for (const target of targets) {
    process.stderr.write(`messe / measuring ${target.name} …\n`);
    measurements.push(await measure(target, options));
  }
  // The public calendar at a club's size and ten times it, filled through the API between the runs.
  let filled = 0;
  for (const size of CALENDAR_SIZES) {
    process.stderr.write(`lege ${size - filled} Termine an / adding appointments …\n`);
    await fillCalendar(site.baseUrl, BENCH_ADMIN_UID, BENCH_ADMIN_PASSWORD, filled, size);
    filled = size;
    const target = calendarTarget(site.baseUrl, size);
    await checkTarget(target);
    process.stderr.write(`messe / measuring ${target.name} …\n`);
    measurements.push(await measure(target, options));
  }

  process.stdout.write(
    `\nDurchsatz und Latenz: ${CONNECTIONS} Verbindungen, ${seconds} s je Ziel nach ${WARMUP_SECONDS} s Aufwärmen, 127.0.0.1, Node ${process.version}\n\n`,
  );
  process.stdout.write(`${loadTable(measurements)}\n`);

  const albums = targets.find((target) => target.url.endsWith('/api/public/albums'));
  if (!albums) throw new Error('Ziel /api/public/albums fehlt.');
  process.stderr.write(`messe / measuring GET /api/public/albums während ${UPLOAD_PHOTOS} Fotos hochgeladen werden …\n`);
  const upload = await runUploadScenario(site.baseUrl, { uid: BENCH_ADMIN_UID, password: BENCH_ADMIN_PASSWORD }, albums, options);
  process.stdout.write(
    `\nÖffentliche Abfrage während eines Uploads: 1 Verbindung, ${seconds} s ruhig, dann solange ${UPLOAD_PHOTOS} Fotos (4000×3000 JPEG) ` +
      `in einer Anfrage hochgeladen werden (${upload.stored} gespeichert in ${formatMs(upload.uploadSeconds * 1000)} ms)\n\n`,
  );
  process.stdout.write(`${uploadTable(upload)}\n`);
  process.stdout.write('\nSeitengewicht (gesendet: die beim Build erzeugten .br-Dateien, die der Server an Browser mit Brotli schickt)\n\n');
  process.stdout.write(`${await weightTable(manifest)}\n`);

  const failed = [...measurements, upload.idle, upload.during].filter((m) => m.failures > 0);
  if (failed.length > 0) {
    process.stderr.write(`\nUnerwartete Antworten bei: ${failed.map((m) => m.target.name).join(', ')}; die Zahlen dort gelten nicht.\n`);
    return 1;
  }
  return 0;
}

async function main(): Promise<void> {
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) {
    process.stderr.write(
      'dist/client/index.html fehlt: Der Benchmark misst die gebaute Website. Bitte zuerst `npm run build` ausführen.\n' +
        'dist/client/index.html is missing: the benchmark measures the built site. Please run `npm run build` first.\n',
    );
    process.exit(1);
  }

  const cleanup = createCleanup();
  const abort = new AbortController();
  const interrupt = (signal: NodeJS.Signals, code: number) => {
    process.stderr.write(`\n${signal}: abgebrochen, räume auf …\n`);
    abort.abort();
    void cleanup.run().finally(() => process.exit(code));
  };
  // once: a second Ctrl-C during the clean-up ends the bench the hard way, as expected.
  process.once('SIGINT', () => interrupt('SIGINT', 130));
  process.once('SIGTERM', () => interrupt('SIGTERM', 143));

  let code = 1;
  try {
    code = await bench(cleanup, abort.signal);
  } catch (error) {
    // After Ctrl-C the failures that follow (stopped load, killed servers) are expected.
    if (!abort.signal.aborted) process.stderr.write(`\nBenchmark fehlgeschlagen: ${errorText(error)}\n`);
  } finally {
    await cleanup.run();
  }
  // Exit explicitly: autocannon's and fetch's kept-alive sockets would otherwise keep the
  // process alive for a while after the work is done.
  if (!abort.signal.aborted) process.exit(code);
}

await main();
