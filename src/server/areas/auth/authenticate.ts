import type { AppServices } from '../../services.ts';
import { AppError } from '../../errors.ts';
import { CredentialCache } from './credential-cache.ts';
import {
  attemptColumn,
  clearFailedLogins,
  exceededLoginLimit,
  forgetLoginAttempt,
  recordLoginAttempt,
  tooManyAttempts,
  type ExceededLoginLimit,
} from './login-limits.ts';
import { findUserWithHash, principalOf, type Principal } from './principal.ts';
import { findSessionUser } from './sessions.ts';

export const WRONG_CREDENTIALS_MESSAGE = 'Schützennummer oder Passwort ist falsch.';

export interface VerifiedCredentials {
  principal: Principal;
  /** The hash the password matched, for the credential cache to compare later. */
  passwordHash: string;
}

/**
 * What a refused login writes to the log, and the key under which it is written once per
 * window: the scope of the limit that refused it, so that neither one address trying many
 * shooter numbers nor many addresses trying one write a line per request.
 */
function refusalEntry(limit: ExceededLoginLimit, uid: string, address: string): { key: string; message: string } {
  const [storedUid, storedAddress] = [attemptColumn(uid), attemptColumn(address)];
  switch (limit) {
    case 'address':
      return {
        key: `login refused\naddress\n${storedAddress}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche von dieser Adresse) von ${address}`,
      };
    case 'uidAndAddress':
      return {
        key: `login refused\nuid and address\n${storedUid}\n${storedAddress}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche) von ${address}`,
      };
    case 'uid':
      return {
        key: `login refused\nuid\n${storedUid}`,
        message: `Anmeldung gesperrt (zu viele Fehlversuche dieser Schützennummer von allen Adressen) von ${address}`,
      };
  }
}

/**
 * Checks a shooter number and password with the limits on failed attempts; every
 * outcome is logged without the password. Returns the member on success.
 */
export async function verifyCredentials(services: AppServices, uid: string, password: string, address: string): Promise<VerifiedCredentials> {
  const { db, clock, loginLimits, serverLog } = services;
  const nowMs = clock.now().getTime();
  const shownUid = uid.slice(0, 16);
  // Booked first and kept as a failure unless the password turns out right.
  const attemptId = await recordLoginAttempt(db, uid, address, nowMs);
  const exceeded = await exceededLoginLimit(db, loginLimits, uid, address, nowMs, attemptId);
  if (exceeded) {
    await forgetLoginAttempt(db, attemptId);
    const entry = refusalEntry(exceeded, uid, address);
    await serverLog.writeOnce(entry.key, `Schützennummer ${shownUid}`, entry.message, loginLimits.windowMs);
    throw tooManyAttempts(loginLimits);
  }
  const user = await findUserWithHash(db, { uid });
  const valid = await services.passwords.verify(password, user?.password_hash ?? services.passwords.unknownUserHash);
  if (!valid || !user) {
    await serverLog.write(`Schützennummer ${shownUid}`, `Fehlgeschlagene Anmeldung von ${address}`);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS_MESSAGE);
  }
  await clearFailedLogins(db, loginLimits, uid, address, nowMs);
  return { principal: await principalOf(db, user), passwordHash: user.password_hash };
}

export interface RequestCredentials {
  authorization: string | undefined;
  sessionToken: string | undefined;
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
  return { uid: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

async function authenticateBasic(services: AppServices, uid: string, password: string, address: string): Promise<Principal> {
  const nowMs = services.clock.now().getTime();
  const key = CredentialCache.keyOf(uid, password);
  const cached = services.credentials.get(key, nowMs);
  if (cached) {
    // The cache only spares bcrypt: the member must still exist with the same password.
    const current = await findUserWithHash(services.db, { id: cached.userId });
    if (current?.password_hash === cached.passwordHash) return principalOf(services.db, current);
    services.credentials.forgetUser(cached.userId);
  }
  const { principal, passwordHash } = await verifyCredentials(services, uid, password, address);
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
    return { user: await authenticateBasic(services, basic.uid, basic.password, credentials.address), sessionId: null, sessionExtended: false };
  }
  if (credentials.sessionToken) {
    const session = await findSessionUser(services.db, credentials.sessionToken, services.clock.now().getTime());
    if (session) {
      return { user: await principalOf(services.db, session.user), sessionId: session.sessionId, sessionExtended: session.extended };
    }
  }
  return { user: null, sessionId: null, sessionExtended: false };
}
