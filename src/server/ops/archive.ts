import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { STORED_NAME } from '../storage/storage.ts';

/**
 * The backup archive: a gzip-compressed tar with one entry per table (`tables/<name>.jsonl`,
 * one JSON object per row), one per stored file (`files/<name>`) and `manifest.json` last,
 * which names every entry with its sha256. The same format for SQLite and MySQL, so a
 * backup of one restores into the other; any tar can list or unpack it.
 */

export const ARCHIVE_FORMAT = 'schuetzenverein-sicherung';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';

const TABLE_NAME = /^[a-z][a-z0-9_]*$/;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  createdAt: z.string(),
  dialect: z.enum(['sqlite', 'mysql']),
  /** The latest migration applied to the database the backup came from. */
  schemaVersion: z.string().min(1),
  tables: z.array(z.object({ name: z.string().regex(TABLE_NAME), rows: z.number().int().min(0), sha256: z.string() })),
  files: z.array(z.object({ name: z.string().regex(STORED_NAME), size: z.number().int().min(0), sha256: z.string() })),
  /** Files a row names that were missing from UPLOADS_DIR at the backup: not in the archive. */
  missingFiles: z.array(z.object({ name: z.string(), table: z.string() })).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const fileEntry = (name: string) => `files/${name}`;

/** What an entry name stands for; undefined for names this format never writes. */
export function parseEntryName(name: string): { kind: 'table' | 'file'; name: string } | { kind: 'manifest' } | undefined {
  if (name === MANIFEST_ENTRY) return { kind: 'manifest' };
  const table = /^tables\/([a-z][a-z0-9_]*)\.jsonl$/.exec(name);
  if (table?.[1]) return { kind: 'table', name: table[1] };
  const file = /^files\/(.+)$/.exec(name);
  // Names become paths in UPLOADS_DIR on restore: only what the storage itself generates.
  if (file?.[1] && STORED_NAME.test(file[1])) return { kind: 'file', name: file[1] };
  return undefined;
}

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * Rows as JSON: drivers return strings, numbers and null for every column this project
 * declares (date-times are strings on both dialects, see DESIGN §2). A binary value
 * is kept as base64; a BigInt beyond a safe number as its digits; a Date would carry a
 * time zone guess and is refused rather than shifted.
 */
export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return { base64: Buffer.from(value).toString('base64') };
  throw new Error(`Unerwarteter Wert in der Datenbank (${Object.prototype.toString.call(value)}); die Sicherung kennt ihn nicht.`);
}

export function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && 'base64' in value && typeof value.base64 === 'string') {
    return Buffer.from(value.base64, 'base64');
  }
  return value;
}

export function encodeRow(row: Record<string, unknown>): string {
  const encoded: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) encoded[column] = encodeValue(value);
  return JSON.stringify(encoded);
}

export function decodeRow(line: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(line);
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('Ungültige Zeile in der Sicherung.');
  const row: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(parsed)) row[column] = decodeValue(value);
  return row;
}

/** A pass-through that computes the sha256 and size of what flows through it. */
export function hashingStream(): Transform & { digest: () => { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => ({ sha256: hash.digest('hex'), size }) });
}

/** Writes the archive entry by entry; the caller renames the file once finish() succeeded. */
export class ArchiveWriter {
  readonly #pack = tar.pack();
  readonly #done: Promise<void>;
  readonly #mtime = new Date();
  #failure: Error | undefined;

  private constructor(handle: FileHandle) {
    // Readable.from: the pack is a streamx stream; Node's pipeline handles its own kind best.
    this.#done = pipeline(Readable.from(this.#pack), createGzip(), handle.createWriteStream());
    // Reported by the next add or by finish(); tar-stream itself only says "destroyed".
    this.#done.catch((error: unknown) => {
      this.#failure = error instanceof Error ? error : new Error(String(error));
    });
  }

  /**
   * Opens (creates or truncates) the file first, so a folder that is missing or read-only
   * fails here. Readable by the owner only: the archive holds password hashes and every
   * member's data. A file left over from an earlier run keeps no wider mode either.
   */
  static async create(path: string): Promise<ArchiveWriter> {
    const handle = await open(path, 'w', 0o600);
    // A file system without Unix modes (a mounted share) has nothing to narrow.
    await handle.chmod(0o600).catch(() => undefined);
    return new ArchiveWriter(handle);
  }

  #check(): void {
    if (this.#failure) throw this.#failure;
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    this.#check();
    await new Promise<void>((resolve, reject) => {
      this.#pack.entry({ name, size: data.length, mtime: this.#mtime }, data, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Streams a file of known size into the archive; answers its sha256 and the bytes read. */
  async addFile(name: string, path: string, size: number): Promise<{ sha256: string; size: number }> {
    this.#check();
    const hashing = hashingStream();
    const entry = this.#pack.entry({ name, size, mtime: this.#mtime });
    await pipeline(createReadStream(path), hashing, entry);
    return hashing.digest();
  }

  async finish(): Promise<void> {
    this.#check();
    this.#pack.finalize();
    await this.#done;
  }

  async destroy(): Promise<void> {
    this.#pack.destroy();
    await this.#done.catch(() => undefined);
  }
}

/** Calls `onEntry` for every file entry in order, with its content as a Node stream. */
export async function readArchive(path: string, onEntry: (name: string, content: Readable) => Promise<void>): Promise<void> {
  const extract = tar.extract();
  const feeding = pipeline(createReadStream(path), createGunzip(), extract);
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) {
      if (entry.header.type !== 'file' && entry.header.type !== 'contiguous-file') {
        entry.resume();
        continue;
      }
      await onEntry(entry.header.name, Readable.from(entry));
      // A handler that left data unread would stall the extraction.
      entry.resume();
    }
  } catch (error) {
    extract.destroy();
    await feeding.catch(() => undefined);
    throw error;
  }
  await feeding;
}
