import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { PUBLIC_PAGES, type PublicPage as PublicPageEntry } from '../../src/client/publicPages.ts';

/** The part of Vite's build manifest (.vite/manifest.json) the weights are computed from. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    name: z.string().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof manifestSchema>;

/** The key of the public entry: the first script every page loads (src/client/boot.ts). */
export const PUBLIC_ENTRY = 'index.html';

/**
 * The chunks of the app the first script starts on the visitor's first intent (React, MUI,
 * router, shell): its dynamic imports. main.tsx has no key of its own, it is in the shell.
 */
export function appEntries(manifest: Manifest): string[] {
  return manifest[PUBLIC_ENTRY]?.dynamicImports ?? [];
}

export interface Weight {
  files: number;
  rawBytes: number;
  /** What a browser accepting brotli receives: the .br file written at build time, else the file itself. */
  sentBytes: number;
  /** The JavaScript part of sentBytes: what the first-load budget counts. */
  sentJsBytes: number;
}

export async function readManifest(clientDir: string): Promise<Manifest> {
  const text = await readFile(join(clientDir, '.vite/manifest.json'), 'utf8');
  return manifestSchema.parse(JSON.parse(text));
}

/** The built file of a manifest entry, e.g. assets/index-D43p8XDb.js. */
export function entryFile(manifest: Manifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Eintrag ${key} fehlt im Vite-Manifest.`);
  return chunk.file;
}

/** The manifest key of a lazily loaded module, found by its source file name (e.g. AdminLayout.tsx). */
export function keyOfSource(manifest: Manifest, fileName: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(`/${fileName}`));
  if (!key) throw new Error(`${fileName} fehlt im Vite-Manifest.`);
  return key;
}

/**
 * JS and CSS files the browser fetches before the chunk can run: the chunk and its static
 * imports, recursively. Dynamic imports are left out, as they load only when a route
 * needs them; that is how the public part stays free of the back office (DESIGN §5).
 */
export function staticFiles(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (current: string) => {
    if (seen.has(current)) return;
    seen.add(current);
    const chunk = manifest[current];
    if (!chunk) throw new Error(`Eintrag ${current} fehlt im Vite-Manifest.`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

export function without(files: ReadonlySet<string>, known: ReadonlySet<string>): Set<string> {
  return new Set([...files].filter((file) => !known.has(file)));
}

/**
 * Raw bytes of the files and the bytes the site sends a browser that accepts brotli
 * (scripts/compress.ts writes the .br files; small files are sent as they are).
 */
export async function weigh(clientDir: string, files: ReadonlySet<string>): Promise<Weight> {
  let rawBytes = 0;
  let sentBytes = 0;
  let sentJsBytes = 0;
  for (const file of files) {
    const path = join(clientDir, file);
    const size = (await stat(path)).size;
    rawBytes += size;
    const sent = await stat(`${path}.br`).then(
      (compressed) => compressed.size,
      () => size,
    );
    sentBytes += sent;
    if (file.endsWith('.js')) sentJsBytes += sent;
  }
  return { files: files.size, rawBytes, sentBytes, sentJsBytes };
}

export interface PublicPage {
  /** The route as the table of public pages names it, e.g. /termine. */
  route: string;
  key: string;
}

/**
 * The public pages' own chunks, with their routes from the one table the router and the
 * server read (publicPages.ts); the manifest knows modules, not routes.
 */
export function publicPages(manifest: Manifest): PublicPage[] {
  return (PUBLIC_PAGES as readonly PublicPageEntry[]).flatMap((page) => (page.module && manifest[page.module] ? [{ key: page.module, route: page.path }] : []));
}

/**
 * What a first visit of a page downloads before the page reacts to the visitor: the first
 * script with its static imports, then (fetched once the page has loaded, run on the first
 * intent) the app and the page's chunk with their static imports.
 */
export function firstLoadFiles(manifest: Manifest, pageKey: string | undefined): Set<string> {
  const files = staticFiles(manifest, PUBLIC_ENTRY);
  for (const key of appEntries(manifest)) for (const file of staticFiles(manifest, key)) files.add(file);
  if (pageKey) for (const file of staticFiles(manifest, pageKey)) files.add(file);
  return files;
}

/** The back office's own chunks (AdminLayout and the admin pages), which no public first load may contain. */
export function backOfficeFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (key.startsWith('src/client/pages/admin/') || key.endsWith('/AdminLayout.tsx')) {
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
    }
  }
  return files;
}
