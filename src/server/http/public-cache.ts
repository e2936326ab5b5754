import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fromClubDateTime, toClubDate } from '../../shared/dates.ts';
import type { Clock } from '../services.ts';
import { chooseEncoding, compressedCopies, ENCODINGS, type ContentEncoding } from './encoding.ts';

/**
 * What decides a shared read's answer, as a key, given the matched route's path: undefined
 * when this request's form of the answer is not kept (and so never answered from memory).
 */
export type AnswerKey = (request: FastifyRequest, route: string) => string | undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by a shared read's route: where its answer is kept (`routeAnswerKey`). */
    answerKey?: AnswerKey;
  }
  interface FastifyRequest {
    /** Set by the scope when the request is a shared read (`keepSharedReads`). */
    sharedRead: SharedRead | null;
    /** Set by `answerFromMemory` when it wrote a kept answer: the request writes no log line (`RequestLog`). */
    answeredFromMemory: boolean;
  }
}

/**
 * Cached public reads (DESIGN §8). Public pages read the same few answers over and over;
 * each is computed once and kept until a write of its area drops it. Other instances on
 * the same database cannot tell this one about their writes, so no entry outlives the TTL.
 */

/** With several instances on one database, a visitor sees another instance's change within this time. */
export const PUBLIC_CACHE_TTL_MS = 10_000;

/**
 * Lets a reverse proxy or CDN keep the answer but ask again every time; the ETag makes
 * that question cheap (304 without a body).
 */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** For an answer only its member may see: the browser keeps it but asks again (the ETag makes that cheap), no shared cache keeps it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** The JSON content type of every serialized value. */
const JSON_TYPE = 'application/json; charset=utf-8';

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

interface Serialized {
  /** UTF-8 bytes, encoded once: every answer sends the same ones. */
  body: Buffer;
  etag: string;
  /** With compressed copies, made once on the first request that is not kept whole (`sendCached`). */
  compressed?: Promise<PreparedAnswer>;
}

/** What is kept of an answer: its bytes and the headers it was sent with. */
export interface AnswerToStore {
  body: Buffer;
  /** As sent, security headers included; `storableHeaders` leaves out cookies and the connection's own. */
  headers: Readonly<Record<string, string>>;
  /** Absent for answers that are cached for good instead of revalidated (stored files). */
  etag: string | undefined;
  /** Compressed copies of the body (encoding.ts) for clients that take them. */
  encoded?: Partial<Record<ContentEncoding, Buffer>>;
}

/** One form of an answer, ready to be written as it is. */
export interface AnswerVariant {
  body: Buffer;
  /** Each form has its own tag: a cache must not take one form's bytes for another's. */
  etag: string | undefined;
  headers: Readonly<Record<string, string>>;
  /** For a 304: the same headers without those that describe the body. */
  notModifiedHeaders: Readonly<Record<string, string>>;
}

/** An answer in every form it is sent in. */
export interface PreparedAnswer {
  identity: AnswerVariant;
  encoded: Partial<Record<ContentEncoding, AnswerVariant>>;
  /** All forms together, counted against MAX_STORED_BYTES. */
  bytes: number;
}

/** A whole answer kept for its address (tRPC reads name procedures and input in the URL). */
export interface StoredAnswer extends PreparedAnswer {
  storedAt: number;
  expiresAt: number;
  /** Kept under its route alone (a page or list without inputs): at most one per route, never pushed out by answers with inputs. */
  byRouteAlone: boolean;
}

/**
 * The club's next midnight after `instant`: "upcoming" lists (roster, appointments) change
 * with the day, so no kept answer outlives it.
 */
export function nextClubMidnight(instant: Date): number {
  const [year, month, day] = toClubDate(instant).split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const midnight = fromClubDateTime(`${next.toISOString().slice(0, 10)} 00:00:00`);
  return midnight ? midnight.getTime() : instant.getTime();
}

/**
 * Inputs are chosen by strangers: only this many whole answers with inputs are kept, the
 * least recently used go first. Answers kept under their route alone (SPEC §2's pages, the
 * lists under /api/public) are not counted: there is one per route at most, so no number of
 * addresses with inputs can push out /home.
 */
export const MAX_STORED_ANSWERS = 256;
/** And only this many bytes of them: stored files are larger than JSON answers. */
export const MAX_STORED_BYTES = 32 * 1024 * 1024;
/** A larger answer (its plain bytes) is sent but not kept: one answer never pushes out most of the others. */
export const MAX_KEPT_ANSWER_BYTES = MAX_STORED_BYTES / 4;

/** Headers that describe the body: a 304 has none. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-disposition', 'content-encoding']);

function variantOf(body: Buffer, headers: Readonly<Record<string, string>>, etag: string | undefined, encoding?: ContentEncoding): AnswerVariant {
  const tag = etag && encoding ? `${etag.slice(0, -1)}-${encoding}"` : etag;
  const all: Record<string, string> = { ...headers, 'content-length': String(body.length) };
  if (encoding) all['content-encoding'] = encoding;
  if (tag) all.etag = tag;
  const notModifiedHeaders = Object.fromEntries(Object.entries(all).filter(([name]) => !BODY_HEADERS.has(name)));
  return { body, etag: tag, headers: all, notModifiedHeaders };
}

/** The answer in every form it is sent in, with the headers of each made once. */
export function prepareAnswer(answer: AnswerToStore): PreparedAnswer {
  const encodings = ENCODINGS.filter((encoding) => answer.encoded?.[encoding] !== undefined);
  const headers =
    encodings.length === 0 ? answer.headers : { ...answer.headers, vary: [answer.headers.vary, 'accept-encoding'].filter(Boolean).join(', ') };
  const identity = variantOf(answer.body, headers, answer.etag);
  const encoded: Partial<Record<ContentEncoding, AnswerVariant>> = {};
  let bytes = answer.body.length;
  for (const encoding of encodings) {
    const body = answer.encoded![encoding]!;
    encoded[encoding] = variantOf(body, headers, answer.etag, encoding);
    bytes += body.length;
  }
  return { identity, encoded, bytes };
}

/** The form of an answer for the request's Accept-Encoding. */
export function variantFor(answer: PreparedAnswer, acceptEncoding: string | undefined): AnswerVariant {
  const encoding = chooseEncoding(acceptEncoding, answer.encoded);
  return (encoding && answer.encoded[encoding]) || answer.identity;
}

/** What the memory of whole answers holds and how often it answered; for tests and the log. */
export interface AnswerStats {
  /** Requests answered from memory since the start. */
  hits: number;
  /** All kept answers, those under their route alone included. */
  answers: number;
  bytes: number;
}

/**
 * A shared read being answered (DESIGN §8): where its answer will be kept, and the earliest
 * expiry of the cached values it is built from, which the kept answer must not outlive.
 */
export class SharedRead {
  /** Undefined: this request's form is not kept (a HEAD, tRPC's JSON lines, a spelling that is not canonical). */
  readonly key: string | undefined;
  /** The key is the route alone: the answer goes to the part of the memory that inputs cannot fill. */
  readonly byRouteAlone: boolean;
  /** Taken when the request starts; a write since keeps the answer from being kept. */
  readonly generation: number;
  readonly #cache: PublicCache;
  #notAfter = Number.POSITIVE_INFINITY;

  constructor(cache: PublicCache, key: string | undefined, byRouteAlone: boolean, generation: number) {
    this.#cache = cache;
    this.key = key;
    this.byRouteAlone = byRouteAlone;
    this.generation = generation;
  }

  /** Names a value of `PublicCache.read` the answer is built from. */
  builtFrom(value: unknown): void {
    const expiresAt = this.#cache.expiryOf(value);
    if (expiresAt !== undefined && expiresAt < this.#notAfter) this.#notAfter = expiresAt;
  }

  /** The answer is another read's (a page rendered once for several visitors): it expires no later than that one. */
  expiresNoLaterThan(time: number): void {
    if (time < this.#notAfter) this.#notAfter = time;
  }

  get notAfter(): number {
    return this.#notAfter;
  }
}

export class PublicCache {
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #areas = new Map<string, Map<string, Entry>>();
  /** Serialized bodies per cached value and view; they go when the value goes. */
  readonly #serialized = new WeakMap<object, Map<string, Serialized>>();
  /** When each value handed out by `read` expires: an answer built from it expires no later. */
  readonly #expiryOf = new WeakMap<object, number>();
  /** In order of use, the least recently used first (a Map keeps the order of insertion). */
  readonly #answers = new Map<string, StoredAnswer>();
  /** How many of them have inputs in their key: MAX_STORED_ANSWERS bounds these. */
  #answersWithInputs = 0;
  #storedBytes = 0;
  #hits = 0;
  /** Grows with every write, so an answer computed before a write is never stored after it. */
  #generation = 0;

  constructor(clock: Clock, ttlMs: number = PUBLIC_CACHE_TTL_MS) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  /**
   * The cached answer for `key` of `area`, computed when missing or expired. Concurrent
   * readers share one computation. The value is frozen: every reader gets the same object.
   * `until` may name an earlier expiry once the value is computed (the next scheduled
   * article, issue 27): neither the value nor an answer built from it outlives it.
   */
  read<T extends object>(area: string, key: string, compute: () => Promise<T>, until?: (value: T) => number | undefined): Promise<T> {
    const now = this.#clock.now().getTime();
    let entries = this.#areas.get(area);
    const cached = entries?.get(key);
    if (cached && cached.expiresAt > now) return cached.value as Promise<T>;

    const entry: Entry = { value: Promise.resolve(), expiresAt: now + this.#ttlMs };
    const value = compute().then((computed) => {
      deepFreeze(computed);
      const limit = until?.(computed);
      if (limit !== undefined && limit < entry.expiresAt) entry.expiresAt = limit;
      const { expiresAt } = entry;
      // Computing an area value again may return an object handed out before (a constant).
      this.#expiryOf.set(computed, Math.min(expiresAt, this.#expiryOf.get(computed) ?? expiresAt));
      return computed;
    });
    entry.value = value;
    if (!entries) {
      entries = new Map();
      this.#areas.set(area, entries);
    }
    // Stored at once, so concurrent readers share the computation. A write during it drops
    // the whole area map with this entry, so a possibly older answer reaches only readers
    // that asked before the write.
    entries.set(key, entry);
    value.catch(() => {
      // Failures are not cached: the next reader tries again.
      if (this.#areas.get(area)?.get(key) === entry) this.#areas.get(area)?.delete(key);
    });
    return value;
  }

  /** Drops every answer of the area; called after a write of it has been committed. */
  invalidate(area: string): void {
    this.#areas.delete(area);
    // A whole answer may combine reads of several areas.
    this.#answers.clear();
    this.#answersWithInputs = 0;
    this.#storedBytes = 0;
    this.#generation += 1;
  }

  /** Taken when a request starts; `storeAnswer` refuses answers of an older generation. */
  get generation(): number {
    return this.#generation;
  }

  /** When a value handed out by `read` expires; undefined for any other value. */
  expiryOf(value: unknown): number | undefined {
    return typeof value === 'object' && value !== null ? this.#expiryOf.get(value) : undefined;
  }

  /**
   * Taken by a shared read when it starts: collects what its answer is built from. A key
   * that is the matched `route` itself goes to the part of the memory inputs cannot fill.
   */
  startSharedRead(key: string | undefined, route?: string): SharedRead {
    return new SharedRead(this, key, key !== undefined && key === route, this.#generation);
  }

  /** The answer kept under this key, while it is fresh. */
  answer(key: string): StoredAnswer | undefined {
    const stored = this.#answers.get(key);
    if (!stored) return undefined;
    const now = this.#clock.now().getTime();
    // A clock set back (tests, a corrected server clock) makes the answer as old as unknown.
    if (now >= stored.storedAt && now < stored.expiresAt) {
      // The most recently used goes last, so a flood of other keys pushes out the rarely asked
      // first; an answer under its route alone is never pushed out, its place does not matter.
      if (!stored.byRouteAlone) {
        this.#answers.delete(key);
        this.#answers.set(key, stored);
      }
      this.#hits += 1;
      return stored;
    }
    this.#forget(key, stored);
    return undefined;
  }

  /**
   * Whether an answer of this many bytes, computed in `generation`, would be kept: asked
   * before its compressed copies are made, so an answer that is not kept costs no compression.
   */
  willKeep(generation: number, bytes: number): boolean {
    return generation === this.#generation && bytes <= MAX_KEPT_ANSWER_BYTES;
  }

  /**
   * Keeps an answer computed in `generation` unless a write came since, until `notAfter`
   * (the values it was built from expire) at the latest; the least recently used answers
   * with inputs make room. `byRouteAlone`: the key is the route itself (`SharedRead`), such
   * an answer is never pushed out by others.
   */
  storeAnswer(key: string, generation: number, answer: PreparedAnswer, notAfter: number = Number.POSITIVE_INFINITY, byRouteAlone = false): void {
    if (!this.willKeep(generation, answer.identity.body.length)) return;
    const previous = this.#answers.get(key);
    if (previous) this.#forget(key, previous);
    const now = this.#clock.now();
    const storedAt = now.getTime();
    const expiresAt = Math.min(storedAt + this.#ttlMs, nextClubMidnight(now), notAfter);
    if (expiresAt <= storedAt) return;
    this.#answers.set(key, { ...answer, storedAt, expiresAt, byRouteAlone });
    this.#storedBytes += answer.bytes;
    if (!byRouteAlone) this.#answersWithInputs += 1;
    for (const [oldestKey, oldest] of this.#answers) {
      if (this.#answersWithInputs <= MAX_STORED_ANSWERS && this.#storedBytes <= MAX_STORED_BYTES) break;
      // The routes' own answers are few and bounded by the routes; only answers with inputs make room.
      if (!oldest.byRouteAlone) this.#forget(oldestKey, oldest);
    }
  }

  get stats(): AnswerStats {
    return { hits: this.#hits, answers: this.#answers.size, bytes: this.#storedBytes };
  }

  #forget(key: string, stored: StoredAnswer): void {
    this.#answers.delete(key);
    this.#storedBytes -= stored.bytes;
    if (!stored.byRouteAlone) this.#answersWithInputs -= 1;
  }

  /**
   * A cached value in one response shape as an answer with brotli and gzip copies, each
   * made once per value: requests that are not kept whole (an authenticated read, a
   * program's Basic call) send these bytes instead of serializing and compressing again.
   */
  compressedAnswer(value: object, view: string, toBody: (value: never) => unknown): Promise<PreparedAnswer> {
    const serialized = this.serialize(value, view, toBody);
    serialized.compressed ??= compressedCopies(serialized.body, JSON_TYPE).then((encoded) =>
      prepareAnswer({ body: serialized.body, etag: serialized.etag, headers: { 'content-type': JSON_TYPE }, encoded }),
    );
    return serialized.compressed;
  }

  /** The JSON body and ETag of a cached value in one response shape, serialized once per value. */
  serialize(value: object, view: string, toBody: (value: never) => unknown): Serialized {
    let views = this.#serialized.get(value);
    if (!views) {
      views = new Map();
      this.#serialized.set(value, views);
    }
    let serialized = views.get(view);
    if (!serialized) {
      const body = Buffer.from(JSON.stringify(toBody(value as never)), 'utf8');
      // From the content: an instance that recomputes the same answer gives the same ETag.
      serialized = { body, etag: etagOf(body) };
      views.set(view, serialized);
    }
    return serialized;
  }
}

/** A strong ETag from the bytes of an answer: the same answer gives the same tag on every instance. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Whether If-None-Match names this ETag (or any). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * Answers a REST read from a value of the PublicCache: the stored JSON with its ETag, or
 * 304 when the client already holds it. `view` names the response shape. A shared read
 * sends the plain bytes, since keepSharedReads keeps (and compresses) its whole answer;
 * any other read of a kept value (`cacheControl` private after a permission check) sends
 * the form its Accept-Encoding takes, made once for the value. A value that is not kept
 * is serialized for this request alone and sent as it is.
 */
export async function sendCached<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  value: T,
  view: string,
  toBody: (value: T) => unknown,
  cacheControl: string = PUBLIC_CACHE_CONTROL,
): Promise<FastifyReply> {
  const cache = request.server.services.publicCache;
  let variant: AnswerVariant;
  if (request.sharedRead === null && cache.expiryOf(value) !== undefined) {
    variant = variantFor(await cache.compressedAnswer(value, view, toBody), request.headers['accept-encoding']);
  } else {
    const { body, etag } = cache.serialize(value, view, toBody);
    variant = variantOf(body, { 'content-type': JSON_TYPE }, etag);
  }
  reply.header('Cache-Control', cacheControl);
  if (variant.etag !== undefined && matchesEtag(request.headers['if-none-match'], variant.etag)) {
    return reply.code(304).headers(variant.notModifiedHeaders).send();
  }
  return reply.headers(variant.headers).send(variant.body);
}

/** Headers an answer is kept with: what a shared HTTP cache keeps, never a cookie. */
const UNSTORED_HEADERS = new Set(['set-cookie', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The headers set on the reply so far, as they may be sent again to anybody. */
export function storableHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || UNSTORED_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * Writes the form of a prepared answer the request takes straight to the socket (304 when
 * the client holds it); a HEAD request gets the headers only, node:http leaves out the body.
 */
export function writeAnswer(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): void {
  reply.hijack();
  const variant = variantFor(answer, request.headers['accept-encoding']);
  if (variant.etag !== undefined && matchesEtag(request.headers['if-none-match'], variant.etag)) {
    reply.raw.writeHead(304, variant.notModifiedHeaders).end();
  } else {
    reply.raw.writeHead(200, variant.headers).end(variant.body);
  }
}

/**
 * The key of a validated input: the schema's output as JSON, in the schema's order of
 * fields, numbers as numbers, unknown fields dropped or refused as the schema says. `?id=01`
 * and `?id=1`, or fields in another order, make one key. No input reads like an empty one:
 * every shared read's input is an optional object. Undefined when the schema refuses the
 * input, whose answer is an error and never kept.
 */
export function canonicalInput(schema: z.ZodType, input: unknown): string | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? JSON.stringify(parsed.data ?? {}) : undefined;
}

/** The query parameters a REST read takes: its input's fields. */
export type QueryInput = z.ZodObject | z.ZodOptional<z.ZodObject>;

/**
 * The key of a route's kept answer: the matched route alone, or with its path parameters and
 * the query its handler reads, as validated by `query` (the procedure's input schema: the
 * same values give the same key however they are spelled, `canonicalInput`). Fastify
 * matches every spelling of a path (case, doubled slashes, percent-encoding) to one route,
 * and other query parameters change nothing, so neither makes a new key that strangers
 * could fill the memory with.
 */
export function routeAnswerKey(query?: QueryInput): AnswerKey {
  const names = query ? Object.keys((query instanceof z.ZodOptional ? query.unwrap() : query).shape) : [];
  // Asked without a query most of the time: that input is validated once.
  const noInput = query ? canonicalInput(query, {}) : undefined;
  return (request, route) => {
    const params = request.params as Record<string, string>;
    // The common case costs nothing: no parameters, no query read, the route alone.
    const path = Object.keys(params).length === 0 ? route : JSON.stringify([route, params]);
    if (!query) return path;
    const given = request.query as Record<string, unknown>;
    let read: Record<string, unknown> | undefined;
    for (const name of names) if (given[name] !== undefined) (read ??= {})[name] = given[name];
    const input = read ? canonicalInput(query, read) : noInput;
    return input === undefined ? undefined : `${path}\n${input}`;
  };
}

/** Route options of a REST shared read that reads the query parameters of `query` (see `routeAnswerKey`). */
export function sharedReadRoute(query?: QueryInput): { config: { answerKey: AnswerKey } } {
  return { config: { answerKey: routeAnswerKey(query) } };
}

/**
 * The root's first hook: an answer kept for the request's route and inputs is written as
 * it is, before the other hooks, the scopes and the handler run. This is what makes a
 * public read cost little more than sending its bytes; a write of any area ends it (see
 * `invalidate`). Routes without an `answerKey` cost one property read. A request answered
 * here writes no line to the process log (`RequestLog`, http/request-log.ts).
 */
export function answerFromMemory(cache: PublicCache) {
  return function fromMemory(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const { config } = request.routeOptions;
    const { method } = request;
    if (config.answerKey !== undefined && (method === 'GET' || method === 'HEAD')) {
      const key = config.answerKey(request, config.url);
      const stored = key === undefined ? undefined : cache.answer(key);
      if (stored) {
        request.answeredFromMemory = true;
        writeAnswer(request, reply, stored);
        return done();
      }
    }
    done();
  };
}

/** The bytes of an answer about to be sent, when they are at hand (JSON, text, a web Response). */
async function bytesOf(payload: unknown): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Response) return Buffer.from(await payload.arrayBuffer());
  return undefined;
}

/** How a web Response was framed: the bytes taken out of it are sent with their own length instead. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

/**
 * The safety net under "a shared read sets no cookie": an answer that sets one is never
 * marked for shared caches (a proxy would hand the session to others) and never kept.
 */
function neverShareCookies(reply: FastifyReply): boolean {
  if (!reply.hasHeader('set-cookie')) return false;
  const control = reply.getHeader('cache-control');
  if (typeof control === 'string' && /\bpublic\b/i.test(control)) reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
  return true;
}

/**
 * Shared reads kept in memory (DESIGN §8): the first GET of a route and its inputs runs as
 * usual and its answer is kept, so `answerFromMemory` sends the later ones. Every answer
 * carries an ETag, and a browser that already holds it gets 304 without the body, which is
 * what phones save most. Hooks for a scope: `started` on request, `keep` on send.
 * A shared read answers everybody alike, so it is answered without asking who is asking
 * (context.ts): it never renews a session nor sets a cookie.
 */
export function keepSharedReads(cache: PublicCache, isSharedRead: (request: FastifyRequest) => boolean) {
  return {
    started: (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
      if ((request.method === 'GET' || request.method === 'HEAD') && isSharedRead(request)) {
        // A HEAD has no body to keep; it is answered from a GET's kept answer.
        const { config } = request.routeOptions;
        const key = request.method === 'GET' ? config.answerKey?.(request, config.url) : undefined;
        request.sharedRead = cache.startSharedRead(key, config.url);
      }
      done();
    },
    keep: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (neverShareCookies(reply)) return payload;
      const read = request.sharedRead;
      const status = payload instanceof Response ? payload.status : reply.statusCode;
      if (read?.key === undefined || status !== 200) return payload;
      const body = await bytesOf(payload);
      if (!body) return payload;
      if (payload instanceof Response) {
        payload.headers.forEach((value, name) => {
          if (!FRAMING_HEADERS.has(name)) reply.header(name, value);
        });
      }
      if (!reply.hasHeader('content-type')) reply.type(JSON_TYPE);
      // sendCached (REST) has tagged the answer already; only tRPC's still needs its tag.
      const tagged = reply.getHeader('etag');
      reply.header('ETag', typeof tagged === 'string' ? tagged : etagOf(body)).header('Cache-Control', PUBLIC_CACHE_CONTROL);
      const headers = storableHeaders(reply);
      // Decided first: an answer that is not kept (a write came, too large) is not compressed.
      const kept = cache.willKeep(read.generation, body.length);
      const encoded = kept ? await compressedCopies(body, headers['content-type'] ?? '') : undefined;
      const answer = prepareAnswer({ body, etag: headers.etag, headers, encoded });
      if (kept) cache.storeAnswer(read.key, read.generation, answer, read.notAfter, read.byRouteAlone);
      // This request gets what the later ones will get from memory.
      const variant = variantFor(answer, request.headers['accept-encoding']);
      if (variant.etag !== undefined && matchesEtag(request.headers['if-none-match'], variant.etag)) {
        for (const name of BODY_HEADERS) reply.removeHeader(name);
        reply.code(304).headers(variant.notModifiedHeaders);
        return '';
      }
      reply.code(200).headers(variant.headers);
      return variant.body;
    },
  };
}
