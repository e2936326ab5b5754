import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

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

/** The key of the public entry: the page every visitor loads. */
export const PUBLIC_ENTRY = 'index.html';

export interface Weight {
  files: number;
  rawBytes: number;
  /** What a browser accepting brotli receives: the .br file written at build time, else the file itself. */
  sentBytes: number;
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

/** Everything the lazy routes of an entry load, each with its static imports. */
export function lazyFiles(manifest: Manifest, key: string): Set<string> {
  const files = new Set<string>();
  for (const lazy of manifest[key]?.dynamicImports ?? []) {
    for (const file of staticFiles(manifest, lazy)) files.add(file);
  }
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
  for (const file of files) {
    const path = join(clientDir, file);
    const size = (await stat(path)).size;
    rawBytes += size;
    sentBytes += await stat(`${path}.br`).then(
      (compressed) => compressed.size,
      () => size,
    );
  }
  return { files: files.size, rawBytes, sentBytes };
}
