import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { cookieNameFor, DAY_MS, SESSION_COOKIE, SESSION_LIFETIME_MS, SESSION_MAX_AGE_MS } from '../../../shared/browserData.ts';

// Name and lifetimes live in src/shared/browserData.ts, from which the privacy page's list is built.
export { SESSION_COOKIE, SESSION_LIFETIME_MS, SESSION_MAX_AGE_MS };

/** `__Host-sv_session` under https, so no subdomain can plant a session (cookieNameFor). */
export function sessionCookieName(secure: boolean): string {
  return cookieNameFor(SESSION_COOKIE, secure);
}
/** A session is extended at most this often, so reading pages does not write on every request. */
const SESSION_REFRESH_MS = DAY_MS;

/** The table holds only the hash, so a copy of the database opens no session. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSessionMeta {
  address: string;
  userAgent: string;
}

export async function createSession(db: Db, userId: number, meta: NewSessionMeta, nowMs: number) {
  const token = randomBytes(32).toString('base64url');
  const id = sessionIdOf(token);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_ms: nowMs,
      expires_ms: nowMs + SESSION_LIFETIME_MS,
      address: meta.address.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 255),
    })
    .execute();
  return { token, id };
}

export interface LiveSession {
  sessionId: string;
  userId: number;
  /** The session was extended by this request: the browser's cookie must be extended too. */
  extended: boolean;
}

/**
 * A live session, extended when it is older than a day, but never beyond
 * SESSION_MAX_AGE_MS after the login. Its member is loaded by findUserWithHash.
 */
export async function findLiveSession(db: Db, token: string, nowMs: number): Promise<LiveSession | null> {
  const id = sessionIdOf(token);
  const session = await db
    .selectFrom('sessions')
    .select(['expires_ms', 'created_ms', 'user_id'])
    .where('id', '=', id)
    .where('expires_ms', '>', nowMs)
    // Sessions of before the limit may have been extended past it.
    .where('created_ms', '>', nowMs - SESSION_MAX_AGE_MS)
    .executeTakeFirst();
  if (!session) return null;
  const expiresMs = Number(session.expires_ms);
  const renewedMs = Math.min(nowMs + SESSION_LIFETIME_MS, Number(session.created_ms) + SESSION_MAX_AGE_MS);
  const extended = expiresMs - nowMs < SESSION_LIFETIME_MS - SESSION_REFRESH_MS && renewedMs > expiresMs;
  if (extended) {
    await db.updateTable('sessions').set({ expires_ms: renewedMs }).where('id', '=', id).execute();
  }
  return { sessionId: id, userId: session.user_id, extended };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a member but the one given (after a password change, or 'Auf allen Geräten abmelden'); returns how many. */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Db, nowMs: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_ms', '<=', nowMs), eb('created_ms', '<=', nowMs - SESSION_MAX_AGE_MS)]))
    .execute();
}
