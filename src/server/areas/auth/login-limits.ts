import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

/**
 * Failed logins allowed within the window before 429. A shooter number is locked only for
 * the addresses it failed from, so nobody can lock a member out by guessing wrong on purpose;
 * the much higher limit per shooter number stops guessing spread over many addresses.
 */
export interface LoginLimits {
  /** Failed logins per shooter number from one address. */
  perUidAndAddress: number;
  /** Failed logins per address, whatever the shooter number. */
  perAddress: number;
  /** Failed logins per shooter number from all addresses together. */
  perUid: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUidAndAddress: 5, perAddress: 20, perUid: 100, windowMs: 15 * 60 * 1000 };

export const TOO_MANY_ATTEMPTS_MESSAGE = (minutes: number) =>
  `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`;

export function tooManyAttempts(limits: LoginLimits): AppError {
  return new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE(Math.ceil(limits.windowMs / 60000)));
}

/** Which limit refused a login, broadest first. */
export type ExceededLoginLimit = 'address' | 'uidAndAddress' | 'uid';

/** As stored: longer values are cut, so they cannot grow the table's rows. */
export const attemptColumn = (value: string) => value.slice(0, 64);

/**
 * Books an attempt before the password is checked, so attempts that arrive at the same
 * time see each other (a check before bcrypt and a record after it would let any number
 * of parallel guesses through). Returns the attempt's id for `exceededLoginLimit`.
 */
export async function recordLoginAttempt(db: Db, uid: string, address: string, nowMs: number): Promise<number> {
  const result = await db
    .insertInto('login_attempts')
    .values({ uid: attemptColumn(uid), address: attemptColumn(address), attempted_ms: nowMs })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Drops a booked attempt that was refused before its password was checked. */
export async function forgetLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', attemptId).execute();
}

/** The limit that the attempts booked before this one reach, or null when the login may go on. */
export async function exceededLoginLimit(
  db: Db,
  limits: LoginLimits,
  uid: string,
  address: string,
  nowMs: number,
  attemptId: number,
): Promise<ExceededLoginLimit | null> {
  const earlier = () =>
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('attempted_ms', '>', nowMs - limits.windowMs)
      .where('id', '<', attemptId);
  const [byAddress, byUidAndAddress, byUid] = await Promise.all([
    earlier().where('address', '=', attemptColumn(address)).executeTakeFirstOrThrow(),
    earlier().where('uid', '=', attemptColumn(uid)).where('address', '=', attemptColumn(address)).executeTakeFirstOrThrow(),
    earlier().where('uid', '=', attemptColumn(uid)).executeTakeFirstOrThrow(),
  ]);
  if (Number(byAddress.count) >= limits.perAddress) return 'address';
  if (Number(byUidAndAddress.count) >= limits.perUidAndAddress) return 'uidAndAddress';
  if (Number(byUid.count) >= limits.perUid) return 'uid';
  return null;
}

/**
 * A successful login forgives the failures of that shooter number from this address only:
 * a member logging in elsewhere must not reset the count of someone guessing from another
 * address. Rows older than the window are pruned.
 */
export async function clearFailedLogins(db: Db, limits: LoginLimits, uid: string, address: string, nowMs: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('uid', '=', attemptColumn(uid))
    .where('address', '=', attemptColumn(address))
    .execute();
  await db.deleteFrom('login_attempts').where('attempted_ms', '<=', nowMs - limits.windowMs).execute();
}
