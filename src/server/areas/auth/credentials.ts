import type { Db } from '../../db/connection.ts';
import type { EndedCredentials } from './security-notices.ts';
import { deleteOtherSessions } from './sessions.ts';

/**
 * What a new password ends, whoever set it (the member, an administrator, a reset link):
 * every session but the one that set it, every app password (whoever took over the
 * account may have made one), every login waiting for its code, and every unused reset
 * link. Inside the saving transaction; the caller forgets remembered Basic credentials
 * after the commit (`services.credentials.forgetUser`).
 */
export async function endOldCredentials(trx: Db, userId: number, keepSessionId: string | null): Promise<EndedCredentials> {
  const sessions = await deleteOtherSessions(trx, userId, keepSessionId);
  const appPasswords = await trx.deleteFrom('app_passwords').where('user_id', '=', userId).executeTakeFirst();
  await trx.deleteFrom('pending_logins').where('user_id', '=', userId).execute();
  // A reset link sent before must not change the new password again.
  await trx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_ms', 'is', null).execute();
  return { sessions, appPasswords: Number(appPasswords.numDeletedRows), keptOwnSession: keepSessionId !== null };
}
