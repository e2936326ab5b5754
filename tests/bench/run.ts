import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PUBLIC_PAGES } from '../../src/client/publicPages.ts';
import { CALENDAR_SIZES, calendarTarget, fillCalendar, fillSeries, seriesTargets, WEEKLY_SERIES } from './calendar.ts';
import { uploadClubFace } from './face.ts';
import { uploadGalleryImage } from './gallery.ts';
import { measure, type LoadOptions, type Measurement, type Target } from './load.ts';
import { checkTarget, mirrorAt } from './mirror.ts';
import { freePort, pinLoadAndServers, spawnChildServer, type ChildServer } from './processes.ts';
import { formatBytes, formatCount, formatKiB, formatMs, formatRatio, formatTable } from './table.ts';
import { runSignupRace, SIGNUP_RACE, signupRaceTable, signupRaceVerdict } from './signups.ts';
import { PARALLEL_UPLOADS, parallelUploadTable, runParallelUploadScenario, runUploadScenario, UPLOAD_PHOTOS, uploadTable } from './upload.ts';
import {
  backOfficeFiles,
  entryFile,
  firstLoadFiles,
  keyOfSource,
  PUBLIC_ENTRY,
  publicPages,
  readManifest,
  staticFiles,
  weigh,
  without,
  type Manifest,
} from './weight.ts';

/**
 * `npm run bench` (DESIGN §7): throughput and latency of every public read, each next to
 * a bare Fastify that serves the same bytes under the same path and load in the same run,
 * and the JS and CSS a first visit of each public page downloads.
 * Not a test: nothing is asserted about speed, and neither CI nor `npm test` runs it.
 */

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_DIR = join(PROJECT_ROOT, 'dist/client');
/** A busy evening's visitors at once; BENCH_CONNECTIONS overrides it. */
const DEFAULT_CONNECTIONS = 50;
const WARMUP_SECONDS = 1;
/** The quiet part of the upload scenario, to compare the read during the upload with. */
const UPLOAD_IDLE_SECONDS = 5;
/** Per measurement: each target and its baseline are measured ROUNDS times in turns. */
const DEFAULT_SECONDS = 1;

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

function benchConnections(): number {
  const raw = process.env.BENCH_CONNECTIONS;
  if (raw === undefined || raw === '') return DEFAULT_CONNECTIONS;
  const connections = Number(raw);
  if (!Number.isInteger(connections) || connections <= 0) {
    throw new Error(`BENCH_CONNECTIONS muss eine positive ganze Zahl sein / must be a positive integer, nicht/not "${raw}".`);
  }
  return connections;
}

/**
 * BENCH_ONLY: comma-separated parts of target names (case-insensitive); only the public
 * reads and pages whose name contains one are measured, and the rest of the bench (the
 * calendar at size, renders afresh, uploads, page weights) is left out. Measuring one read
 * again after a change takes a minute instead of half an hour on a shared machine.
 */
function benchOnly(): string[] | undefined {
  const raw = process.env.BENCH_ONLY;
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
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
      // The sign-up race sends each sign-up as from a network of its own (X-Forwarded-For from here).
      TRUST_PROXY: '127.0.0.1',
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

/**
 * Asked as a browser asks (Chromium's Accept-Encoding): visitors get the compressed forms,
 * so those are what is measured; the baseline serves the very same bytes.
 */
const BROWSER_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Orientation only: the bare Fastify's own small JSON, as before the mirrored answers. */
const ORIENTATION_NAME = 'Basis: Fastify, GET / (kleines JSON)';

/**
 * Every public read a visitor's browser makes and the page itself, each with the aim; the
 * health check, the main script and an anonymous tRPC call for orientation. Each is
 * measured next to the baseline serving the same bytes.
 */
function targetsOf(site: ChildServer, manifest: Manifest, thumbnailPath: string, pagePaths: readonly string[]): Target[] {
  const mainScript = entryFile(manifest, PUBLIC_ENTRY);
  const get = (path: string, name = `GET ${path}`, expectedStatus = 200, orientation?: string): Target => ({
    name,
    url: `${site.baseUrl}${path}`,
    expectedStatus,
    headers: BROWSER_HEADERS,
    ...(orientation ? { orientation } : {}),
  });
  return [
    get('/api/health', undefined, 200, 'fragt bei jeder Anfrage die Datenbank, wie ein Gesundheitscheck soll'),
    get(
      `/${mainScript}`,
      undefined,
      200,
      'unveränderliche Datei, ein Jahr im Browser-Cache; @fastify/static liest sie von der Platte, die Basis sendet aus dem Speicher',
    ),
    // Anonymous: runs the whole context (cookie, session lookup) and the error formatter.
    get('/trpc/auth.me', 'GET /trpc/auth.me (anonym, 401)', 401, 'ein ungecachter tRPC-Aufruf mit Fehlerformat; keine öffentliche Seite fragt ihn'),
    // Public reads answered from the PublicCache (DESIGN §8).
    get('/api/public/info'),
    get('/api/public/sectionalert/gun'),
    get('/trpc/content.publicInfo'),
    get('/api/public/downloads'),
    get('/api/public/albums'),
    get('/api/public/images'),
    get('/api/public/hosts'),
    get('/api/public/calendar.ics'),
    get(thumbnailPath, 'GET /files/<Vorschaubild> (WebP)'),
    // Every public page as the server renders it and keeps it (issue 17, DESIGN §9).
    ...pagePaths.map((path): Target => ({ ...get(path, `GET ${path} (HTML)`), aim: PAGE_AIM })),
  ];
}

/** The public pages of SPEC §2 as a visitor asks for them (the gallery by section and album). */
function publicPagePaths(albumPath: string): string[] {
  // An article's address names its slug; the bench's site has no article (issue 27).
  return PUBLIC_PAGES.flatMap((page) => (page.id === 'galleries' ? ['/galerien/verein', albumPath] : page.id === 'newsArticle' ? [] : [page.path]));
}

/** A rendered page must come near a static site's speed (issue 17). */
const PAGE_AIM = { ratio: 0.8, p99Ms: 20 } as const;

/** The home page once the club's logo and picture are uploaded (issue 26.3), and the picture's file a phone loads. */
const FACE_PAGE = 'GET /home (HTML, mit Logo und Titelbild)';
const FACE_PICTURE = 'GET /files/<Titelbild, 720 px> (WebP)';
/** The cold-render row of the same page. */
const FACE_COLD = '/home (mit Logo und Titelbild)';

function faceTargets(baseUrl: string, picturePath: string): Target[] {
  return [
    { name: FACE_PAGE, url: `${baseUrl}/home`, expectedStatus: 200, headers: BROWSER_HEADERS, aim: PAGE_AIM },
    { name: FACE_PICTURE, url: `${baseUrl}${picturePath}`, expectedStatus: 200, headers: BROWSER_HEADERS },
  ];
}

const named = (only: readonly string[] | undefined, name: string) => !only || only.some((part) => name.toLowerCase().includes(part));

/**
 * Uploads the club's logo and home picture, after every page was measured without them,
 * and measures the home page and the picture's file with them (those BENCH_ONLY names).
 */
async function measureFace(baseUrl: string, baselineUrl: string, options: LoadOptions, only: readonly string[] | undefined): Promise<Compared[]> {
  if (!named(only, FACE_PAGE) && !named(only, FACE_PICTURE)) return [];
  process.stderr.write('lade Logo und Titelbild hoch / uploading the club’s logo and home picture …\n');
  const { picturePath } = await uploadClubFace(baseUrl, BENCH_ADMIN_UID, BENCH_ADMIN_PASSWORD);
  const rows: Compared[] = [];
  for (const target of faceTargets(baseUrl, picturePath).filter((target) => named(only, target.name))) rows.push(await compare(target, baselineUrl, options));
  return rows;
}

/** BENCH_ONLY matches this name to run the sign-up race alone. */
const SIGNUP_RACE_NAME = 'Anmeldungen';

/** The sign-up race of issue 29.3 on an appointment of its own; the public reads measured before saw none of it. */
async function measureSignupRace(baseUrl: string, baselineUrl: string) {
  process.stderr.write(`messe / measuring ${SIGNUP_RACE.signups} gleichzeitige Anmeldungen für ${SIGNUP_RACE.places} Plätze …\n`);
  return runSignupRace(baseUrl, baselineUrl, { uid: BENCH_ADMIN_UID, password: BENCH_ADMIN_PASSWORD });
}

function signupRaceReport(race: Awaited<ReturnType<typeof runSignupRace>>): string {
  return (
    `\n${SIGNUP_RACE_NAME}: ${SIGNUP_RACE.signups} Anmeldungen zugleich für ${SIGNUP_RACE.places} Plätze, jede aus einem eigenen Netz; ` +
    'Basis: nacktes Fastify beantwortet dieselben POSTs mit den Bytes einer Antwort der Website\n\n' +
    `${signupRaceTable(race)}\n\n${signupRaceVerdict(race).line}\n`
  );
}

/** Renders after a write dropped the kept pages: each page this many times. */
const COLD_RENDERS = 20;

interface ColdRender {
  path: string;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * A page rendered afresh: a write (switching a section notice) drops every kept answer,
 * then the page is asked for once, one request at a time, as the first visitor after a
 * member's change asks for it. What the render, its queries and the compression cost.
 */
async function measureColdRenders(baseUrl: string, paths: readonly string[], auth: { uid: string; password: string }): Promise<ColdRender[]> {
  const authorization = `Basic ${Buffer.from(`${auth.uid}:${auth.password}`).toString('base64')}`;
  const rows: ColdRender[] = [];
  for (const path of paths) {
    const times: number[] = [];
    for (let round = 0; round < COLD_RENDERS; round += 1) {
      const write = await fetch(`${baseUrl}/api/sectionalert/gun`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: false, text: `Runde ${round}` }),
      });
      if (!write.ok) throw new Error(`Hinweis nicht gespeichert: ${write.status}`);
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: BROWSER_HEADERS });
      await response.arrayBuffer();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }
    times.sort((a, b) => a - b);
    rows.push({
      path,
      p50Ms: times[Math.floor(times.length / 2)]!,
      p99Ms: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)]!,
      maxMs: times.at(-1)!,
    });
  }
  return rows;
}

function coldTable(rows: readonly ColdRender[]): string {
  return formatTable(
    [
      { title: 'Seite frisch gerendert', align: 'left' },
      { title: 'p50 (ms)', align: 'right' },
      { title: 'p99 (ms)', align: 'right' },
      { title: 'max (ms)', align: 'right' },
    ],
    rows.map((row) => [row.path, formatMs(row.p50Ms), formatMs(row.p99Ms), formatMs(row.maxMs)]),
  );
}

interface Compared {
  /** The round with the median ratio: its site and baseline measurements. */
  site: Measurement;
  /** The baseline at the same path with the same bytes, under the same load. */
  baseline: Measurement;
  /** Website/baseline of every round, in the order measured. */
  roundRatios: number[];
  /** Unexpected answers of site and baseline in all rounds. */
  failures: number;
  answerBytes: number;
}

/**
 * Site and baseline are warmed up once and then measured in turns, ROUNDS short runs
 * each, and the round with the median ratio counts: on a shared or virtual machine the
 * speed of both drifts by a third within seconds, and one long run of each would compare
 * two different machines.
 */
const ROUNDS = 7;

const TARGET_RATIO = 0.6;
const TARGET_P99_MS = 50;

async function compare(target: Target, baselineUrl: string, options: LoadOptions): Promise<Compared> {
  const answer = await checkTarget(target);
  const mirrored = await mirrorAt(baselineUrl, target, answer);
  process.stderr.write(`messe / measuring ${target.name} …\n`);
  const rounds: { site: Measurement; baseline: Measurement; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const roundOptions = round === 0 ? options : { ...options, warmupSeconds: 0 };
    const site = await measure(target, roundOptions);
    const baseline = await measure(mirrored, roundOptions);
    rounds.push({ site, baseline, ratio: site.requestsPerSecond / baseline.requestsPerSecond });
  }
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  return {
    site: median.site,
    baseline: median.baseline,
    roundRatios: rounds.map((round) => round.ratio),
    failures: rounds.reduce((sum, round) => sum + round.site.failures + round.baseline.failures, 0),
    answerBytes: answer.body.length,
  };
}

/** What the load table measured, and how. */
function loadHeadline(connections: number, seconds: number, pinned: boolean): string {
  return (
    `Durchsatz und Latenz: ${connections} Verbindungen, nach je ${WARMUP_SECONDS} s Aufwärmen Website und Basis im Wechsel, ${ROUNDS} Runden zu ${seconds} s, ` +
    `gezeigt die Runde mit dem mittleren Verhältnis; 127.0.0.1, Node ${process.version}; ` +
    (pinned ? 'Lastgenerator auf CPU 0, Website und Basis auf CPU 1 (taskset); ' : 'Prozesse nicht an CPUs gebunden (kein taskset oder nur eine CPU); ') +
    'Basis: nacktes Fastify mit denselben Bytes unter demselben Pfad; gefragt wie ein Browser (Accept-Encoding: gzip, deflate, br, zstd)'
  );
}

function loadTable(orientation: Measurement, rows: readonly Compared[]): string {
  return formatTable(
    [
      { title: 'Ziel', align: 'left' },
      { title: 'Antwort', align: 'right' },
      { title: 'Anfragen/s', align: 'right' },
      { title: 'p50 (ms)', align: 'right' },
      { title: 'p99 (ms)', align: 'right' },
      { title: 'Basis Anfragen/s', align: 'right' },
      { title: 'Website/Basis', align: 'right' },
      { title: 'Runden', align: 'left' },
      { title: 'Fehlschläge', align: 'right' },
    ],
    [
      [
        ORIENTATION_NAME,
        '',
        formatCount(orientation.requestsPerSecond),
        formatMs(orientation.latencyP50Ms),
        formatMs(orientation.latencyP99Ms),
        '',
        '',
        '',
        formatCount(orientation.failures),
      ],
      ...rows.map(({ site, baseline, roundRatios, failures, answerBytes }) => [
        site.target.name,
        formatBytes(answerBytes),
        formatCount(site.requestsPerSecond),
        formatMs(site.latencyP50Ms),
        formatMs(site.latencyP99Ms),
        formatCount(baseline.requestsPerSecond),
        formatRatio(site.requestsPerSecond / baseline.requestsPerSecond),
        roundRatios.map((ratio) => formatRatio(ratio).replace('×', '')).join(' '),
        formatCount(failures),
      ]),
    ],
  );
}

/** One closing line per target: the aim of ≥ 0.6× its baseline and p99 < 50 ms; reported, not enforced. */
function checkLines(rows: readonly Compared[]): string {
  return rows
    .map(({ site, baseline }) => {
      const ratio = site.requestsPerSecond / baseline.requestsPerSecond;
      const figures = `${formatRatio(ratio)} der Basis, p99 ${formatMs(site.latencyP99Ms)} ms`;
      if (site.target.orientation) return `ohne Ziel: ${site.target.name}: ${figures} (${site.target.orientation})`;
      const aim = site.target.aim ?? { ratio: TARGET_RATIO, p99Ms: TARGET_P99_MS };
      const verdict = ratio >= aim.ratio && site.latencyP99Ms < aim.p99Ms ? 'erfüllt' : 'verfehlt';
      return `${verdict}: ${site.target.name}: ${figures} (Ziel ≥ ${formatRatio(aim.ratio)} und < ${aim.p99Ms} ms)`;
    })
    .join('\n');
}

/** The first-load budget for a public page's JavaScript, as sent (br). */
const FIRST_LOAD_JS_LIMIT_BYTES = 180_000;

async function weightReport(manifest: Manifest): Promise<string> {
  const entryFiles = firstLoadFiles(manifest, undefined);
  const pages = publicPages(manifest);
  const publicLoads: [string, ReadonlySet<string>][] = [
    ['Erstes Skript allein (vor jeder Handlung)', staticFiles(manifest, PUBLIC_ENTRY)],
    ['/home (erstes Skript + Anwendung)', entryFiles],
    ...pages.map((page): [string, ReadonlySet<string>] => [page.route, firstLoadFiles(manifest, page.key)]),
  ];
  const adminLazy = new Set<string>();
  for (const key of Object.keys(manifest)) {
    if (key.startsWith('src/client/pages/admin/')) for (const file of staticFiles(manifest, key)) adminLazy.add(file);
  }
  const adminRows: [string, ReadonlySet<string>][] = [
    ['Verwaltung zusätzlich: AdminLayout + Importe', without(staticFiles(manifest, keyOfSource(manifest, 'AdminLayout.tsx')), entryFiles)],
    ['alle Verwaltungsseiten zusätzlich', without(adminLazy, entryFiles)],
  ];
  const weighed = async (rows: [string, ReadonlySet<string>][]) =>
    Promise.all(rows.map(async ([name, files]) => ({ name, files, weight: await weigh(CLIENT_DIR, files) })));
  const publicWeights = await weighed(publicLoads);
  const adminWeights = await weighed(adminRows);

  const table = formatTable(
    [
      { title: 'Erster Besuch', align: 'left' },
      { title: 'Dateien', align: 'right' },
      { title: 'roh', align: 'right' },
      { title: 'gesendet (br)', align: 'right' },
      { title: 'davon JS (br)', align: 'right' },
      { title: 'JS ≤ 180 KB', align: 'left' },
    ],
    [
      ...publicWeights.map(({ name, weight }) => [
        name,
        String(weight.files),
        formatKiB(weight.rawBytes),
        formatKiB(weight.sentBytes),
        formatKiB(weight.sentJsBytes),
        weight.sentJsBytes <= FIRST_LOAD_JS_LIMIT_BYTES ? 'ja' : 'ÜBER 180 KB',
      ]),
      ...adminWeights.map(({ name, weight }) => [name, String(weight.files), formatKiB(weight.rawBytes), formatKiB(weight.sentBytes), formatKiB(weight.sentJsBytes), '']),
    ],
  );
  const backOffice = backOfficeFiles(manifest);
  const leaks = publicWeights.flatMap(({ name, files }) => [...files].filter((file) => backOffice.has(file)).map((file) => `${name}: ${file}`));
  const leakLine =
    leaks.length === 0
      ? 'erfüllt: kein Verwaltungscode (AdminLayout, Verwaltungsseiten) in einem öffentlichen ersten Besuch'
      : `verfehlt: Verwaltungscode in öffentlichen ersten Besuchen: ${leaks.join(', ')}`;
  const over = publicWeights.filter(({ weight }) => weight.sentJsBytes > FIRST_LOAD_JS_LIMIT_BYTES);
  const budgetLine =
    over.length === 0
      ? `erfüllt: jeder öffentliche erste Besuch lädt höchstens 180 KB JS (br)`
      : `verfehlt: mehr als 180 KB JS (br) beim ersten Besuch von ${over.map(({ name }) => name).join(', ')}`;
  return `${table}\n\n${budgetLine}\n${leakLine}`;
}

async function bench(cleanup: ReturnType<typeof createCleanup>, signal: AbortSignal): Promise<number> {
  const seconds = benchSeconds();
  const connections = benchConnections();
  const only = benchOnly();
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
  const release = pinLoadAndServers([site, baseline]);

  process.stderr.write('lade ein Galeriebild hoch / uploading a gallery image …\n');
  const { thumbnailPath, albumPath } = await uploadGalleryImage(site.baseUrl, BENCH_ADMIN_UID, BENCH_ADMIN_PASSWORD);
  const pagePaths = publicPagePaths(albumPath);
  const allTargets = targetsOf(site, manifest, thumbnailPath, pagePaths);
  const targets = only ? allTargets.filter((target) => only.some((part) => target.name.toLowerCase().includes(part))) : allTargets;
  if (targets.length === 0 && !named(only, FACE_PAGE) && !named(only, FACE_PICTURE) && !named(only, SIGNUP_RACE_NAME)) throw new Error(`BENCH_ONLY="${process.env.BENCH_ONLY}" trifft kein Ziel / matches no target.`);
  // Fail fast on a moved route before minutes of load.
  for (const target of targets) await checkTarget(target);

  const options: LoadOptions = { seconds, warmupSeconds: WARMUP_SECONDS, connections, signal };
  process.stderr.write(`messe / measuring ${ORIENTATION_NAME} …\n`);
  const orientation = await measure({ name: ORIENTATION_NAME, url: `${baseline.baseUrl}/`, expectedStatus: 200 }, options);
  const rows: Compared[] = [];
  for (const target of targets) rows.push(await compare(target, baseline.baseUrl, options));
  if (only) {
    const race = named(only, SIGNUP_RACE_NAME) ? await measureSignupRace(site.baseUrl, baseline.baseUrl) : undefined;
    rows.push(...(await measureFace(site.baseUrl, baseline.baseUrl, options, only)));
    process.stdout.write(`\n${loadHeadline(connections, seconds, release !== undefined)}\n\n${loadTable(orientation, rows)}\n\n${checkLines(rows)}\n`);
    if (race) process.stdout.write(signupRaceReport(race));
    return rows.some((row) => row.failures > 0) || orientation.failures > 0 || (race !== undefined && !signupRaceVerdict(race).ok) ? 1 : 0;
  }
  // The public calendar at a club's size and ten times it, filled through the API between the runs.
  let filled = 0;
  for (const size of CALENDAR_SIZES) {
    process.stderr.write(`lege ${size - filled} Termine an / adding appointments …\n`);
    await fillCalendar(site.baseUrl, BENCH_ADMIN_UID, BENCH_ADMIN_PASSWORD, filled, size);
    filled = size;
    rows.push(await compare({ ...calendarTarget(site.baseUrl, size), headers: BROWSER_HEADERS }, baseline.baseUrl, options));
  }
  // A club's real week on top (issue 19): five weekly series over five years beside the 2,000.
  process.stderr.write(`lege ${WEEKLY_SERIES} Wochenserien an / adding weekly series …\n`);
  await fillSeries(site.baseUrl, BENCH_ADMIN_UID, BENCH_ADMIN_PASSWORD);
  for (const target of seriesTargets(site.baseUrl, BENCH_ADMIN_UID, BENCH_ADMIN_PASSWORD, BROWSER_HEADERS)) rows.push(await compare(target, baseline.baseUrl, options));

  // Every page rendered afresh before the club's face is uploaded, then the home page with it.
  process.stderr.write('messe / measuring pages rendered afresh …\n');
  const benchAdmin = { uid: BENCH_ADMIN_UID, password: BENCH_ADMIN_PASSWORD };
  const cold = await measureColdRenders(site.baseUrl, pagePaths, benchAdmin);
  rows.push(...(await measureFace(site.baseUrl, baseline.baseUrl, options, undefined)));
  cold.push(...(await measureColdRenders(site.baseUrl, ['/home'], benchAdmin)).map((row) => ({ ...row, path: FACE_COLD })));

  process.stdout.write(`\n${loadHeadline(connections, seconds, release !== undefined)}\n\n${loadTable(orientation, rows)}\n\n${checkLines(rows)}\n`);
  process.stdout.write(
    `\nSeiten frisch gerendert: je ${COLD_RENDERS}-mal nach einer Änderung (die alle gehaltenen Antworten verwirft), eine Anfrage nach der anderen; ` +
      'Zeit bis zur ganzen Antwort (Rendern, Abfragen, Komprimieren)\n\n',
  );
  process.stdout.write(`${coldTable(cold)}\n`);
  // After the calendar's sizes were measured, so its appointment does not count among them.
  const race = await measureSignupRace(site.baseUrl, baseline.baseUrl);
  process.stdout.write(signupRaceReport(race));

  const albums = targets.find((target) => target.url.endsWith('/api/public/albums'));
  if (!albums) throw new Error('Ziel /api/public/albums fehlt.');
  // Unbound again: the image pipeline uses every CPU, as it does on a real server.
  release?.();
  process.stderr.write(`messe / measuring GET /api/public/albums während ${UPLOAD_PHOTOS} Fotos hochgeladen werden …\n`);
  const uploadOptions = { ...options, seconds: UPLOAD_IDLE_SECONDS };
  const upload = await runUploadScenario(site.baseUrl, { uid: BENCH_ADMIN_UID, password: BENCH_ADMIN_PASSWORD }, albums, uploadOptions);
  process.stdout.write(
    `\nÖffentliche Abfrage während eines Uploads: 1 Verbindung, ${UPLOAD_IDLE_SECONDS} s ruhig, dann solange ${UPLOAD_PHOTOS} Fotos (4000×3000 JPEG) ` +
      `in einer Anfrage hochgeladen werden (${upload.stored} gespeichert in ${formatMs(upload.uploadSeconds * 1000)} ms); Prozesse auf allen CPUs\n\n`,
  );
  process.stdout.write(`${uploadTable(upload)}\n`);
  process.stderr.write(`messe / measuring login and thumbnail während ${PARALLEL_UPLOADS} × ${UPLOAD_PHOTOS} Fotos …\n`);
  const admin = { uid: BENCH_ADMIN_UID, password: BENCH_ADMIN_PASSWORD };
  const parallel = await runParallelUploadScenario(site.baseUrl, admin, thumbnailPath, uploadOptions);
  process.stdout.write(
    `\nAnmeldung und Datei während ${PARALLEL_UPLOADS} gleichzeitiger Uploads: je 1 Verbindung, ${UPLOAD_IDLE_SECONDS} s ruhig, dann solange ` +
      `${PARALLEL_UPLOADS} Mitglieder je ${UPLOAD_PHOTOS} Fotos (4000×3000 JPEG) in einer Anfrage hochladen (${parallel.stored} gespeichert in ` +
      `${formatMs(parallel.uploadSeconds * 1000)} ms); bcrypt und das Dateisystem teilen sich den Thread-Pool von libuv mit sharp; Prozesse auf allen CPUs\n\n`,
  );
  process.stdout.write(`${parallelUploadTable(parallel)}\n`);
  process.stdout.write(
    '\nSeitengewicht beim ersten Besuch (Vite-Manifest: Einstieg mit statischen Importen, dazu der Chunk der Seite mit seinen; ' +
      'gesendet: die beim Build erzeugten .br-Dateien, die der Server an Browser mit Brotli schickt; 180 KB = 180.000 Byte)\n\n',
  );
  process.stdout.write(`${await weightReport(manifest)}\n`);

  const failed = [
    ...[orientation, upload.idle, upload.during, parallel.login.idle, parallel.login.during, parallel.thumbnail.idle, parallel.thumbnail.during]
      .filter((m) => m.failures > 0)
      .map((m) => m.target.name),
    ...rows.filter((row) => row.failures > 0).map((row) => row.site.target.name),
    ...(signupRaceVerdict(race).ok ? [] : [SIGNUP_RACE_NAME]),
  ];
  if (failed.length > 0) {
    process.stderr.write(`\nUnerwartete Antworten bei: ${failed.join(', ')}; die Zahlen dort gelten nicht.\n`);
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
