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
  `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`;

const column = (value: string) => value.slice(0, 64);

/**
 * Books an attempt before the password is checked, so attempts that arrive at the same
 * time see each other (a check before bcrypt and a record after it would let any number
 * of parallel guesses through). Returns the attempt's id for `assertLoginAllowed`.
 */
export async function recordLoginAttempt(db: Db, uid: string, address: string, nowMs: number): Promise<number> {
  const result = await db
    .insertInto('login_attempts')
    .values({ uid: column(uid), address: column(address), attempted_ms: nowMs })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Drops a booked attempt that was refused before its password was checked. */
export async function forgetLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', attemptId).execute();
}

/** 429 when the attempts booked before this one reach a limit. */
export async function assertLoginAllowed(db: Db, limits: LoginLimits, uid: string, address: string, nowMs: number, attemptId: number) {
  const since = nowMs - limits.windowMs;
  const [byUid, byAddress] = await Promise.all([
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('uid', '=', column(uid))
      .where('attempted_ms', '>', since)
      .where('id', '<', attemptId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('address', '=', column(address))
      .where('attempted_ms', '>', since)
      .where('id', '<', attemptId)
      .executeTakeFirstOrThrow(),
  ]);
  if (Number(byUid.count) >= limits.perUid || Number(byAddress.count) >= limits.perAddress) {
    throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE(Math.ceil(limits.windowMs / 60000)));
  }
}

/** A successful login forgives that shooter number's failures; old rows are pruned. */
export async function clearFailedLogins(db: Db, limits: LoginLimits, uid: string, nowMs: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('uid', '=', column(uid)).execute();
  await db.deleteFrom('login_attempts').where('attempted_ms', '<=', nowMs - limits.windowMs).execute();
}
