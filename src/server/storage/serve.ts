import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';
import { MESSAGES } from '../errors.ts';
import { prepareAnswer, routeAnswerKey, storableHeaders, type PublicCache } from '../http/public-cache.ts';
import { isInlineSafe } from './kinds.ts';
import type { Storage } from './storage.ts';

export interface StoredFileInfo {
  /** The type sniffed at upload. */
  mime: string;
  /** The uploader's name of the file, for the Content-Disposition of downloads and results. */
  filename: string | null;
}

/** Who names a stored file: the row that owns it. A file no row names is not served. */
export type FileCatalogue = (name: string) => Promise<StoredFileInfo | undefined>;

/**
 * Every column that names a stored file, by table: the ones databaseCatalogue looks up
 * (keep the two alike), and what a backup copies the files of.
 */
export const STORED_FILE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  downloads: ['stored_name'],
  results: ['stored_name'],
  sponsors: ['logo_stored_name'],
  attachments: ['stored_name'],
  images: ['stored_name', 'thumb_name'],
};

/** Every table that keeps stored names (uploads of all areas), in one indexed lookup. */
export function databaseCatalogue(db: Db): FileCatalogue {
  const noName = sql<string | null>`null`;
  return async (name) => {
    const row = await db
      .selectFrom('downloads')
      .select((eb) => ['mime', eb.ref('filename').$castTo<string | null>().as('filename')])
      .where('stored_name', '=', name)
      .unionAll(db.selectFrom('results').select([sql<string>`'application/pdf'`.as('mime'), 'filename']).where('stored_name', '=', name))
      .unionAll(db.selectFrom('sponsors').select(['logo_mime as mime', noName.as('filename')]).where('logo_stored_name', '=', name))
      .unionAll(db.selectFrom('attachments').select(['mime', 'filename']).where('stored_name', '=', name))
      .unionAll(db.selectFrom('images').select(['mime', noName.as('filename')]).where('stored_name', '=', name))
      .unionAll(db.selectFrom('images').select([sql<string>`'image/webp'`.as('mime'), noName.as('filename')]).where('thumb_name', '=', name))
      .executeTakeFirst();
    return row ? { mime: row.mime, filename: row.filename } : undefined;
  };
}

function contentType(mime: string): string {
  return mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime;
}

/** RFC 6266: an ASCII fallback for old clients plus the UTF-8 name. */
export function contentDisposition(mime: string, filename: string | null): string {
  const kind = isInlineSafe(mime) ? 'inline' : 'attachment';
  if (!filename) return kind;
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface FileRoutesOptions {
  storage: Storage;
  catalogue: FileCatalogue;
  /** Where small files are kept once served, like the public reads. */
  cache: PublicCache;
}

/**
 * Thumbnails and logos are small and every gallery page asks for dozens: up to this size a
 * served file is kept in memory with its answer, so the next request needs neither the
 * database nor the disk. A delete is a write and drops it; larger files are streamed.
 */
export const MAX_KEPT_FILE_BYTES = 256 * 1024;

/**
 * GET /files/<name>: the stored file with its sniffed type. Names are random and never
 * reused, so the answer may be cached for a year; anything a browser could run comes as
 * attachment, and nosniff stops the browser from guessing otherwise.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { storage, catalogue, cache }) => {
  const notFound = { message: MESSAGES.pathNotFound };
  // Kept by the stored name alone: a query or another spelling of the path is the same file.
  const answerKey = routeAnswerKey();

  app.get<{ Params: { name: string } }>('/files/:name', { config: { answerKey } }, async (request, reply) => {
    const { name } = request.params;
    // Taken before the lookup: a delete after it must not leave the file kept.
    const generation = cache.generation;
    const path = storage.pathOf(name);
    if (!path) return reply.code(404).send(notFound);
    const info = await catalogue(name);
    const size = info ? await stat(path).then((s) => (s.isFile() ? s.size : undefined), () => undefined) : undefined;
    if (!info || size === undefined) return reply.code(404).send(notFound);
    reply
      .header('Content-Type', contentType(info.mime))
      .header('Content-Length', size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Disposition', contentDisposition(info.mime, info.filename));
    if (size > MAX_KEPT_FILE_BYTES || !cache.willKeep(generation, size)) return reply.send(createReadStream(path));
    const body = await readFile(path);
    cache.storeAnswer(answerKey(request, request.routeOptions.config.url), generation, prepareAnswer({ body, etag: undefined, headers: storableHeaders(reply) }));
    return reply.send(body);
  });

  // Deeper paths would otherwise fall through to the app's index page.
  app.get('/files/*', async (_request, reply) => reply.code(404).send(notFound));
};
