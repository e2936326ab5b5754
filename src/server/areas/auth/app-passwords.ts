import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { toClubDateTime } from '../../../shared/dates.ts';

/**
 * App passwords: named passwords for programs that use Basic authentication (README
 * „Zweiter Faktor und App-Passwörter“). 144 random bits, so a SHA-256 is as safe to
 * store as bcrypt would be, and finding one costs a lookup instead of a bcrypt run.
 */

/** A member's program uses it as the password of Basic authentication: 24 characters of base64url. */
export function newAppPassword(): string {
  return randomBytes(18).toString('base64url');
}

export function appPasswordHash(password: string): string {
  return createHash('sha256').update(`app-password\u0000${password}`).digest('hex');
}

/** Whether a password may be an app password at all (anything else is not looked up). */
export function mayBeAppPassword(password: string): boolean {
  return /^[A-Za-z0-9_-]{24}$/.test(password);
}

/** Last use is written at most this often. */
export const APP_PASSWORD_TOUCH_MS = 60_000;

/** The id of the member's app password `password`, or null. */
export async function findAppPassword(db: Db, userId: number, password: string): Promise<number | null> {
  if (!mayBeAppPassword(password)) return null;
  const row = await db
    .selectFrom('app_passwords')
    .select('id')
    .where('user_id', '=', userId)
    .where('secret_hash', '=', appPasswordHash(password))
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the app password still exists (a cached Basic credential is checked against it). */
export async function appPasswordExists(db: Db, id: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('app_passwords').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Notes its use, at most once a minute, so a busy program does not write on every request. */
export async function touchAppPassword(db: Db, id: number, nowMs: number): Promise<void> {
  await db
    .updateTable('app_passwords')
    .set({ last_used_ms: nowMs })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_ms', 'is', null), eb('last_used_ms', '<=', nowMs - APP_PASSWORD_TOUCH_MS)]))
    .execute();
}

export interface AppPasswordRecord {
  id: number;
  name: string;
  /** Club-local `YYYY-MM-DD HH:mm:ss`. */
  created_at: string;
  /** Null: never used. Noted at most once a minute. */
  last_used_at: string | null;
}

const clubTime = (ms: number | string | null) => (ms === null ? null : toClubDateTime(new Date(Number(ms))));

/** A member's app passwords as Meine Daten lists them: names and times, never the hash. */
export async function listAppPasswords(db: Db, userId: number): Promise<AppPasswordRecord[]> {
  const rows = await db
    .selectFrom('app_passwords')
    .select(['id', 'name', 'created_ms', 'last_used_ms'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, created_at: clubTime(row.created_ms)!, last_used_at: clubTime(row.last_used_ms) }));
}
