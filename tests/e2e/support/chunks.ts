import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CLIENT_DIR } from './site.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const ADMIN_SOURCES = ['src/client/layouts/AdminLayout.tsx', 'src/client/pages/admin/'];

/** The chunks' files (scripts and styles) that loading these manifest entries fetches. */
function filesLoadedBy(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const pending = [...keys];
  const seen = new Set<string>();
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

export interface BackOfficeChunks {
  /** The file of AdminLayout's own chunk. */
  layoutFile: string;
  /** Every file the back office needs beyond what the public entry already loads. */
  files: Set<string>;
}

/** Reads the Vite manifest of the build to name the files that belong to the back office only. */
export async function backOfficeChunks(): Promise<BackOfficeChunks> {
  const manifest = JSON.parse(await readFile(join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The first script and the app it starts (its dynamic imports): every public page loads both.
  const entryKeys = manifest['index.html'] ? ['index.html', ...(manifest['index.html'].dynamicImports ?? [])] : [];
  const adminKeys = Object.entries(manifest)
    .filter(([, { src }]) => src !== undefined && ADMIN_SOURCES.some((source) => src.startsWith(source)))
    .map(([key]) => key);
  const layout = manifest['src/client/layouts/AdminLayout.tsx'];
  if (!layout || entryKeys.length < 2) throw new Error('Das Vite-Manifest kennt den Einstieg oder AdminLayout nicht; ist der Build aktuell?');
  const publicFiles = filesLoadedBy(manifest, entryKeys);
  const files = new Set([...filesLoadedBy(manifest, adminKeys)].filter((file) => !publicFiles.has(file)));
  return { layoutFile: `/${layout.file}`, files };
}
