import type { Db } from '../../src/server/db/connection.ts';
import { createPendingLogin, newTotpSecret, replaceRecoveryCodes, totpCodeAt } from '../../src/server/areas/auth/second-factor.ts';

export interface EnabledSecondFactor {
  secret: string;
  recoveryCodes: string[];
  /** The app's code at a moment (now by default). */
  codeAt: (ms?: number) => string;
}

/**
 * Switches a member's second factor on straight in the database, as a finished setup
 * leaves it: for tests whose subject is not the setup itself.
 */
export async function enableSecondFactor(db: Db, userId: number): Promise<EnabledSecondFactor> {
  const secret = newTotpSecret();
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('second_factors').where('user_id', '=', userId).execute();
    await trx.insertInto('second_factors').values({ user_id: userId, secret, created_ms: Date.now(), confirmed_ms: Date.now() }).execute();
    return replaceRecoveryCodes(trx, userId);
  });
  return { secret, recoveryCodes, codeAt: (ms = Date.now()) => totpCodeAt(secret, ms) };
}

/** The reference a right password leaves for the code step of a member with a second factor. */
export function pendingLogin(db: Db, userId: number): Promise<string> {
  return createPendingLogin(db, userId, Date.now());
}
