import type { Db, Dialect } from '../db/connection.ts';
import { withNamedLock } from '../db/locks.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The one per-network limiter counted in the database (DESIGN §10): contact form, sign-ups,
 * later check-ins. Each accepted attempt is a row of `network_attempts` written in the same
 * transaction as what it let through, so a refused or failed request counts nothing and
 * every server process on the database sees the same count.
 */
export interface NetworkLimit {
  /** What is counted ('contact', 'signup', …); each kind has its own budget. */
  kind: string;
  /** Accepted attempts per network within the window. */
  perNetwork: number;
  windowMs: number;
}

/** The longest window of any limit; the retention sweep deletes older rows. */
export const NETWORK_ATTEMPTS_KEPT_MS = 24 * 60 * 60_000;

/**
 * A request waits for its network's lock only briefly: waiting holds a database connection,
 * and a flood from one network must not tie up the pool.
 */
const LOCK_WAIT_SECONDS = 2;

export type LimitedRun<T> = { admitted: true; value: T } | { admitted: false };

/**
 * Runs `run` in a transaction when `network` has made fewer than `limit.perNetwork`
 * accepted attempts of the kind within the window, and books this attempt in it. Count and
 * insert run under a lock per kind and network that every process shares (db/locks.ts):
 * requests arriving together would otherwise each count the same earlier attempts. Not
 * admitted: over the limit, or the lock was not had in time (a burst from one network).
 */
export async function withinNetworkLimit<T>(
  services: { db: Db; dialect: Dialect },
  limit: NetworkLimit,
  network: string,
  now: Date,
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<LimitedRun<T>> {
  const counted = network.slice(0, 64);
  const nowMs = now.getTime();
  const locked = await withNamedLock(services.db, services.dialect, `network-limit\n${limit.kind}\n${counted}`, LOCK_WAIT_SECONDS, (db) =>
    db.transaction().execute(async (trx): Promise<LimitedRun<T>> => {
      const recent = await trx
        .selectFrom('network_attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('kind', '=', limit.kind)
        .where('network', '=', counted)
        .where('created_ms', '>', nowMs - limit.windowMs)
        .executeTakeFirstOrThrow();
      if (Number(recent.count) >= limit.perNetwork) return { admitted: false };
      const value = await run(trx);
      await trx.insertInto('network_attempts').values({ kind: limit.kind, network: counted, created_ms: nowMs }).execute();
      return { admitted: true, value };
    }),
  );
  return locked?.value ?? { admitted: false };
}

/** Attempts older than any window count for nothing any more (a rule of the retention sweep). */
export async function pruneNetworkAttempts(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('network_attempts').where('created_ms', '<', now.getTime() - NETWORK_ATTEMPTS_KEPT_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}
