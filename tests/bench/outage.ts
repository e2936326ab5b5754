import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConnection } from 'mysql2/promise';
import { uploadGalleryImage } from './gallery.ts';
import { freePort } from './processes.ts';
import { formatCount, formatTable } from './table.ts';

/**
 * `npm run soak:outage` (issue 25, point 11): two server processes on one temporary
 * MariaDB under an even mix of reads and writes, the database shut down in the middle and
 * started again. Reports what the clients were answered while it was gone (every failure
 * a 503 with Retry-After and the German message, no 500), how many process-log lines each
 * process wrote per refused request and per outage, how far each process's memory (RSS)
 * rose above its level before the outage, and what its heap holds after a full collection
 * before, at the end of and after the outage. Not a test: neither `npm test` nor CI runs
 * it; it needs mariadbd (scripts/start-mariadb.sh) and takes about a minute.
 */

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_UID = '00000001';
const ADMIN_PASSWORD = 'SoakAdmin2026';
const AUTH = `Basic ${Buffer.from(`${ADMIN_UID}:${ADMIN_PASSWORD}`).toString('base64')}`;

/** Requests a second to each process; open loop, so that a slow answer does not slow the clients as it would in a closed loop. */
const RATE = positive('SOAK_RATE', 100);
const OUTAGE_SECONDS = positive('SOAK_OUTAGE_SECONDS', 10);
/** Long enough for a new process's memory to settle at its level under this load. */
const WARMUP_SECONDS = positive('SOAK_WARMUP_SECONDS', 8);
/** SOAK_CONTROL=1: the same run with the database left alone, to tell the outage's memory from the load's. */
const CONTROL = process.env.SOAK_CONTROL === '1';
const AFTER_SECONDS = 6;
/** A client gives up on an answer after this long, as a browser or proxy would. */
const CLIENT_TIMEOUT_MS = 30_000;
const UNAVAILABLE = 'Die Datenbank ist derzeit nicht erreichbar. Bitte versuche es später erneut.';
/** The one line of a refused request (the database gone, or too many waiting for it), and the lines of an outage's start and end (db/outage.ts). */
const REFUSAL_LINE = 'Datenbank nicht erreichbar, Anfrage abgelehnt';
const OVERLOAD_LINE = 'Datenbank ausgelastet, Anfrage abgelehnt';
const OUTAGE_LINE = /^Datenbank (nicht erreichbar seit|wieder erreichbar nach|bis zum Ende nicht erreichbar)/;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} muss eine positive Zahl sein, nicht "${raw}".`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The temporary MariaDB of scripts/start-mariadb.sh, which this bench stops and starts again in its data folder. */
interface Mariadb {
  url: string;
  dir: string;
  port: number;
}

function startMariadb(): Mariadb {
  const dirFile = join(tmpdir(), `club-soak-mariadb-${process.pid}`);
  const result = spawnSyncText('bash', ['scripts/start-mariadb.sh'], { MARIADB_DIR_FILE: dirFile });
  const dir = readFileSync(dirFile, 'utf8').trim();
  rmQuiet(dirFile);
  const url = result.trim().split('\n').pop()!;
  return { url, dir, port: Number(new URL(url).port) };
}

function spawnSyncText(command: string, args: string[], env: Record<string, string> = {}): string {
  const child = spawnSync(command, args, { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${command} ${args.join(' ')} endete mit ${child.status}: ${child.stderr}`);
  return child.stdout;
}

function rmQuiet(path: string): void {
  void rm(path, { force: true, recursive: true }).catch(() => undefined);
}

/** Ends the server as systemctl stop or a package upgrade does (SIGTERM: a normal shutdown). */
async function stopMariadb(db: Mariadb): Promise<void> {
  const pidFile = join(db.dir, 'mysqld.pid');
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 600; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(50);
  }
  throw new Error('MariaDB endete nicht innerhalb von 30 s.');
}

/** Starts mariadbd again on its data folder and port, with the flags of scripts/start-mariadb.sh. */
async function restartMariadb(db: Mariadb): Promise<void> {
  const mariadbd = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((path) => spawnSync('test', ['-x', path]).status === 0) ?? 'mariadbd';
  const user = spawnSyncText('id', ['-un']).trim();
  const child = spawn(
    mariadbd,
    [
      '--no-defaults',
      `--datadir=${db.dir}/data`,
      `--socket=${db.dir}/mysqld.sock`,
      `--pid-file=${db.dir}/mysqld.pid`,
      '--bind-address=127.0.0.1',
      `--port=${db.port}`,
      `--user=${user}`,
      '--skip-name-resolve',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      '--innodb-buffer-pool-size=64M',
      '--innodb-flush-log-at-trx-commit=2',
      '--skip-log-bin',
    ],
    { stdio: 'ignore', detached: true },
  );
  child.unref();
  for (let i = 0; i < 600; i++) {
    try {
      const connection = await createConnection({ uri: db.url, connectTimeout: 1000 });
      await connection.end();
      return;
    } catch {
      await sleep(50);
    }
  }
  throw new Error('MariaDB startete nicht wieder innerhalb von 30 s.');
}

interface LogLine {
  time: number;
  level: number;
  msg: string;
}

interface Server {
  name: string;
  baseUrl: string;
  inspectPort: number;
  child: ChildProcess;
  lines: LogLine[];
  /** Lines that were no JSON (the start's notices). */
  other: number;
  exited: Promise<void>;
}

function startServer(name: string, port: number, inspectPort: number, databaseUrl: string, uploadsDir: string): Server {
  // The inspector on loopback lets the bench weigh the live heap (liveHeapBytes); RSS alone
  // also counts what V8 keeps after collecting, which it sizes to the allocation rate.
  const child = spawn(process.execPath, [`--inspect=127.0.0.1:${inspectPort}`, 'src/server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      UPLOADS_DIR: uploadsDir,
      ADMIN_UID,
      ADMIN_PASSWORD,
      LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'info',
      // For a closer look at a process (a heap snapshot on a signal, say), without the bench itself getting it.
      ...(process.env.SOAK_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    inspectPort,
    child,
    lines: [],
    other: 0,
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
  };
  let rest = '';
  const collect = (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8');
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      if (part === '') continue;
      try {
        const line = JSON.parse(part) as LogLine;
        server.lines.push({ time: line.time, level: line.level, msg: line.msg });
        if (process.env.SOAK_SHOW_LINES && new RegExp(process.env.SOAK_SHOW_LINES).test(line.msg)) process.stdout.write(`${name}: ${part}\n`);
      } catch {
        server.other += 1;
      }
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return server;
}

async function waitHealthy(server: Server): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null) throw new Error(`${server.name} hat sich beendet.`);
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      await response.body?.cancel();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${server.name} antwortete nicht auf /api/health.`);
}

/**
 * What the process's heap holds after a full collection (HeapProfiler.collectGarbage, then
 * Runtime.getHeapUsage over the inspector's WebSocket): what it retains, without garbage.
 */
async function liveHeapBytes(server: Server): Promise<number> {
  const targets = (await (await fetch(`http://127.0.0.1:${server.inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let id = 0;
  const answers = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) answers.get(message.id)?.(message.result);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      id += 1;
      answers.set(id, resolve);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    return ((await call('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  } finally {
    socket.close();
  }
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

interface Outcome {
  at: number;
  server: string;
  kind: string;
  status: number;
  retryAfter: string | null;
  germanMessage: boolean;
}

/** The mix: back-office reads and writes over REST and tRPC, a public read, a file, the health check. */
function requestMix(thumbnailPath: string): Array<{ kind: string; path: string; init: () => RequestInit }> {
  let appointment = 0;
  return [
    { kind: 'REST lesen', path: '/api/users', init: () => ({ headers: { authorization: AUTH } }) },
    { kind: 'tRPC lesen', path: '/trpc/users.list', init: () => ({ headers: { authorization: AUTH } }) },
    {
      kind: 'REST schreiben',
      path: '/api/calendar',
      init: () => {
        appointment += 1;
        const day = String((appointment % 28) + 1).padStart(2, '0');
        return {
          method: 'POST',
          headers: { authorization: AUTH, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Training ${appointment}`,
            datetime_begin: `2027-03-${day} 18:00:00`,
            datetime_end: `2027-03-${day} 20:00:00`,
            location: 'Schützenhaus',
            // Not public: the public calendar read of the mix stays the same size all along.
            visibility: 0,
            description: '',
            notes: '',
            assignment: 1,
            status: 1,
            attachments: [],
            notify: 0,
          }),
        };
      },
    },
    { kind: 'öffentlich', path: '/api/public/calendar', init: () => ({}) },
    { kind: 'Datei', path: thumbnailPath, init: () => ({}) },
    { kind: 'health', path: '/api/health', init: () => ({}) },
  ];
}

async function main(): Promise<void> {
  const cleanup: Array<() => Promise<void> | void> = [];
  const runCleanup = async () => {
    for (const task of cleanup.reverse()) await Promise.resolve(task()).catch(() => undefined);
  };
  process.once('SIGINT', () => void runCleanup().then(() => process.exit(130)));
  process.once('SIGTERM', () => void runCleanup().then(() => process.exit(143)));
  try {
    process.stdout.write('Starte MariaDB …\n');
    const mariadb = startMariadb();
    cleanup.push(() => void spawnSync('bash', ['scripts/stop-mariadb.sh', mariadb.dir], { cwd: PROJECT_ROOT, stdio: 'ignore' }));
    const admin = await createConnection({ uri: mariadb.url });
    await admin.query('CREATE DATABASE club_soak CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await admin.end();
    const databaseUrl = `${mariadb.url}/club_soak`;
    const uploadsDir = await mkdtemp(join(tmpdir(), 'club-soak-uploads-'));
    cleanup.push(() => rm(uploadsDir, { recursive: true, force: true }));

    // The first process migrates and seeds; the second starts on the finished database.
    const servers: Server[] = [];
    for (const name of ['Prozess A', 'Prozess B']) {
      const server = startServer(name, await freePort(), await freePort(), databaseUrl, uploadsDir);
      cleanup.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
        await server.exited;
      });
      await waitHealthy(server);
      servers.push(server);
    }
    const { thumbnailPath } = await uploadGalleryImage(servers[0]!.baseUrl, ADMIN_UID, ADMIN_PASSWORD);
    const mix = requestMix(thumbnailPath);

    const outcomes: Outcome[] = [];
    const memory = new Map<string, Array<{ at: number; rss: number }>>(servers.map((server) => [server.name, []]));
    const pending = new Set<Promise<void>>();
    let sending = true;
    let counter = 0;
    const send = (server: Server) => {
      const request = mix[counter++ % mix.length]!;
      const at = Date.now();
      const task = fetch(`${server.baseUrl}${request.path}`, { ...request.init(), signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) })
        .then(async (response) => {
          const body = await response.text();
          outcomes.push({
            at,
            server: server.name,
            kind: request.kind,
            status: response.status,
            retryAfter: response.headers.get('retry-after'),
            germanMessage: body.includes(UNAVAILABLE),
          });
        })
        .catch(() => {
          outcomes.push({ at, server: server.name, kind: request.kind, status: 0, retryAfter: null, germanMessage: false });
        })
        .finally(() => pending.delete(task));
      pending.add(task);
    };
    // Every 10 ms a tenth of a hundredth of the rate to each process.
    const perTick = RATE / 100;
    let owed = 0;
    const load = setInterval(() => {
      if (!sending) return;
      owed += perTick;
      while (owed >= 1) {
        owed -= 1;
        for (const server of servers) send(server);
      }
    }, 10);
    const sampler = setInterval(() => {
      for (const server of servers) if (server.child.pid) memory.get(server.name)!.push({ at: Date.now(), rss: rssBytes(server.child.pid) });
    }, 250);

    process.stdout.write(`Last: ${RATE} Anfragen/s je Prozess, ${WARMUP_SECONDS} s vorab …\n`);
    await sleep(WARMUP_SECONDS * 1000);
    const liveBefore = await Promise.all(servers.map(liveHeapBytes));
    // The RSS before the outage is taken over these seconds, after the collection just made.
    await sleep(3000);
    const stoppedAt = Date.now();
    if (CONTROL) {
      process.stdout.write(`Vergleichslauf: MariaDB bleibt, ${OUTAGE_SECONDS} s wie sonst der Ausfall …\n`);
      await sleep(OUTAGE_SECONDS * 1000);
    } else {
      process.stdout.write(`MariaDB wird beendet (SIGTERM) und nach ${OUTAGE_SECONDS} s wieder gestartet …\n`);
      await stopMariadb(mariadb);
      await sleep(OUTAGE_SECONDS * 1000);
    }
    const liveDuring = await Promise.all(servers.map(liveHeapBytes));
    if (!CONTROL) await restartMariadb(mariadb);
    const restartedAt = Date.now();
    for (const server of servers) await waitHealthy(server);
    const healthyAt = Date.now();
    await sleep(AFTER_SECONDS * 1000);
    sending = false;
    clearInterval(load);
    await Promise.allSettled([...pending]);
    await sleep(1000);
    const liveAfter = await Promise.all(servers.map(liveHeapBytes));
    clearInterval(sampler);
    const endedAt = Date.now();
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await server.exited;
    }

    const during = outcomes.filter((outcome) => outcome.at >= stoppedAt && outcome.at < healthyAt);
    const unavailable = outcomes.filter((outcome) => outcome.status === 503);
    const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
    const signedMib = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mib(Math.abs(bytes))}`;
    const rows = servers.map((server, index) => {
      const mine = outcomes.filter((outcome) => outcome.server === server.name);
      const refused = mine.filter((outcome) => outcome.status === 503).length;
      const refusalLines = server.lines.filter((line) => line.msg === REFUSAL_LINE).length;
      const overloadLines = server.lines.filter((line) => line.msg === OVERLOAD_LINE).length;
      const outageLines = server.lines.filter((line) => OUTAGE_LINE.test(line.msg)).length;
      // Warnings and errors besides those: what an outage must not add (stacks, a line per layer).
      const otherWarnings = server.lines.filter(
        (line) => line.level >= 40 && line.msg !== REFUSAL_LINE && line.msg !== OVERLOAD_LINE && !OUTAGE_LINE.test(line.msg),
      ).length;
      const samples = memory.get(server.name)!;
      const before = samples.filter((sample) => sample.at < stoppedAt && sample.at >= stoppedAt - 3000);
      const baseline = before.reduce((sum, sample) => sum + sample.rss, 0) / Math.max(1, before.length);
      const peak = Math.max(...samples.filter((sample) => sample.at >= stoppedAt).map((sample) => sample.rss));
      const last = samples.at(-1)?.rss ?? 0;
      return [
        server.name,
        formatCount(mine.length),
        formatCount(during.filter((outcome) => outcome.server === server.name).length),
        formatCount(refused),
        formatCount(mine.filter((outcome) => outcome.status === 500).length),
        formatCount(mine.filter((outcome) => outcome.status === 0).length),
        `${formatCount(refusalLines)} + ${formatCount(overloadLines)}`,
        formatCount(otherWarnings),
        formatCount(outageLines),
        mib(baseline),
        signedMib(peak - baseline),
        signedMib(last - baseline),
        `${mib(liveBefore[index]!)} → ${mib(liveDuring[index]!)} → ${mib(liveAfter[index]!)}`,
      ];
    });
    process.stdout.write(
      `\nMariaDB weg ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s, beide Prozesse wieder gesund nach ${((healthyAt - stoppedAt) / 1000).toFixed(1)} s, ` +
        `Messung ${((endedAt - stoppedAt) / 1000).toFixed(0)} s ab dem Ende der Datenbank.\n\n`,
    );
    process.stdout.write(
      formatTable(
        [
          { title: 'Prozess', align: 'left' },
          { title: 'Anfragen', align: 'right' },
          { title: 'im Ausfall', align: 'right' },
          { title: '503', align: 'right' },
          { title: '500', align: 'right' },
          { title: 'ohne Antwort', align: 'right' },
          { title: 'Ablehnungszeilen (weg + ausgelastet)', align: 'right' },
          { title: 'andere Warnungen', align: 'right' },
          { title: 'Ausfallzeilen', align: 'right' },
          { title: 'RSS vorher', align: 'right' },
          { title: 'Spitze', align: 'right' },
          { title: 'am Ende', align: 'right' },
          { title: 'Heap belegt vorher → Ende Ausfall → am Ende', align: 'right' },
        ],
        rows,
      ),
    );
    const byKind = new Map<string, Map<number, number>>();
    for (const outcome of during) {
      const counts = byKind.get(outcome.kind) ?? new Map<number, number>();
      counts.set(outcome.status, (counts.get(outcome.status) ?? 0) + 1);
      byKind.set(outcome.kind, counts);
    }
    process.stdout.write('\nAntworten während des Ausfalls je Art (Status × Anzahl):\n');
    for (const [kind, counts] of byKind) {
      process.stdout.write(`  ${kind}: ${[...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(', ')}\n`);
    }
    const withoutRetry = unavailable.filter((outcome) => !outcome.retryAfter).length;
    const withoutMessage = unavailable.filter((outcome) => !outcome.germanMessage).length;
    process.stdout.write(`\n503 ohne Retry-After: ${withoutRetry}, 503 ohne die deutsche Meldung: ${withoutMessage}\n`);
    process.stdout.write('\nWarnungen und Fehler im Prozess-Log (beide Prozesse) nach Text:\n');
    const messages = new Map<string, number>();
    for (const line of servers.flatMap((server) => server.lines)) if (line.level >= 40) messages.set(line.msg, (messages.get(line.msg) ?? 0) + 1);
    for (const [msg, count] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 12)) process.stdout.write(`  ${count}× ${msg}\n`);
  } finally {
    await runCleanup();
  }
}

await main();
