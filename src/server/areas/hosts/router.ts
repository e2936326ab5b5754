import { toClubDate } from '../../../shared/dates.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import { hostCreateInput, hostUpdateInput, seriesRosterInput, specialHostLabel } from '../../../shared/schemas/hosts.ts';
import { logDate, quoted, rosterPerson } from '../../../shared/logNames.ts';
import type { Db } from '../../db/connection.ts';
import { isMissingReference } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import { can, router, sharedReadProcedure } from '../../trpc/index.ts';
import { seesInternalAppointments } from '../calendar/queries.ts';
import { dropStaleOffers } from '../duties/queries.ts';
import {
  assertValidPeople,
  deleteHostEntry,
  findHostEntry,
  HOSTS_CACHE_AREA,
  insertHostEntry,
  listHostEntries,
  listMemberChoices,
  listPublicHostEntries,
  listSupervisorChoices,
  rosterMemberNames,
  updateHostEntry,
  type HostEntry,
} from './queries.ts';
import { cancelledDays, fillRosterFromSeries, listSeriesChoices } from './series-roster.ts';

/** The label a roster entry shows on a day whose evening was cancelled in the calendar. */
const CANCELLED_LABEL = specialHostLabel(-3)!;

export const HOSTS_MESSAGES = {
  created: 'Eintrag angelegt',
  updated: 'Eintrag gespeichert',
  deleted: 'Eintrag gelöscht',
  filled: (created: number, kept: number) =>
    `${created === 1 ? '1 Dienst' : `${created} Dienste`} angelegt${kept > 0 ? `, ${kept === 1 ? '1 vorhandener Eintrag' : `${kept} vorhandene Einträge`} behalten` : ''}`,
  memberGone: 'Ein gewähltes Mitglied gibt es nicht mehr, es wurde inzwischen gelöscht. Bitte lade die Seite neu und wähle erneut.',
} as const;

/**
 * The checks of assertValidPeople read before the write; a member deleted in between (by
 * another member, on MySQL) fails the write's foreign key. The transaction has rolled back;
 * the member is told which kind of row vanished.
 */
async function namingGoneMember<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isMissingReference(error)) throw new AppError('UNPROCESSABLE_CONTENT', HOSTS_MESSAGES.memberGone);
    throw error;
  }
}

/**
 * A roster entry in the log, as the roster shows it: 'Standaufsicht & Bewirtung am
 * 04.12.2026 angelegt – Standaufsicht: Migliederteam; Bewirtung: Max Mustermann (00000042)'.
 * The roster has one entry a day, so the date names it.
 */
async function logEntry(db: Db, entry: HostEntry, done: string): Promise<string> {
  const members = await rosterMemberNames(db, [entry.supervisor, entry.host]);
  return `Standaufsicht & Bewirtung am ${logDate(entry.date)} ${done} – Standaufsicht: ${rosterPerson(entry.supervisor, members)}; Bewirtung: ${rosterPerson(entry.host, members)}`;
}

/** Stand supervision and catering roster (SPEC §2, §4, §6). */
export const hostsRouter = router({
  /** Upcoming entries from today (Europe/Berlin) with names only; cached until a write of roster or members. */
  publicList: sharedReadProcedure.query(({ ctx }) => {
    const today = toClubDate(ctx.services.clock.now());
    // The day is part of the key: after midnight yesterday's entries are no longer upcoming.
    return ctx.services.publicCache.read(HOSTS_CACHE_AREA, `upcoming:${today}`, async () => {
      const entries = await listPublicHostEntries(ctx.services.db, today);
      if (entries.length === 0) return entries;
      const cancelled = await cancelledDays(ctx.services.db, entries[0]!.date, entries.at(-1)!.date);
      const off = { prename: CANCELLED_LABEL, lastname: '' };
      return entries.map((entry) => (cancelled.has(entry.date) ? { ...entry, supervisor: off, host: off } : entry));
    });
  }),

  /** Every entry; `cancelled` marks the days whose evening was cancelled in the calendar ('entfällt - siehe Kalender'). */
  list: can('hosts_view').query(async ({ ctx }) => {
    const entries = await listHostEntries(ctx.services.db);
    const cancelled = entries.length === 0 ? new Set<string>() : await cancelledDays(ctx.services.db, entries[0]!.date, entries.at(-1)!.date);
    return entries.map((entry) => ({ ...entry, cancelled: cancelled.has(entry.date) }));
  }),

  /** Series with coming occurrences, for 'Dienste für Serie anlegen': those the member sees in the calendar. */
  seriesChoices: can('hosts_create').query(({ ctx }) =>
    listSeriesChoices(ctx.services.db, toClubDate(ctx.services.clock.now()), seesInternalAppointments(ctx.user.permissions)),
  ),

  /** 'Dienste für Serie anlegen': an open row per occurrence of the series in the range; rows of those dates are kept. */
  fillFromSeries: can('hosts_create')
    .input(seriesRosterInput)
    .mutation(async ({ ctx, input }) => {
      const internal = seesInternalAppointments(ctx.user.permissions);
      const { seriesName, created, kept } = await ctx.services.db.transaction().execute((trx) => fillRosterFromSeries(trx, input.series_id, input.from, input.until, internal));
      ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
      await ctx.log(
        `Dienste für Terminserie ${quoted(seriesName)} vom ${logDate(input.from)} bis ${logDate(input.until)}: ${created.length} angelegt${created.length > 0 ? ` (${created.map(logDate).join(', ')})` : ''}, ${kept} behalten`,
      );
      return { message: HOSTS_MESSAGES.filled(created.length, kept), data: { created: created.length, kept } };
    }),

  /**
   * Who may be chosen (SPEC §6): members of Standaufsichtsberechtigte as supervisors, all
   * members as hosts; names only, so the screen needs no users_view. The special values
   * come from src/shared.
   */
  choices: can('hosts_view').query(async ({ ctx }) => {
    const { db } = ctx.services;
    return { supervisors: await listSupervisorChoices(db), hosts: await listMemberChoices(db) };
  }),

  create: can('hosts_create')
    .input(hostCreateInput)
    .mutation(async ({ ctx, input }) => {
      const entry = await namingGoneMember(() =>
        ctx.services.db.transaction().execute(async (trx) => {
          await assertValidPeople(trx, input);
          return findHostEntry(trx, await insertHostEntry(trx, input));
        }),
      );
      ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
      await ctx.log(await logEntry(ctx.services.db, entry, 'angelegt'));
      return { message: HOSTS_MESSAGES.created, data: entry };
    }),

  update: can('hosts_update')
    .input(hostUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const entry = await namingGoneMember(() =>
        ctx.services.db.transaction().execute(async (trx) => {
          await findHostEntry(trx, input.id);
          await assertValidPeople(trx, input);
          await updateHostEntry(trx, input.id, input);
          const updated = await findHostEntry(trx, input.id);
          // A slot that changed hands takes its holder's swap offer with it (README „Meine Dienste“).
          await dropStaleOffers(trx, updated);
          return updated;
        }),
      );
      ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
      await ctx.log(await logEntry(ctx.services.db, entry, 'geändert'));
      return { message: HOSTS_MESSAGES.updated, data: entry };
    }),

  delete: can('hosts_delete')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const entry = await ctx.services.db.transaction().execute(async (trx) => {
        const found = await findHostEntry(trx, input.id);
        await deleteHostEntry(trx, input.id);
        return found;
      });
      ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
      await ctx.log(await logEntry(ctx.services.db, entry, 'gelöscht'));
      return { message: HOSTS_MESSAGES.deleted, data: { id: entry.id } };
    }),
});
