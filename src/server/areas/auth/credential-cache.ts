import { createHash } from 'node:crypto';
import type { Principal } from './principal.ts';

/**
 * How long the member of remembered credentials is taken as the database last showed them.
 * A change made through this instance forgets them at once (`forgetUser`); another
 * instance's change, or an edit of the database by hand, counts within this time. Checking
 * on every request cost a polling program two thirds of each request.
 */
export const RECHECK_MS = 1000;

interface CacheEntry {
  userId: number;
  /** The account password's hash it matched; null for an app password. */
  passwordHash: string | null;
  /** The app password it matched (migration 0014), if it was one. */
  appPasswordId?: number;
  expiresMs: number;
  /** The member as the database showed them at the last look (`confirm`). */
  checked?: { principal: Principal; atMs: number };
}

/**
 * Remembers verified Basic credentials while a REST consumer keeps using them (each use
 * renews the lifetime; unused ones go after it), so bcrypt does not run on every request.
 * An entry is only a shortcut past bcrypt: at most RECHECK_MS after the last look, the
 * caller loads the user again and compares the stored hash, so a changed password or a
 * deleted user fails then; `forgetUser` drops entries at once when groups or passwords
 * change, an app password is revoked, the second factor is switched on or off, or the
 * member is deleted.
 */
export class CredentialCache {
  readonly #entries = new Map<string, CacheEntry>();
  /** Checks under way, by credentials and client (`checkOnce`). */
  readonly #checking = new Map<string, Promise<unknown>>();
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
    // A program polling every few seconds would otherwise pay bcrypt again every lifetime,
    // and all its requests under way would wait for it.
    entry.expiresMs = nowMs + this.#ttlMs;
    return entry;
  }

  /**
   * Runs `check` once for requests that present the same credentials from the same client
   * at the same time (a program's first burst of parallel requests): they share its
   * outcome instead of each booking an attempt and running bcrypt. `key` names the
   * credentials and the client, so a request from elsewhere is checked and counted itself.
   */
  checkOnce<T>(key: string, check: () => Promise<T>): Promise<T> {
    const running = this.#checking.get(key);
    if (running) return running as Promise<T>;
    const checked = check().finally(() => this.#checking.delete(key));
    this.#checking.set(key, checked);
    return checked;
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

  /** The member as the database shows them now; taken as they are for RECHECK_MS. */
  confirm(key: string, principal: Principal, nowMs: number): Principal {
    const entry = this.#entries.get(key);
    if (entry) entry.checked = { principal, atMs: nowMs };
    return principal;
  }

  /** The member of a remembered entry while the last look into the database is recent (a clock set back counts as stale). */
  recentPrincipal(entry: CacheEntry, nowMs: number): Principal | undefined {
    const { checked } = entry;
    if (!checked || nowMs < checked.atMs || nowMs - checked.atMs >= RECHECK_MS) return undefined;
    return checked.principal;
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
