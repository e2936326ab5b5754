import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../../db/connection.ts';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from '../../../shared/schemas/secondFactor.ts';

/**
 * The second factor: a time-based one-time code (TOTP, RFC 6238: SHA-1, 6 digits, 30
 * seconds, what every authenticator app reads from an otpauth:// address), ten single-use
 * recovery codes, and the pending logins between the password and the code.
 */

const PERIOD_S = 30;
/** One step either side: the phone's clock may be 30 seconds off. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step waits for its code. */
export const PENDING_LOGIN_MS = 5 * 60 * 1000;
/** Wrong codes a pending login takes before it ends (the limits on failed logins count them too). */
export const PENDING_LOGIN_MAX_FAILURES = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new key of 160 bits (RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address the QR code carries: issuer (the club) and label (the shooter number). */
export function otpauthUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, label, issuer).toString();
}

/** The time step a code belongs to when it is right at `nowMs` (within one step either side), or null. */
export function totpStepOf(secret: string, code: string, nowMs: number): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_S) + delta;
}

/** The code of a time step, for tests. */
export function totpCodeAt(secret: string, nowMs: number): string {
  return totpOf(secret).generate({ timestamp: nowMs });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten recovery codes of 80 random bits each, as "abcd-efgh-ijkl-mnop". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => BASE32[randomInt(32)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** Stored and compared as SHA-256 of the normalized code (80 random bits need no slow hash). */
export function recoveryCodeHash(normalized: string): string {
  return sha256(`recovery\u0000${normalized}`);
}

export interface SecondFactorRow {
  secret: string;
  confirmed: boolean;
  lastStep: number;
}

export async function findSecondFactor(db: Db, userId: number): Promise<SecondFactorRow | null> {
  const row = await db
    .selectFrom('second_factors')
    .select(['secret', 'confirmed_ms', 'last_step'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { secret: row.secret, confirmed: row.confirmed_ms !== null, lastStep: Number(row.last_step) } : null;
}

/** Whether a group of the member requires a second factor. */
export async function secondFactorRequired(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.id', 'user_groups.group_id')
    .select('groups.id')
    .where('user_groups.user_id', '=', userId)
    .where('groups.require_second_factor', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countRecoveryCodes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type CodeKind = 'totp' | 'recovery';

/**
 * Accepts a code of the member's confirmed second factor once: an app code only when its
 * time step is later than the last accepted one, a recovery code only while its row
 * exists. Both are decided by one conditional write, so two requests with the same code
 * cannot both pass. Returns what was accepted, or null.
 */
export async function acceptCode(db: Db, userId: number, code: string, nowMs: number): Promise<CodeKind | null> {
  const factor = await findSecondFactor(db, userId);
  if (!factor?.confirmed) return null;
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = totpStepOf(factor.secret, code, nowMs);
    if (step === null) return null;
    return (await useStep(db, userId, step)) ? 'totp' : null;
  }
  if (!RECOVERY_CODE_PATTERN.test(code)) return null;
  const result = await db
    .deleteFrom('recovery_codes')
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryCodeHash(code))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0 ? 'recovery' : null;
}

/** Records `step` as used; false when it (or a later one) was used before. */
export async function useStep(db: Db, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('second_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Replaces the member's recovery codes with new ones; returns them in plain text, to be shown once. */
export async function replaceRecoveryCodes(trx: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code.replaceAll('-', '')) })))
    .execute();
  return codes;
}

/**
 * Switches the member's second factor off: the key (also of a setup never confirmed), the
 * recovery codes and waiting logins go. Returns whether it was on.
 */
export async function removeSecondFactor(trx: Db, userId: number): Promise<boolean> {
  const result = await trx.deleteFrom('second_factors').where('user_id', '=', userId).where('confirmed_ms', 'is not', null).executeTakeFirst();
  await trx.deleteFrom('second_factors').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('pending_logins').where('user_id', '=', userId).execute();
  return Number(result.numDeletedRows) > 0;
}

/** The password step of a member with a second factor: a reference for the browser, only its hash stored. */
export async function createPendingLogin(db: Db, userId: number, nowMs: number): Promise<string> {
  await db.deleteFrom('pending_logins').where('expires_ms', '<=', nowMs).execute();
  const ticket = randomBytes(32).toString('base64url');
  await db.insertInto('pending_logins').values({ id: sha256(ticket), user_id: userId, expires_ms: nowMs + PENDING_LOGIN_MS }).execute();
  return ticket;
}

export interface PendingLogin {
  id: string;
  userId: number;
}

export async function findPendingLogin(db: Db, ticket: string, nowMs: number): Promise<PendingLogin | null> {
  const row = await db
    .selectFrom('pending_logins')
    .select(['id', 'user_id'])
    .where('id', '=', sha256(ticket))
    .where('expires_ms', '>', nowMs)
    .where('failures', '<', PENDING_LOGIN_MAX_FAILURES)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id } : null;
}

/** Ends a pending login; false when another request ended it first (it is used once). */
export async function consumePendingLogin(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pending_logins').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends a pending login by its reference (the legacy login, which has no code step, opens none that lasts). */
export async function dropPendingLogin(db: Db, ticket: string): Promise<void> {
  await db.deleteFrom('pending_logins').where('id', '=', sha256(ticket)).execute();
}

/** Counts a wrong code for the pending login; returns whether this one ended it (PENDING_LOGIN_MAX_FAILURES reached). */
export async function countPendingLoginFailure(db: Db, id: string): Promise<boolean> {
  const counted = await db
    .updateTable('pending_logins')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .where('failures', '<', PENDING_LOGIN_MAX_FAILURES)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) return false;
  const row = await db.selectFrom('pending_logins').select('failures').where('id', '=', id).executeTakeFirst();
  return Number(row?.failures) === PENDING_LOGIN_MAX_FAILURES;
}
