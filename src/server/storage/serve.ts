import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import cookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { PermissionName } from '../../shared/permissions.ts';
import { admittedMember, type Principal } from '../areas/auth/principal.ts';
import type { Db } from '../db/connection.ts';
import { AppError, MESSAGES, Refusal } from '../errors.ts';
import type { ContextFor } from '../http/context.ts';
import { prepareAnswer, PRIVATE_CACHE_CONTROL, routeAnswerKey, storableHeaders, type PublicCache } from '../http/public-cache.ts';
import { isInlineSafe } from './kinds.ts';
import type { Storage } from './storage.ts';
import { REFUSAL_PREFIX, type Context } from '../trpc/context.ts';

export interface StoredFileInfo {
  /** The type sniffed at upload. */
  mime: string;
  /** The uploader's name of the file, for the Content-Disposition of downloads and results. */
  filename: string | null;
  readers: FileReaders;
}

/**
 * Who may read a stored file. Everything the public pages show is for everybody; a
 * calendar attachment only while a public appointment names it. Otherwise it belongs to
 * the members who see the calendar, and before any appointment names it, to the member
 * who uploaded it (the dialog shows it before saving). null: a deleted member's upload.
 */
export type FileReaders =
  /** forGood: nothing can make the file private (it may only be deleted); false for an attachment. */
  | { kind: 'everybody'; forGood: boolean }
  | { kind: 'permission'; permission: PermissionName }
  | { kind: 'uploader'; userId: number | null };

const EVERYBODY: FileReaders = { kind: 'everybody', forGood: true };

export function mayRead(readers: FileReaders, user: Principal | null): boolean {
  switch (readers.kind) {
    case 'everybody':
      return true;
    case 'permission':
      return user !== null && user.permissions.has(readers.permission);
    case 'uploader':
      return user !== null && readers.userId === user.id;
  }
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
  images: ['stored_name', 'thumb_name', 'medium_name'],
  club_picture_files: ['stored_name'],
  news_images: ['stored_name', 'thumb_name', 'medium_name', 'wide_name'],
};

interface CatalogueRow {
  mime: string;
  filename: string | null;
  /** Only attachments have readers other than everybody; their row says which. */
  attachment: number;
  appointment_id: number | null;
  visibility: number | null;
  uploaded_by: number | null;
}

function readersOf(row: CatalogueRow): FileReaders {
  if (Number(row.attachment) !== 1) return EVERYBODY;
  if (row.appointment_id === null) return { kind: 'uploader', userId: row.uploaded_by === null ? null : Number(row.uploaded_by) };
  return Number(row.visibility) === 1 ? { kind: 'everybody', forGood: false } : { kind: 'permission', permission: 'calendar_view' };
}

/** Every table that keeps stored names (uploads of all areas), in one indexed lookup. */
export function databaseCatalogue(db: Db): FileCatalogue {
  const noName = sql<string | null>`null`;
  const noNumber = sql<number | null>`null`;
  const notAttachment = [sql<number>`0`.as('attachment'), noNumber.as('appointment_id'), noNumber.as('visibility'), noNumber.as('uploaded_by')] as const;
  return async (name) => {
    const row: CatalogueRow | undefined = await db
      .selectFrom('downloads')
      .select((eb) => ['mime', eb.ref('filename').$castTo<string | null>().as('filename'), ...notAttachment])
      .where('stored_name', '=', name)
      .unionAll(db.selectFrom('results').select([sql<string>`'application/pdf'`.as('mime'), 'filename', ...notAttachment]).where('stored_name', '=', name))
      .unionAll(db.selectFrom('sponsors').select(['logo_mime as mime', noName.as('filename'), ...notAttachment]).where('logo_stored_name', '=', name))
      .unionAll(
        // One file may be named by a series and by occurrences' copies: one row with the widest readers.
        db
          .selectFrom('attachments')
          .leftJoin('appointments', 'appointments.id', 'attachments.appointment_id')
          .leftJoin('appointment_series', 'appointment_series.id', 'attachments.series_id')
          .select((eb) => [
            eb.fn.min('attachments.mime').as('mime'),
            eb.fn.min('attachments.filename').$castTo<string | null>().as('filename'),
            sql<number>`1`.as('attachment'),
            eb.fn.max(eb.fn.coalesce('attachments.appointment_id', 'attachments.series_id')).$castTo<number | null>().as('appointment_id'),
            eb.fn.max(eb.fn.coalesce('appointments.visibility', 'appointment_series.visibility')).$castTo<number | null>().as('visibility'),
            eb.fn.min('attachments.uploaded_by').$castTo<number | null>().as('uploaded_by'),
          ])
          .where('attachments.stored_name', '=', name)
          .groupBy('attachments.stored_name'),
      )
      .unionAll(db.selectFrom('images').select(['mime', noName.as('filename'), ...notAttachment]).where('stored_name', '=', name))
      .unionAll(db.selectFrom('images').select([sql<string>`'image/webp'`.as('mime'), noName.as('filename'), ...notAttachment]).where('thumb_name', '=', name))
      .unionAll(db.selectFrom('images').select([sql<string>`'image/webp'`.as('mime'), noName.as('filename'), ...notAttachment]).where('medium_name', '=', name))
      // The club's logo and home picture (issue 26.3): public, and a new upload has new names.
      .unionAll(db.selectFrom('club_picture_files').select(['mime', noName.as('filename'), ...notAttachment]).where('stored_name', '=', name))
      // An article's pictures (issue 27): for everybody, as the article will be; their names are random.
      .unionAll(db.selectFrom('news_images').select([sql<string>`'image/webp'`.as('mime'), noName.as('filename'), ...notAttachment]).where('stored_name', '=', name))
      .unionAll(db.selectFrom('news_images').select([sql<string>`'image/webp'`.as('mime'), noName.as('filename'), ...notAttachment]).where('thumb_name', '=', name))
      .unionAll(db.selectFrom('news_images').select([sql<string>`'image/webp'`.as('mime'), noName.as('filename'), ...notAttachment]).where('medium_name', '=', name))
      .unionAll(db.selectFrom('news_images').select([sql<string>`'image/jpeg'`.as('mime'), noName.as('filename'), ...notAttachment]).where('wide_name', '=', name))
      .executeTakeFirst();
    return row ? { mime: row.mime, filename: row.filename, readers: readersOf(row) } : undefined;
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
  /** The app's one authentication (session cookie or Basic), asked only for files not everybody may read. */
  contextFor: ContextFor;
}

/**
 * Thumbnails and logos are small and every gallery page asks for dozens: up to this size a
 * served file is kept in memory with its answer, so the next request needs neither the
 * database nor the disk. A delete is a write and drops it; larger files are streamed.
 */
export const MAX_KEPT_FILE_BYTES = 256 * 1024;

/**
 * A calendar attachment is public only while a public appointment names it: caches must
 * ask again each time, so that hiding the appointment hides the file at once. One that only
 * members may read is for the member's browser alone and never for a shared cache.
 */
function cacheControlOf(readers: FileReaders): string {
  if (readers.kind !== 'everybody') return PRIVATE_CACHE_CONTROL;
  return readers.forGood ? 'public, max-age=31536000, immutable' : 'public, no-cache';
}

/**
 * Who is asking, for a file not everybody may read. Wrong or blocked Basic credentials
 * count as nobody (404 like any visitor), so that they tell nothing about the file either.
 */
async function readerOf(contextFor: ContextFor, request: FastifyRequest, reply: FastifyReply): Promise<Context | null> {
  try {
    return await contextFor(request, reply);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * GET /files/<name>: the stored file with its sniffed type. Names are random and never
 * reused, so a public file's answer may be cached for a year; anything a browser could run comes as
 * attachment, and nosniff stops the browser from guessing otherwise. A file not everybody
 * may read (calendar attachments of non-public appointments, unsaved uploads) answers 404
 * to everybody else, as if it did not exist, and is never kept in memory; a member whom the
 * procedures refuse altogether (second factor required, not set up) gets their 403.
 */
export const fileRoutes: FastifyPluginAsync<FileRoutesOptions> = async (app, { storage, catalogue, cache, contextFor }) => {
  const notFound = { message: MESSAGES.pathNotFound };
  // Kept by the stored name alone: a query or another spelling of the path is the same file.
  const answerKey = routeAnswerKey();
  // The session cookie is read here only for files that need it; this scope is the route's own.
  await app.register(cookie);
  // Never kept by a shared cache: a member may be served a file that a visitor is not.
  const sendNotFound = (reply: FastifyReply) => reply.code(404).header('Cache-Control', 'no-cache').send(notFound);

  app.get<{ Params: { name: string } }>('/files/:name', { config: { answerKey } }, async (request, reply) => {
    const { name } = request.params;
    // Taken before the lookup: a delete after it must not leave the file kept.
    const generation = cache.generation;
    const path = storage.pathOf(name);
    if (!path) return sendNotFound(reply);
    const info = await catalogue(name);
    const size = info ? await stat(path).then((s) => (s.isFile() ? s.size : undefined), () => undefined) : undefined;
    if (!info || size === undefined) return sendNotFound(reply);
    const { readers } = info;
    const shared = readers.kind === 'everybody';
    if (!shared) {
      const context = await readerOf(contextFor, request, reply);
      if (!context?.user) return sendNotFound(reply);
      // The procedures' own question first (a group's second factor not set up: 403 with its
      // message, logged), so that this path answers no member whom they refuse.
      try {
        admittedMember(context.user, `/files/${name}`);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        await context.log(`${REFUSAL_PREFIX}${error.reason}`);
        return reply.code(403).header('Cache-Control', 'no-cache').send({ message: error.message });
      }
      if (!mayRead(readers, context.user)) return sendNotFound(reply);
    }
    reply
      .header('Content-Type', contentType(info.mime))
      .header('Content-Length', size)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', cacheControlOf(readers))
      .header('Content-Disposition', contentDisposition(info.mime, info.filename));
    // A file for some members only is never kept: the memory answers before anyone is asked who they are.
    if (!shared || size > MAX_KEPT_FILE_BYTES || !cache.willKeep(generation, size)) return reply.send(createReadStream(path));
    const body = await readFile(path);
    const key = answerKey(request, request.routeOptions.config.url);
    if (key !== undefined) cache.storeAnswer(key, generation, prepareAnswer({ body, etag: undefined, headers: storableHeaders(reply) }));
    return reply.send(body);
  });

  // Deeper paths would otherwise fall through to the app's index page.
  app.get('/files/*', async (_request, reply) => reply.code(404).send(notFound));
};
