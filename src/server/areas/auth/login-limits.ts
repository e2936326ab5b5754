import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';

/**
 * Failed logins allowed within the window before 429. A shooter number is locked only for
 * the network it failed from, so nobody can lock a member out by guessing wrong on purpose;
 * the much higher limit per shooter number stops guessing spread over many networks, and it
 * spares browsers that have logged in to the number before (device cookies), which have a
 * small limit of their own instead.
 */
export interface LoginLimits {
  /** Failed logins per shooter number from one network. */
  perUidAndAddress: number;
  /** Failed logins per network, whatever the shooter number. */
  perAddress: number;
  /** Failed logins per shooter number from unknown browsers of all networks together. */
  perUid: number;
  /** Failed logins per known browser (device cookie); beyond it the browser counts as unknown. */
  perDevice: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUidAndAddress: 5, perAddress: 20, perUid: 100, perDevice: 5, windowMs: 15 * 60 * 1000 };

export const TOO_MANY_ATTEMPTS_MESSAGE = (minutes: number) =>
  `Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuche es in ${minutes} ${minutes === 1 ? 'Minute' : 'Minuten'} erneut.`;

export function tooManyAttempts(limits: LoginLimits): AppError {
  return new AppError('TOO_MANY_REQUESTS', TOO_MANY_ATTEMPTS_MESSAGE(Math.ceil(limits.windowMs / 60000)));
}

/** Which limit refused a login, broadest first. */
export type ExceededLoginLimit = 'address' | 'uidAndAddress' | 'uid';

/**
 * How the browser counted: `known` with a valid device cookie for the number (its failures
 * count against the device, not the number), `overLimit` with one whose device has failed
 * too often in the window (it counts as unknown until the window has passed), `unknown`
 * without one.
 */
export type DevicePath = 'known' | 'overLimit' | 'unknown';

/** Who tries: the shooter number, the network of the address (http/network.ts), the device id of a valid device cookie. */
export interface LoginClient {
  uid: string;
  network: string;
  device: string | null;
}

export interface LoginVerdict {
  /** The limit that refuses this attempt, or null when it may go on. */
  exceeded: ExceededLoginLimit | null;
  device: DevicePath;
  /** The number is locked for unknown browsers (a known one passed despite that). */
  uidLocked: boolean;
}

/** As stored: longer values are cut, so they cannot grow the table's rows. */
export const attemptColumn = (value: string) => value.slice(0, 64);

/**
 * Books an attempt before the password is checked, so attempts that arrive at the same
 * time see each other (a check before bcrypt and a record after it would let any number
 * of parallel guesses through). Returns the attempt's id for `checkLoginLimits`.
 */
export async function recordLoginAttempt(db: Db, client: LoginClient, nowMs: number): Promise<number> {
  const result = await db
    .insertInto('login_attempts')
    .values({ uid: attemptColumn(client.uid), address: attemptColumn(client.network), device: client.device, attempted_ms: nowMs })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** Drops a booked attempt that was refused before its password was checked. */
export async function forgetLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.deleteFrom('login_attempts').where('id', '=', attemptId).execute();
}

/**
 * What the attempts booked before this one say about it. Per-network limits apply to
 * every browser; the limit per number only to unknown ones. A known device past its own
 * limit is unknown for the rest of the window: its booked attempt is moved to the count
 * of the number.
 */
export async function checkLoginLimits(db: Db, limits: LoginLimits, client: LoginClient, nowMs: number, attemptId: number): Promise<LoginVerdict> {
  const uid = attemptColumn(client.uid);
  const network = attemptColumn(client.network);
  const earlier = () =>
    db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('attempted_ms', '>', nowMs - limits.windowMs)
      .where('id', '<', attemptId);
  const none = Promise.resolve({ count: 0 });
  const [byAddress, byUidAndAddress, byUid, byDevice] = await Promise.all([
    earlier().where('address', '=', network).executeTakeFirstOrThrow(),
    earlier().where('uid', '=', uid).where('address', '=', network).executeTakeFirstOrThrow(),
    earlier().where('uid', '=', uid).where('device', 'is', null).executeTakeFirstOrThrow(),
    client.device === null ? none : earlier().where('uid', '=', uid).where('device', '=', client.device).executeTakeFirstOrThrow(),
  ]);
  let device: DevicePath = 'unknown';
  if (client.device !== null) {
    device = Number(byDevice.count) < limits.perDevice ? 'known' : 'overLimit';
    if (device === 'overLimit') await db.updateTable('login_attempts').set({ device: null }).where('id', '=', attemptId).execute();
  }
  const uidLocked = Number(byUid.count) >= limits.perUid;
  let exceeded: ExceededLoginLimit | null = null;
  if (Number(byAddress.count) >= limits.perAddress) exceeded = 'address';
  else if (Number(byUidAndAddress.count) >= limits.perUidAndAddress) exceeded = 'uidAndAddress';
  else if (uidLocked && device !== 'known') exceeded = 'uid';
  return { exceeded, device, uidLocked };
}

/**
 * A successful login forgives the failures of that shooter number from this network only,
 * and those of the browser's own device: a member logging in elsewhere must not reset the
 * count of someone guessing from another network. Rows older than the window are pruned.
 */
export async function clearFailedLogins(db: Db, limits: LoginLimits, client: LoginClient, nowMs: number): Promise<void> {
  const uid = attemptColumn(client.uid);
  await db.deleteFrom('login_attempts').where('uid', '=', uid).where('address', '=', attemptColumn(client.network)).execute();
  if (client.device !== null) {
    await db.deleteFrom('login_attempts').where('uid', '=', uid).where('device', '=', client.device).execute();
  }
  await db.deleteFrom('login_attempts').where('attempted_ms', '<=', nowMs - limits.windowMs).execute();
}
