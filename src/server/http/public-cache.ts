import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromClubDateTime, toClubDate } from '../../shared/dates.ts';
import type { Clock } from '../services.ts';

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

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

interface Serialized {
  /** UTF-8 bytes, encoded once: every answer sends the same ones. */
  body: Buffer;
  etag: string;
}

/** What is kept of an answer: its bytes and the headers it was sent with. */
export interface AnswerToStore {
  body: Buffer;
  /** As sent, security headers included; `storableHeaders` leaves out cookies and the connection's own. */
  headers: Readonly<Record<string, string>>;
  /** Absent for answers that are cached for good instead of revalidated (stored files). */
  etag: string | undefined;
}

/** A whole answer kept for its address (tRPC reads name procedures and input in the URL). */
export interface StoredAnswer extends AnswerToStore {
  /** For a 304: the same headers without those that describe the body. */
  notModifiedHeaders: Readonly<Record<string, string>>;
  storedAt: number;
  expiresAt: number;
}

/**
 * The club's next midnight after `instant`: "upcoming" lists (roster, appointments) change
 * with the day, so no kept answer outlives it.
 */
function nextClubMidnight(instant: Date): number {
  const [year, month, day] = toClubDate(instant).split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  const midnight = fromClubDateTime(`${next.toISOString().slice(0, 10)} 00:00:00`);
  return midnight ? midnight.getTime() : instant.getTime();
}

/** Addresses are chosen by strangers (any input): only this many whole answers are kept. */
export const MAX_STORED_ANSWERS = 256;
/** And only this many bytes of them: stored files are larger than JSON answers. */
export const MAX_STORED_BYTES = 32 * 1024 * 1024;

/** Headers that describe the body: a 304 has none. */
const BODY_HEADERS = new Set(['content-type', 'content-length', 'content-disposition', 'content-encoding']);

export class PublicCache {
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #areas = new Map<string, Map<string, Entry>>();
  /** Serialized bodies per cached value and view; they go when the value goes. */
  readonly #serialized = new WeakMap<object, Map<string, Serialized>>();
  readonly #answers = new Map<string, StoredAnswer>();
  #storedBytes = 0;
  /** Grows with every write, so an answer computed before a write is never stored after it. */
  #generation = 0;

  constructor(clock: Clock, ttlMs: number = PUBLIC_CACHE_TTL_MS) {
    this.#clock = clock;
    this.#ttlMs = ttlMs;
  }

  /**
   * The cached answer for `key` of `area`, computed when missing or expired. Concurrent
   * readers share one computation. The value is frozen: every reader gets the same object.
   */
  read<T extends object>(area: string, key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.#clock.now().getTime();
    let entries = this.#areas.get(area);
    const cached = entries?.get(key);
    if (cached && cached.expiresAt > now) return cached.value as Promise<T>;

    const value = compute().then(deepFreeze);
    if (!entries) {
      entries = new Map();
      this.#areas.set(area, entries);
    }
    const entry: Entry = { value, expiresAt: now + this.#ttlMs };
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
    this.#storedBytes = 0;
    this.#generation += 1;
  }

  /** Taken when a request starts; `storeAnswer` refuses answers of an older generation. */
  get generation(): number {
    return this.#generation;
  }

  /** The answer kept for this address, while it is fresh. */
  answer(key: string): StoredAnswer | undefined {
    const stored = this.#answers.get(key);
    if (!stored) return undefined;
    const now = this.#clock.now().getTime();
    // A clock set back (tests, a corrected server clock) makes the answer as old as unknown.
    if (now >= stored.storedAt && now < stored.expiresAt) return stored;
    this.#forget(key, stored);
    return undefined;
  }

  /** Keeps an answer computed in `generation` unless a write came since or too many are kept. */
  storeAnswer(key: string, generation: number, answer: AnswerToStore): void {
    if (generation !== this.#generation) return;
    const previous = this.#answers.get(key);
    if (previous) this.#forget(key, previous);
    const size = answer.body.length;
    if (this.#answers.size >= MAX_STORED_ANSWERS || this.#storedBytes + size > MAX_STORED_BYTES) {
      // Full: expired answers make room, so addresses strangers invent block the common
      // ones for one TTL at most, not until the next write.
      const now = this.#clock.now().getTime();
      for (const [storedKey, stored] of this.#answers) if (stored.expiresAt <= now) this.#forget(storedKey, stored);
      if (this.#answers.size >= MAX_STORED_ANSWERS || this.#storedBytes + size > MAX_STORED_BYTES) return;
    }
    const now = this.#clock.now();
    const storedAt = now.getTime();
    const headers = { ...answer.headers, 'content-length': String(size) };
    const notModifiedHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => !BODY_HEADERS.has(name)));
    this.#answers.set(key, {
      body: answer.body,
      etag: answer.etag,
      headers,
      notModifiedHeaders,
      storedAt,
      expiresAt: Math.min(storedAt + this.#ttlMs, nextClubMidnight(now)),
    });
    this.#storedBytes += size;
  }

  #forget(key: string, stored: StoredAnswer): void {
    this.#answers.delete(key);
    this.#storedBytes -= stored.body.length;
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
 * Answers a public REST read from a value of the PublicCache: the stored JSON with its
 * ETag, or 304 when the client already holds it. `view` names the response shape.
 */
export function sendCached<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  value: T,
  view: string,
  toBody: (value: T) => unknown,
): FastifyReply {
  const { body, etag } = request.server.services.publicCache.serialize(value, view, toBody);
  reply.header('ETag', etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
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
 * The root's first hook: an answer kept for the address is written as it is, before the
 * other hooks, the scopes and the handler run. This is what makes a public read cost
 * little more than sending its bytes; a write of any area ends it (see `invalidate`).
 */
export function answerFromMemory(cache: PublicCache) {
  return function fromMemory(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const stored = cache.answer(request.url);
      if (stored) {
        reply.hijack();
        const notModified = stored.etag !== undefined && matchesEtag(request.headers['if-none-match'], stored.etag);
        // A HEAD request gets the headers only: node:http leaves the body out by itself.
        if (notModified) reply.raw.writeHead(304, stored.notModifiedHeaders).end();
        else reply.raw.writeHead(200, stored.headers).end(stored.body);
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

/**
 * Shared reads kept in memory (DESIGN §8): the first GET of an address runs as usual and
 * its answer is kept, so `answerFromMemory` sends the later ones. Every answer carries an
 * ETag, and a browser that already holds it gets 304 without the body, which is what
 * phones save most. Hooks for a scope: `started` on request, `keep` on send.
 */
export function keepSharedReads(cache: PublicCache, isSharedRead: (request: FastifyRequest) => boolean) {
  const generationOf = new WeakMap<FastifyRequest, number>();
  return {
    started: (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
      if (request.method === 'GET' && isSharedRead(request)) generationOf.set(request, cache.generation);
      done();
    },
    keep: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const generation = generationOf.get(request);
      const status = payload instanceof Response ? payload.status : reply.statusCode;
      if (generation === undefined || status !== 200) return payload;
      const body = await bytesOf(payload);
      if (!body) return payload;
      if (payload instanceof Response) payload.headers.forEach((value, name) => void reply.header(name, value));
      if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
      // sendCached (REST) has tagged the answer already; only tRPC's still needs its tag.
      const tagged = reply.getHeader('etag');
      const etag = typeof tagged === 'string' ? tagged : etagOf(body);
      reply.header('ETag', etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
      cache.storeAnswer(request.url, generation, { body, etag, headers: storableHeaders(reply) });
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304).removeHeader('content-type');
        return '';
      }
      reply.code(200);
      return body;
    },
  };
}
