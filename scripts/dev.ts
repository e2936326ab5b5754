/**
 * `npm run dev`: the API restarting on every server change, and Vite with hot reload in
 * front of it (vite.config.ts forwards /api and /trpc to the API), which also serves the
 * manual at /hilfe, written again whenever a document changes. Ctrl+C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { MANUAL_PATH } from '../src/shared/manual.ts';
import { buildManual } from './build-manual.ts';

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

const MANUAL_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.png': 'image/png' };

/** The manual's pages at /hilfe, as the built site has them (scripts/build-manual.ts), from a folder of the dev server's own. */
function manualPages(): Plugin {
  const folder = join(projectRoot, 'node_modules/.cache/hilfe');
  const write = () =>
    buildManual(folder).catch((error: unknown) => process.stderr.write(`Hilfe nicht geschrieben: ${error instanceof Error ? error.message : String(error)}\n`));
  return {
    name: 'manual-pages',
    async configureServer(server) {
      await write();
      server.watcher.add([join(projectRoot, 'README.md'), join(projectRoot, 'docs')]);
      server.watcher.on('change', (file) => {
        if (file.endsWith('.md') || file.includes('/docs/bilder/')) void write();
      });
      server.middlewares.use(MANUAL_PATH, (request, response, next) => {
        const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
        const file = normalize(join(folder, path === '/' ? 'index.html' : path));
        const type = MANUAL_TYPES[extname(file)];
        if (!file.startsWith(folder) || !type) return next();
        readFile(file).then(
          (content) => response.writeHead(200, { 'content-type': type }).end(content),
          () => next(),
        );
      });
    },
  };
}

async function startVite(): Promise<ViteDevServer> {
  const vite = await createServer({
    root: projectRoot,
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    plugins: [manualPages()],
  });
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
