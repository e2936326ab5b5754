import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPasswordSchema } from '../../src/shared/schemas/fields.ts';

/**
 * src/server/main.ts as `npm start` runs it: a real process on a real port with a SQLite
 * file. SQLite only; the MariaDB run covers the same code through the api suites.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_UID = '12345678';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

async function start(dir: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(ADMIN_PASSWORD|PUBLIC_URL|SMTP_URL|TEST_|CONTACT_TO_)/.test(key)) delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'club.sqlite')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    ADMIN_UID,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, ['src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, port, output: () => output, exited };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`main.ts ended with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200 && (await response.json()).status === 'ok') return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`main.ts did not answer /api/health:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.TEST_DATABASE === 'mysql')('main.ts', () => {
  // Made in a hook, not in the describe body, which runs even when the suite is skipped.
  let dir = '';
  const children: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-main-'));
  });
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a generated password once, answers, and finishes an in-flight request on SIGTERM', { timeout: 30_000 }, async () => {
    const first = await start(dir);
    children.push(first.child);
    const printed = /Schützennummer: (\d{8})\s+Passwort: (\S+)/.exec(first.output());
    expect(printed, first.output()).not.toBeNull();
    expect(printed![1]).toBe(ADMIN_UID);
    const password = printed![2]!;
    expect(newPasswordSchema.safeParse(password).success).toBe(true);
    expect(first.output().match(/Passwort:/g)).toHaveLength(1);

    // A login whose body is still on its way when SIGTERM arrives, on a keep-alive connection.
    const body = JSON.stringify({ username: ADMIN_UID, password });
    const socket = connect(first.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await sleep(500);
    first.child.kill('SIGTERM');
    await sleep(500);
    socket.write(body);

    const code = await first.exited;
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/set-cookie: sv_session=/i);
    expect(answer).toContain('Erfolgreich angemeldet');
    expect(answer).toMatch(/connection: close/i);
    expect(code, first.output()).toBe(0);
  });

  it('ends within the grace period of 10 s even when a request never finishes', { timeout: 30_000 }, async () => {
    const server = await start(dir);
    children.push(server.child);
    // Headers promise a body that never comes: Fastify waits for it without a time limit.
    const socket = connect(server.port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":`);
    await sleep(300);
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([server.exited, sleep(20_000).then(() => 'still running' as const)]);
    const seconds = (Date.now() - stoppedAt) / 1000;
    expect(code, server.output()).toBe(1);
    expect(seconds).toBeGreaterThanOrEqual(9);
    expect(seconds).toBeLessThan(15);
    expect(server.output()).toContain('requests still open at shutdown');
    await closed;
  });

  it('prints no password when it starts again on the same database', { timeout: 30_000 }, async () => {
    const second = await start(dir);
    children.push(second.child);
    const login = await fetch(`http://127.0.0.1:${second.port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_UID, password: 'Falsch1234' }),
    });
    expect(login.status).toBe(401);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).not.toMatch(/Passwort/);
  });
});
