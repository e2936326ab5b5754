import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

export interface LoginLimits {
  /** Failed logins per shooter number within the window before 429. */
  perUid: number;
  /** Failed logins per address within the window before 429. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUid: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

export const TOO_MANY_ATTEMPTS_MESSAGE = (minutes: number) =>
  `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${minutes} Minuten erneut.`;

export async function assertLoginAllowed(db: Db, limits: LoginLimits, uid: string, address: string, nowMs: number) {
  const since = nowMs - limits.windowMs;
  const [byUid, byAddress] = await Promise.all([
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('uid', '=', uid)
      .where('attempted_ms', '>', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('address', '=', address)
      .where('attempted_ms', '>', since)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(byUid.count) >= limits.perUid || Number(byAddress.count) >= limits.perAddress) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE(Math.ceil(limits.windowMs / 60000)));
  }
}

export async function recordFailedLogin(db: Db, uid: string, address: string, nowMs: number): Promise<void> {
  await db
    .insertInto('login_attempts')
    .values({ uid: uid.slice(0, 64), address: address.slice(0, 64), attempted_ms: nowMs })
    .execute();
}

/** A successful login forgives that shooter number's failures; old rows are pruned. */
export async function clearFailedLogins(db: Db, limits: LoginLimits, uid: string, nowMs: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('uid', '=', uid).execute();
  await db.deleteFrom('login_attempts').where('attempted_ms', '<=', nowMs - limits.windowMs).execute();
}
