import { createHash } from 'node:crypto';

interface CacheEntry {
  userId: number;
  passwordHash: string;
  expiresMs: number;
}

/**
 * Remembers verified Basic credentials for a short time so bcrypt does not run on every
 * request of a REST consumer. An entry is only a shortcut past bcrypt: the caller still
 * loads the user and compares the stored hash, so a changed password or a deleted user
 * fails at once; `forgetUser` drops entries early when groups or passwords change.
 */
export class CredentialCache {
  readonly #entries = new Map<string, CacheEntry>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;

  constructor(ttlMs = 60_000, maxEntries = 1000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  static keyOf(uid: string, password: string): string {
    return createHash('sha256').update(`${uid}\u0000${password}`).digest('hex');
  }

  get(key: string, nowMs: number): CacheEntry | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresMs <= nowMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, userId: number, passwordHash: string, nowMs: number): void {
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { userId, passwordHash, expiresMs: nowMs + this.#ttlMs });
  }

  forgetUser(userId: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
