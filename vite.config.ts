import react from '@vitejs/plugin-react';
import { basename, dirname } from 'node:path';
import { defineConfig, type Rolldown } from 'vite';

/** Where `npm run dev` runs the API (scripts/dev.ts); Vite forwards data requests there. */
const DEV_API_ORIGIN = 'http://127.0.0.1:3001';

/** Answers per chunking pass (a rebuild in watch mode has a graph of its own). */
const shellAnswers = new WeakMap<Rolldown.ChunkingContext, Map<string, boolean>>();

const BARREL = /[\\/]node_modules[\\/].*[\\/]index\.m?js$/;

/**
 * Whether `importer` takes the default export (the component) of the folder `folder`, not
 * just something else its index re-exports: MUI's modules import a sibling folder's index
 * for its class names (`import { inputBaseClasses } from '../InputBase/index.mjs'`), which
 * does not bring the component along. Without the code to look at, assume it does.
 */
function importsComponentOf(importer: string, folder: string, ctx: Rolldown.ChunkingContext): boolean {
  const code = ctx.getModuleInfo(importer)?.code;
  if (code == null) return true;
  const escaped = folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`import\\s+[\\w$]+\\s*(?:,\\s*\\{[^}]*\\})?\\s*from\\s*["'][^"']*[\\\\/]${escaped}(?:[\\\\/]index\\.m?js)?["']`).test(code);
}

/**
 * The app's own entry (React, MUI, the router and the pages' shared parts), which the page's
 * first script (boot.ts, the build's entry) imports once it is needed.
 */
const APP_ENTRY = /[\\/]src[\\/]client[\\/]main\.tsx$/;

/** Whether the first script (the build's entry) imports the module statically: it must stay out of the app's chunk. */
function inFirstScript(id: string, ctx: Rolldown.ChunkingContext): boolean {
  const seen = new Set([id]);
  const queue = [id];
  for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (info.isEntry) return true;
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return false;
}

/** Whether every start of the app runs the module: its entry imports it, directly or through other static imports. */
function inShell(id: string, ctx: Rolldown.ChunkingContext): boolean {
  let answers = shellAnswers.get(ctx);
  if (!answers) {
    answers = new Map();
    shellAnswers.set(ctx, answers);
  }
  const known = answers.get(id);
  if (known !== undefined) return known;
  // Vite's helper that preloads a dynamic import's chunks is used by the first script too.
  if (id.includes('vite/preload-helper') || inFirstScript(id, ctx)) {
    answers.set(id, false);
    return false;
  }
  // Up through the static importers until an entry (or a module known to be in the shell) is found.
  const seen = new Set([id]);
  const queue: [module: string, from: string | undefined][] = [[id, undefined]];
  let result = false;
  for (let next = queue.pop(); next !== undefined && !result; next = queue.pop()) {
    const [current, from] = next;
    const info = ctx.getModuleInfo(current);
    if (!info) continue;
    if (APP_ENTRY.test(current) || answers.get(current) === true) result = true;
    // Reached a folder's index from the folder's component: only importers of the component count.
    const folder = BARREL.test(current) ? basename(dirname(current)) : undefined;
    const componentOnly = folder !== undefined && from !== undefined && basename(from).replace(/\.m?js$/, '') === folder;
    for (const importer of info.importers) {
      if (seen.has(importer) || (componentOnly && !importsComponentOf(importer, folder, ctx))) continue;
      seen.add(importer);
      queue.push([importer, current]);
    }
  }
  answers.set(id, result);
  return result;
}

export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react()],
  // The server render (`vite build --ssr src/client/entry-server.tsx`) imports the packages
  // from node_modules at run time, as the server does; only our code is bundled.
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        // Every browser the site supports loads modulepreload itself; the polyfill would only weigh on the first script.
        modulePreload: { polyfill: false },
        // The e2e suite reads it to tell the back-office chunks apart from the public ones;
        // the server reads it to announce a page's chunks with the rendered page.
        manifest: true,
        sourcemap: false,
        rolldownOptions: {
          output: {
            // React and the router change far less often than our code; in a chunk of their
            // own they stay cached across releases. Every page uses them, so nothing of the
            // back office comes along.
            codeSplitting: {
              groups: [
                // The first script's only shared module: kept out of the app's chunk, which would otherwise come along with it.
                { name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 2 },
                { name: 'react', priority: 1, test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
                // Without this, what the entry shares with lazy pages is cut into some twenty small
                // chunks, each compressed alone; in one chunk brotli finds the repetitions across
                // MUI, emotion, tRPC and our code (10 KB br less on every first load).
                { name: (id: string, ctx: Rolldown.ChunkingContext) => (inShell(id, ctx) ? 'shell' : null) },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: DEV_API_ORIGIN },
      '/trpc': { target: DEV_API_ORIGIN },
    },
  },
  preview: {
    host: '127.0.0.1',
  },
}));
