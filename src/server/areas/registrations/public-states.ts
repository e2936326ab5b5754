import { fromClubDateTime, toClubDateTime } from '../../../shared/dates.ts';
import { registrationStateText } from '../../../shared/schemas/registrations.ts';
import type { Db } from '../../db/connection.ts';
import { closingOf, counts, publicState, readSettings } from './queries.ts';

import type { PublicSignupLink } from '../../../shared/schemas/calendar.ts';

/**
 * The sign-up states of the listed public appointments that take sign-ups (issue 29.2),
 * each with the next instant it opens or closes: a kept list must not outlive it (the free
 * places change with every sign-up, which drops the calendar's kept answers anyway).
 */
export async function publicSignupStates(db: Db, appointments: ReadonlyArray<{ id: number; datetime_begin: string }>, now: Date): Promise<Map<number, PublicSignupLink>> {
  const states = new Map<number, PublicSignupLink>();
  if (appointments.length === 0) return states;
  const withSettings = new Set(
    (
      await db
        .selectFrom('registration_settings')
        .select('appointment_id')
        .where(
          'appointment_id',
          'in',
          appointments.map((appointment) => appointment.id),
        )
        .execute()
    ).map((row) => Number(row.appointment_id)),
  );
  const stamp = toClubDateTime(now);
  for (const appointment of appointments) {
    if (!withSettings.has(appointment.id)) continue;
    const settings = await readSettings(db, appointment.id);
    if (!settings) continue;
    const state = publicState(settings, appointment, (await counts(db, appointment.id)).taken, stamp);
    const instants = [settings.opensAt, closingOf(settings, appointment)]
      .map((instant) => (instant === null ? undefined : fromClubDateTime(instant)?.getTime()))
      .filter((at): at is number => at !== undefined && at > now.getTime());
    states.set(appointment.id, { state: state.state, stateText: registrationStateText(state), changesAt: instants.length > 0 ? Math.min(...instants) : null });
  }
  return states;
}

/** The instant the first of the list's sign-up states changes by the clock, if any. */
export function firstStateChange(list: ReadonlyArray<{ signup: PublicSignupLink | null }>): number | undefined {
  const instants = list.map((entry) => entry.signup?.changesAt).filter((at): at is number => typeof at === 'number');
  return instants.length > 0 ? Math.min(...instants) : undefined;
}

/** A member's own sign-ups to appointments ending after `since` (club-local date), for their duty feed (issue 29.6). */
export async function listFeedSignups(db: Db, userId: number, since: string) {
  const rows = await db
    .selectFrom('registrations as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['r.id', 'r.status', 'a.name', 'a.datetime_begin', 'a.datetime_end', 'a.location'])
    .where('r.user_id', '=', userId)
    .where('r.status', 'in', ['place', 'waiting'])
    .where('a.datetime_end', '>=', since)
    .orderBy('a.datetime_begin')
    .limit(500)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), status: row.status === 'waiting' ? ('waiting' as const) : ('place' as const) }));
}
