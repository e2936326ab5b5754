import type { AppServices } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { networkOf } from '../../http/network.ts';
import { isShooterNumber } from '../../../shared/schemas/fields.ts';
import { CURRENT_PASSWORD_MESSAGES } from '../../../shared/schemas/users.ts';
import { CredentialCache } from './credential-cache.ts';
import {
  attemptColumn,
  checkLoginLimits,
  clearFailedLogins,
  forgetLoginAttempt,
  recordLoginAttempt,
  tooManyAttempts,
  type DevicePath,
  type ExceededLoginLimit,
  type LoginClient,
} from './login-limits.ts';
import { findUserWithHash, principalOf, type Principal } from './principal.ts';
import { findSessionUser } from './sessions.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Schützennummer oder Passwort ist falsch.';

export interface VerifiedCredentials {
  principal: Principal;
  /** The hash the password matched, for the credential cache to compare later. */
  passwordHash: string;
}

/** Where a password is presented from: the client's address and the raw device cookie, if any. */
export interface PasswordClient {
  address: string;
  deviceCookie?: string | undefined;
}

/** How a refused or excused attempt names its address in the log: with the network it counted as, when that differs. */
function fromWhere(address: string, network: string): string {
  return network === address ? `von ${address}` : `von ${address} (Netz ${network})`;
}

/**
 * What a refused login writes to the log, and the key under which it is written once per
 * window: the scope of the limit that refused it (and, for the number, the path of the
 * browser), so that neither one network trying many shooter numbers nor many networks
 * trying one write a line per request.
 */
function refusalEntry(limit: ExceededLoginLimit, device: DevicePath, client: LoginClient, address: string): { key: string; message: string } {
  const [storedUid, storedNetwork] = [attemptColumn(client.uid), attemptColumn(client.network)];
  const where = fromWhere(address, client.network);
  switch (limit) {
    case 'address':
      return {
        key: `login refused\naddress\n${storedNetwork}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche von dieser Adresse) ${where}`,
      };
    case 'uidAndAddress':
      return {
        key: `login refused\nuid and address\n${storedUid}\n${storedNetwork}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche) ${where}`,
      };
    case 'uid': {
      const path = device === 'overLimit' ? 'bekanntes Gerät über seinem eigenen Limit' : 'unbekanntes Gerät';
      return {
        key: `login refused\nuid\n${storedUid}\n${device}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche dieser Schützennummer von allen Adressen; ${path}) ${where}`,
      };
    }
  }
}

/**
 * Books one attempt to prove the password of `uid` under the limits on failed attempts
 * (429 when one is reached) and checks it. Returns the member when the password is right;
 * null when it is wrong, and then the attempt stays booked as a failure.
 */
async function attemptPassword(services: AppServices, uid: string, password: string, from: PasswordClient, failure: string) {
  const { db, clock, loginLimits, serverLog } = services;
  const nowMs = clock.now().getTime();
  const shownUid = uid.slice(0, 16);
  const client: LoginClient = { uid, network: networkOf(from.address), device: await services.devices.deviceOf(from.deviceCookie, uid) };
  // Booked first and kept as a failure unless the password turns out right.
  const attemptId = await recordLoginAttempt(db, client, nowMs);
  const verdict = await checkLoginLimits(db, loginLimits, client, nowMs, attemptId);
  const where = fromWhere(from.address, client.network);
  if (verdict.device === 'overLimit') {
    await serverLog.writeOnce(
      `login device over limit\n${client.device}`,
      `Schützennummer ${shownUid}`,
      `Bekanntes Gerät nach zu vielen Fehlversuchen bis zum Ende der Sperrfrist wie ein unbekanntes behandelt ${where}`,
      loginLimits.windowMs,
    );
  }
  if (verdict.exceeded) {
    await forgetLoginAttempt(db, attemptId);
    const entry = refusalEntry(verdict.exceeded, verdict.device, client, from.address);
    await serverLog.writeOnce(entry.key, `Schützennummer ${shownUid}`, entry.message, loginLimits.windowMs);
    throw tooManyAttempts(loginLimits);
  }
  const user = await findUserWithHash(db, { uid });
  const valid = await services.passwords.verify(password, user?.password_hash ?? services.passwords.unknownUserHash);
  if (!valid || !user) {
    await serverLog.write(`Schützennummer ${shownUid}`, `${failure} ${where}${verdict.device === 'known' ? ' (bekanntes Gerät)' : ''}`);
    return null;
  }
  if (verdict.uidLocked) {
    // The number is locked for everyone else: which path let this one in belongs in the log.
    await serverLog.writeOnce(
      `login device exempt\n${attemptColumn(uid)}\n${client.device}`,
      `Schützennummer ${shownUid}`,
      `Anmeldung trotz Sperre der Schützennummer erlaubt (bekanntes Gerät) ${where}`,
      loginLimits.windowMs,
    );
  }
  await clearFailedLogins(db, loginLimits, client, nowMs);
  return user;
}

/**
 * Checks a shooter number and password with the limits on failed attempts; every
 * outcome is logged without the password. Returns the member on success.
 */
export async function verifyCredentials(services: AppServices, uid: string, password: string, from: PasswordClient): Promise<VerifiedCredentials> {
  const user = await attemptPassword(services, uid, password, from, 'Fehlgeschlagene Anmeldung');
  if (!user) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
  return { principal: await principalOf(services.db, user), passwordHash: user.password_hash };
}

/**
 * A logged-in member proves their current password before setting a new one: counted
 * like a login (a wrong one is a failed attempt, and the limits answer 429), answered
 * with the message under the field `current_password`.
 */
export async function confirmCurrentPassword(services: AppServices, member: Pick<Principal, 'id' | 'uid'>, password: string | undefined, from: PasswordClient): Promise<void> {
  if (password === undefined) throw AppError.field('current_password', CURRENT_PASSWORD_MESSAGES.missing);
  const user = await attemptPassword(services, member.uid, password, from, 'Falsches aktuelles Passwort beim Ändern des Passworts');
  if (user?.id !== member.id) throw AppError.field('current_password', CURRENT_PASSWORD_MESSAGES.wrong);
}

export interface RequestCredentials {
  authorization: string | undefined;
  sessionToken: string | undefined;
  /** The raw device cookie (device-cookies.ts), if the browser sent one. */
  deviceCookie?: string | undefined;
  address: string;
}

export interface Authentication {
  user: Principal | null;
  sessionId: string | null;
  /** The session's lifetime was extended: the cookie must be sent again with the new lifetime. */
  sessionExtended: boolean;
}

function parseBasic(header: string): { uid: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const uid = decoded.slice(0, colon);
  // Nothing but a shooter number can be right: anything else is refused before the
  // database is asked or an attempt is booked.
  if (!isShooterNumber(uid)) return null;
  return { uid, password: decoded.slice(colon + 1) };
}

async function authenticateBasic(services: AppServices, uid: string, password: string, from: PasswordClient): Promise<Principal> {
  const nowMs = services.clock.now().getTime();
  const key = CredentialCache.keyOf(uid, password);
  const cached = services.credentials.get(key, nowMs);
  if (cached) {
    // The cache only spares bcrypt: the member must still exist with the same password.
    const current = await findUserWithHash(services.db, { id: cached.userId });
    if (current?.password_hash === cached.passwordHash) return principalOf(services.db, current);
    services.credentials.forgetUser(cached.userId);
  }
  const { principal, passwordHash } = await verifyCredentials(services, uid, password, from);
  services.credentials.set(key, principal.id, passwordHash, nowMs);
  return principal;
}

/**
 * Who is asking: HTTP Basic for REST consumers, otherwise the session cookie. Wrong Basic
 * credentials are an error (401/429); a stale cookie simply means nobody is logged in.
 */
export async function authenticateRequest(services: AppServices, credentials: RequestCredentials): Promise<Authentication> {
  if (credentials.authorization) {
    const basic = parseBasic(credentials.authorization);
    if (!basic) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
    const from = { address: credentials.address, deviceCookie: credentials.deviceCookie };
    return { user: await authenticateBasic(services, basic.uid, basic.password, from), sessionId: null, sessionExtended: false };
  }
  if (credentials.sessionToken) {
    const session = await findSessionUser(services.db, credentials.sessionToken, services.clock.now().getTime());
    if (session) {
      return { user: await principalOf(services.db, session.user), sessionId: session.sessionId, sessionExtended: session.extended };
    }
  }
  return { user: null, sessionId: null, sessionExtended: false };
}
