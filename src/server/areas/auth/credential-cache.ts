import { createHash } from 'node:crypto';

interface CacheEntry {
  userId: number;
  /** The account password's hash it matched; null for an app password. */
  passwordHash: string | null;
  /** The app password it matched (migration 0014), if it was one. */
  appPasswordId?: number;
  expiresMs: number;
}

/**
 * Remembers verified Basic credentials for a short time so bcrypt does not run on every
 * request of a REST consumer. An entry is only a shortcut past bcrypt: the caller still
 * loads the user and compares the stored hash, so a changed password or a deleted user
 * fails at once; `forgetUser` drops entries early when groups or passwords change, an app
 * password is revoked or the second factor is switched on.
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

  set(key: string, userId: number, passwordHash: string | null, nowMs: number, appPasswordId?: number): void {
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    const entry: CacheEntry = { userId, passwordHash, expiresMs: nowMs + this.#ttlMs };
    if (appPasswordId !== undefined) entry.appPasswordId = appPasswordId;
    this.#entries.set(key, entry);
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
