import { REGISTRATION_LIMITS } from '../../../shared/schemas/registrations.ts';
import type { Db } from '../../db/connection.ts';
import { toClubDateTime } from '../../../shared/dates.ts';

/**
 * The sign-ups' rule of the retention sweep (retention.ts): the sign-ups of appointments
 * that ended more than 90 days ago are deleted with their mails (README „Anmeldungen“).
 * The settings stay with the appointment; they name nobody.
 */
export async function pruneRegistrations(db: Db, now: Date): Promise<number> {
  const cutoff = toClubDateTime(new Date(now.getTime() - REGISTRATION_LIMITS.keptDays * 24 * 60 * 60_000));
  return db.transaction().execute(async (trx) => {
    const ids = (
      await trx
        .selectFrom('registrations')
        .innerJoin('appointments', 'appointments.id', 'registrations.appointment_id')
        .select('registrations.id')
        .where('appointments.datetime_end', '<', cutoff)
        .execute()
    ).map((row) => Number(row.id));
    if (ids.length === 0) return 0;
    let deleted = 0;
    // In slices: a list of ids is one statement each, and a long-gone year of sign-ups must not make one huge one.
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const mails = await trx.selectFrom('registration_mails').select('mail_id').where('registration_id', 'in', slice).execute();
      if (mails.length > 0) await trx.deleteFrom('mail_outbox').where('id', 'in', mails.map((mail) => mail.mail_id)).execute();
      const result = await trx.deleteFrom('registrations').where('id', 'in', slice).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
    }
    return deleted;
  });
}
