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

/** A whole answer kept for its address (tRPC reads name procedures and input in the URL). */
export interface StoredAnswer {
  body: Buffer;
  etag: string;
  contentType: string;
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

export class PublicCache {
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #areas = new Map<string, Map<string, Entry>>();
  /** Serialized bodies per cached value and view; they go when the value goes. */
  readonly #serialized = new WeakMap<object, Map<string, Serialized>>();
  readonly #answers = new Map<string, StoredAnswer>();
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
    this.#answers.delete(key);
    return undefined;
  }

  /** Keeps an answer computed in `generation` unless a write came since or too many are kept. */
  storeAnswer(key: string, generation: number, answer: Omit<StoredAnswer, 'storedAt' | 'expiresAt'>): void {
    if (generation !== this.#generation) return;
    if (this.#answers.size >= MAX_STORED_ANSWERS && !this.#answers.has(key)) {
      // Full: expired answers make room, so addresses strangers invent block the common
      // ones for one TTL at most, not until the next write.
      const now = this.#clock.now().getTime();
      for (const [stored, answer] of this.#answers) if (answer.expiresAt <= now) this.#answers.delete(stored);
      if (this.#answers.size >= MAX_STORED_ANSWERS) return;
    }
    const now = this.#clock.now();
    const storedAt = now.getTime();
    this.#answers.set(key, { ...answer, storedAt, expiresAt: Math.min(storedAt + this.#ttlMs, nextClubMidnight(now)) });
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

function sendStored(request: FastifyRequest, reply: FastifyReply, answer: Pick<StoredAnswer, 'body' | 'etag' | 'contentType'>): FastifyReply {
  reply.header('ETag', answer.etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.code(200).type(answer.contentType).send(answer.body);
}

/** The bytes of an answer about to be sent, when they are at hand (JSON, text, a web Response). */
async function bytesOf(payload: unknown): Promise<Buffer | undefined> {
  if (Buffer.isBuffer(payload)) return payload;
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Response) return Buffer.from(await payload.arrayBuffer());
  return undefined;
}

/**
 * Shared reads answered from memory (DESIGN §8): the first GET of an address runs as
 * usual and its bytes are kept; later ones get them without running a procedure. Every
 * answer carries an ETag, and a browser that already holds it gets 304 without the body,
 * which is what phones save most. Hooks for a scope: `fromMemory` on request, `keep` on send.
 */
export function answersFromMemory(cache: PublicCache, isSharedRead: (request: FastifyRequest) => boolean) {
  const generationOf = new WeakMap<FastifyRequest, number>();
  return {
    fromMemory: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' || !isSharedRead(request)) return;
      const stored = cache.answer(request.url);
      if (stored) return sendStored(request, reply, stored);
      generationOf.set(request, cache.generation);
    },
    keep: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const generation = generationOf.get(request);
      const status = payload instanceof Response ? payload.status : reply.statusCode;
      if (generation === undefined || status !== 200) return payload;
      const body = await bytesOf(payload);
      if (!body) return payload;
      if (payload instanceof Response) payload.headers.forEach((value, name) => void reply.header(name, value));
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      // sendCached (REST) has tagged the answer already; only tRPC's still needs its tag.
      const tagged = reply.getHeader('etag');
      const answer = { body, etag: typeof tagged === 'string' ? tagged : etagOf(body), contentType };
      cache.storeAnswer(request.url, generation, answer);
      reply.header('ETag', answer.etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
      if (matchesEtag(request.headers['if-none-match'], answer.etag)) {
        reply.code(304).removeHeader('content-type');
        return '';
      }
      reply.code(200);
      return body;
    },
  };
}
