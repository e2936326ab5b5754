import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The compressions the site sends, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof ENCODINGS)[number];

/** The encodings an Accept-Encoding header names, without those it refuses with q=0. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name && !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) accepted.add(name);
  }
  return accepted;
}

/** The best of the offered encodings the client takes; undefined: send the bytes as they are. */
export function chooseEncoding(header: string | undefined, offered: (encoding: ContentEncoding) => boolean): ContentEncoding | undefined {
  if (!header) return undefined;
  const accepted = acceptedEncodings(header);
  return ENCODINGS.find((encoding) => offered(encoding) && accepted.has(encoding));
}

/** Below this, the headers of a compressed answer cost more than it saves. */
const MIN_COMPRESSED_BYTES = 1024;
const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|xml)|image\/svg\+xml)/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli and gzip copies of an answer that is sent many times (a kept public read), made
 * once in zlib's thread pool. Phones get a tenth of the bytes of a long JSON list. The
 * middle brotli quality compresses the calendar's megabyte in milliseconds; the build's
 * static files get the best quality (scripts/compress.ts) because they are made once.
 */
export async function compressedCopies(body: Buffer, contentType: string): Promise<Partial<Record<ContentEncoding, Buffer>>> {
  if (body.length < MIN_COMPRESSED_BYTES || !COMPRESSIBLE_TYPE.test(contentType)) return {};
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { br, gzip: gz };
}
