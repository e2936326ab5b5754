import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
/** Only the end of a child's output is kept: it is shown when the child fails to start. */
const OUTPUT_TAIL_CHARS = 16_000;

/** Asks the kernel for a port that is free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('kein freier Port'))));
    });
  });
}

export interface ChildServerOptions {
  /** Shown in messages, e.g. "Website". */
  name: string;
  /** A TypeScript file run by the same Node as the bench (type stripping). */
  script: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** A path that answers 2xx once the server is ready. */
  readyPath: string;
}

export interface ChildServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  pid: number | undefined;
  ready(): Promise<void>;
  /** Idempotent; safe to call before ready() has settled and after the child died. */
  stop(): Promise<void>;
}

/**
 * Spawns a server process and returns at once, so the caller can register stop() for
 * clean-up before waiting: a Ctrl-C during start-up must not leave the child behind.
 */
export function spawnChildServer(options: ChildServerOptions): ChildServer {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  // process.execPath is the Node 24 running the bench, which strips the script's types.
  const child = spawn(process.execPath, [options.script], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // Created now, not in stop(): an 'exit' that has already happened would never fire again.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const ready = async () => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (hasExited()) throw new Error(`${options.name} hat sich beim Start beendet:\n${output}`);
      if (await answers(`${baseUrl}${options.readyPath}`)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${options.name} antwortete nicht innerhalb von ${READY_TIMEOUT_MS} ms auf ${options.readyPath}:\n${output}`);
  };

  const stop = async () => {
    if (hasExited()) return;
    child.kill('SIGTERM');
    // A server that hangs in its shutdown must not hang the bench with it.
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  return { baseUrl, pid: child.pid, ready, stop };
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false; // not listening yet
  }
}

/**
 * Binds the load generator (this process) to the first CPU and the servers to the second,
 * with every thread (taskset -a): otherwise the scheduler moves them around and puts the
 * server beside the load generator at times, which changes the figures from one second to
 * the next. Only one server is under load at a time. Answers how to undo it, or undefined
 * when it could not bind them (it needs two CPUs and Linux' taskset).
 */
export function pinLoadAndServers(servers: readonly ChildServer[]): (() => void) | undefined {
  const cpus = availableParallelism();
  if (cpus < 2) return undefined;
  const pids = [...servers.map((server) => server.pid), process.pid];
  if (pids.some((pid) => pid === undefined)) return undefined;
  const bind = (cpuList: (pid: number) => string) => {
    for (const pid of pids as number[]) execFileSync('taskset', ['-a', '-cp', cpuList(pid), String(pid)], { stdio: 'ignore' });
  };
  try {
    bind((pid) => (pid === process.pid ? '0' : '1'));
  } catch {
    return undefined; // no taskset here: the figures are only noisier
  }
  return () => bind(() => `0-${cpus - 1}`);
}
