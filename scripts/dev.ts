/**
 * `npm run dev`: the API restarting on every server change, and Vite with hot reload in
 * front of it (vite.config.ts forwards /api and /trpc to the API). Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const API_PORT = '3001';

function startApi(): ChildProcess {
  // process.execPath is the Node 24 that npm put on PATH, so the server's type stripping works.
  return spawn(process.execPath, ['--watch', 'src/server/main.ts'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, PORT: API_PORT, HOST: process.env.HOST ?? '127.0.0.1' },
  });
}

async function startVite(): Promise<ViteDevServer> {
  const vite = await createServer({ root: projectRoot, configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)) });
  await vite.listen();
  vite.printUrls();
  return vite;
}

const api = startApi();
let vite: ViteDevServer | undefined;
let stopping = false;

async function stop(signal: NodeJS.Signals, exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (api.exitCode === null && api.signalCode === null) api.kill(signal);
  await vite?.close();
  if (api.exitCode === null && api.signalCode === null) {
    await new Promise((resolve) => api.once('exit', resolve));
  }
  process.exit(exitCode);
}

api.once('exit', (code) => {
  // node --watch only ends on a signal or when it cannot start at all; either way we are done.
  if (!stopping) {
    process.stderr.write(`API-Server beendet (Code ${code ?? 'unbekannt'}).\n`);
    void stop('SIGTERM', code ?? 1);
  }
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stop(signal, 0));
}

try {
  vite = await startVite();
} catch (error) {
  process.stderr.write(`Vite konnte nicht starten: ${error instanceof Error ? error.message : String(error)}\n`);
  await stop('SIGTERM', 1);
}
