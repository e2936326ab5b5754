import { finished } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { AppError, MESSAGES } from '../errors.ts';
import type { UploadKind } from './kinds.ts';
import { sanitizeFilename, type ReceivedFile, type Storage } from './storage.ts';

/** Text fields of an upload form are short (names, urls, 0/1); a longer one is cut and then refused by its schema. */
const FIELD_SIZE = 4096;

/**
 * A POST route that takes files (multipart/form-data), in a scope of its own with the
 * multipart parser: only these routes read multipart bodies (the tRPC scope never does,
 * DESIGN §3), and no other request pays for the parser's hooks. File size limits are set
 * per route by readUploadForm; a full file is reported through `truncated` so that the
 * answer can name the kind's limit.
 */
export async function uploadRoute(app: FastifyInstance, url: string, handler: RouteHandlerMethod): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { files: 1, fields: 10, fieldSize: FIELD_SIZE, parts: 12, headerPairs: 20 },
    });
    scope.post(url, handler);
  });
}

export interface UploadFormSpec {
  kind: UploadKind;
  /** The field that carries the file ('file', 'logo'), or the fields ('files[]', 'files'). */
  fileField: string | readonly string[];
  /** The text fields the procedure takes; others are ignored. */
  fields: readonly string[];
  /**
   * The route's permission procedure, asked before a byte of the body is read: a member
   * without the permission gets the 403 at once, however long the body would take.
   */
  permission(): Promise<unknown>;
  /**
   * Runs when a file starts, with the fields sent before it: checks that depend on those
   * fields (album, section) happen before a byte of the file is written.
   */
  beforeFile?(fields: Readonly<Record<string, string>>): Promise<unknown>;
  /** Files one request may carry (default 1: further parts of the field are skipped; more: more refuse the request). */
  maxFiles?: number;
  /**
   * A file its kind refuses (type, size, unreadable) is reported in `failed` and the others
   * are still received, instead of refusing the whole request.
   */
  keepGoing?: boolean;
  /** The 413 message for more than maxFiles files. */
  tooManyFiles?: string;
}

/** A file of a several-file upload that its kind refused; the request went on without it. */
export interface FailedUpload {
  /** The uploader's file name (sanitised). */
  name: string;
  error: AppError;
}

export interface UploadForm {
  fields: Record<string, string>;
  /** The first (with maxFiles 1: the only) received file. */
  file: ReceivedFile | undefined;
  files: ReceivedFile[];
  failed: FailedUpload[];
}

/** A file part as it came, in the order of the body: received, or refused with the reason. */
type Arrival = { name: string; file: ReceivedFile; error?: undefined } | { name: string; file?: undefined; error: AppError };

/**
 * Reads an upload form in whatever order its parts come: permission first, then fields
 * are collected and each file is streamed into a temporary file by the storage, one after
 * the other. Only once the whole body is in and within its limits are the files
 * re-encoded (logos, gallery images): a request over the file limit is refused before
 * any image work. On any failure nothing stays behind; on success the caller owns `files`
 * and must discard those it did not place.
 */
export async function readUploadForm(request: FastifyRequest, storage: Storage, spec: UploadFormSpec): Promise<UploadForm> {
  await spec.permission();
  const fields = new Map<string, string>();
  const fileFields: readonly string[] = typeof spec.fileField === 'string' ? [spec.fileField] : spec.fileField;
  const maxFiles = spec.maxFiles ?? 1;
  if (!request.isMultipart()) {
    // A JSON or empty body has no file; the procedure answers with its German 422.
    const body = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
    for (const name of spec.fields) {
      const value = Object.hasOwn(body, name) ? body[name] : undefined;
      if (typeof value === 'string') fields.set(name, value);
    }
    return { fields: Object.fromEntries(fields), file: undefined, files: [], failed: [] };
  }
  const parts = request.parts({
    limits: {
      fileSize: storage.limits[spec.kind],
      files: maxFiles,
      fields: spec.fields.length + 4,
      parts: spec.fields.length + maxFiles + 4,
      fieldSize: FIELD_SIZE,
    },
  });
  const arrivals: Arrival[] = [];
  const received = () => arrivals.flatMap((arrival) => (arrival.file ? [arrival.file] : []));
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (spec.fields.includes(part.fieldname) && !fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (!fileFields.includes(part.fieldname) || (maxFiles === 1 && arrivals.length > 0)) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      await spec.beforeFile?.(Object.fromEntries(fields));
      try {
        arrivals.push({ name: sanitizeFilename(part.filename), file: await storage.receive(part, spec.kind) });
      } catch (error) {
        if (!spec.keepGoing || !isRefusedFile(error)) throw error;
        // An empty part without a name is an input with nothing chosen, not a refused file.
        if (part.filename) arrivals.push({ name: sanitizeFilename(part.filename), error });
      }
    }
  } catch (error) {
    for (const file of received()) await storage.discard(file);
    if (error instanceof Error && 'code' in error && error.code === 'FST_FILES_LIMIT' && spec.tooManyFiles) {
      throw new AppError('PAYLOAD_TOO_LARGE', spec.tooManyFiles);
    }
    throw isMalformedMultipart(error) ? new AppError('BAD_REQUEST', MESSAGES.badRequest) : error;
  }
  await reencodeAll(storage, arrivals, spec.keepGoing === true);
  const files = received();
  const failed = arrivals.flatMap((arrival) => (arrival.error ? [{ name: arrival.name, error: arrival.error }] : []));
  return { fields: Object.fromEntries(fields), file: files[0], files, failed };
}

/**
 * Re-encodes the received files in place, one after the other (each waits in the image
 * queue). A file refused now counts as refused on arrival; anything else discards them all.
 */
async function reencodeAll(storage: Storage, arrivals: Arrival[], keepGoing: boolean): Promise<void> {
  for (const [index, arrival] of arrivals.entries()) {
    if (!arrival.file) continue;
    try {
      arrivals[index] = { name: arrival.name, file: await storage.reencode(arrival.file) };
    } catch (error) {
      // The file is gone already (reencode removes it whatever happens).
      if (keepGoing && isRefusedFile(error)) {
        arrivals[index] = { name: arrival.name, error };
        continue;
      }
      for (const other of arrivals) if (other !== arrival && other.file) await storage.discard(other.file);
      throw error;
    }
  }
}

/** What a kind refuses about one file (type, size, content); anything else ends the request. */
function isRefusedFile(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'UNPROCESSABLE_CONTENT' || error.code === 'PAYLOAD_TOO_LARGE');
}

/** busboy's errors for a body that is not the multipart it claims to be: the client's fault, not ours. */
function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || error instanceof AppError || 'code' in error) return false;
  return /^(Multipart: |Unexpected end of multipart data|Boundary required|The needle )|terminated early/.test(error.message);
}

export const TOO_MANY_FILES = (max: number) => `Es können höchstens ${max} Dateien auf einmal hochgeladen werden.`;
