import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes .br and .gz beside every compressible file of the client build, once at build
 * time, so the server sends phones a third of the bytes without compressing per request
 * (@fastify/static's preCompressed picks the variant the browser accepts).
 */

const CLIENT_DIR = new URL('../dist/client/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain less than the headers of a compressed answer cost. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Vite's .vite/manifest.json is build metadata, never sent to browsers.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressFile(path: string): Promise<boolean> {
  if (!COMPRESSIBLE.test(path) || (await stat(path)).size < MIN_BYTES) return false;
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return true;
}

let count = 0;
for await (const path of files(CLIENT_DIR)) {
  if (await compressFile(path)) count += 1;
}
process.stdout.write(`compress: ${count} Dateien als .br und .gz abgelegt\n`);
