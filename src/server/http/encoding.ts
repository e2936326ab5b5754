import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The compressions the site sends, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof ENCODINGS)[number];

/** A q=0 parameter: the client refuses the encoding it follows. */
const REFUSED = /^\s*q=0(\.0*)?\s*$/;

/**
 * Whether an Accept-Encoding header (in lower case) names `encoding` without refusing it
 * with q=0. Read in place, without splitting the header: every answer from memory asks.
 */
function accepts(header: string, encoding: ContentEncoding): boolean {
  for (let at = header.indexOf(encoding); at !== -1; at = header.indexOf(encoding, at + 1)) {
    const end = at + encoding.length;
    // The whole name, not a part of another (`x-gzip`, `gzipped`).
    if (at > 0 && !' \t,'.includes(header[at - 1]!)) continue;
    if (end < header.length && !' \t,;'.includes(header[end]!)) continue;
    const next = header.indexOf(',', end);
    const parameters = header.slice(end, next === -1 ? header.length : next);
    return parameters === '' || !parameters.split(';').some((parameter) => REFUSED.test(parameter));
  }
  return false;
}

/** The best of the offered encodings (those `offered` has) the client takes; undefined: send the bytes as they are. */
export function chooseEncoding(header: string | undefined, offered: Partial<Record<ContentEncoding, unknown>>): ContentEncoding | undefined {
  if (!header) return undefined;
  const lower = header.toLowerCase();
  for (const encoding of ENCODINGS) if (offered[encoding] !== undefined && accepts(lower, encoding)) return encoding;
  return undefined;
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
