import { toClubDate, toClubDateTime } from '../../../shared/dates.ts';
import { logDate, memberName } from '../../../shared/logNames.ts';
import { formatDutyDate } from '../../../shared/duties.ts';
import { idInput } from '../../../shared/schemas/groups.ts';
import { DUTY_INPUT_MESSAGES, DUTY_ROLE_LABELS, dutyFeedInput, dutySlotInput, feedSignupsInput, reminderInput } from '../../../shared/schemas/duties.ts';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DutyRole } from '../../db/schema.ts';
import { AppError, Refusal } from '../../errors.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { Context } from '../../trpc/context.ts';
import { accountProcedure, authedProcedure, can, publicProcedure, router } from '../../trpc/index.ts';
import { admittedMember, describePrincipal, loadPrincipal, type Principal } from '../auth/principal.ts';
import { seesInternalAppointments } from '../calendar/queries.ts';
import { clubProfile } from '../club/cache.ts';
import { readClubData } from '../club/queries.ts';
import { HOSTS_CACHE_AREA, maySupervise } from '../hosts/queries.ts';
import { listFeedSignups } from '../registrations/public-states.ts';
import { buildDutyFeed, DUTY_FEED_MAX_EVENTS, DUTY_FEED_PAST_DAYS, feedTokenHash, feedUrl, newFeedToken } from './feed.ts';
import { addDays } from '../../../shared/recurrence.ts';
import {
  appointmentsOn,
  findEntrySlots,
  findFeedOwner,
  holderOf,
  listDuties,
  listOfferedSlots,
  listOpenOffers,
  MAX_LISTED_DUTIES,
  offeredSlots,
  readSettings,
  setFeedSignups,
  setFeedToken,
  setReminderTime,
  slotKey,
  type EveningAppointment,
} from './queries.ts';

export const DUTY_MESSAGES = {
  feedCreated: 'Kalender-Abo eingerichtet. Die Adresse wird nur jetzt angezeigt.',
  feedRenewed: 'Neue Adresse für das Kalender-Abo erzeugt; die bisherige funktioniert nicht mehr.',
  feedRevoked: 'Kalender-Abo beendet; seine Adresse funktioniert nicht mehr.',
  feedSignupsOn: 'Deine Anmeldungen zu Terminen stehen jetzt auch im Kalender-Abo.',
  feedSignupsOff: 'Deine Anmeldungen zu Terminen stehen nicht mehr im Kalender-Abo.',
  feedNotActive: 'Es ist kein Kalender-Abo eingerichtet.',
  /** An unknown, renewed or revoked address says the same as one that cannot be an address at all. */
  feedNotFound: DUTY_INPUT_MESSAGES.tokenInvalid,
  reminderOff: 'Erinnerung ausgeschaltet',
  reminderNoAddress: ' Für die Erinnerung fehlt dir noch eine gültige E-Mail-Adresse (oben bei deinen Daten).',
  entryNotFound: 'Diesen Dienst gibt es im Dienstplan nicht (mehr).',
  notOwnDuty: 'Du kannst nur deine eigenen Dienste zum Tausch anbieten.',
  pastDuty: 'Vergangene Dienste können nicht mehr getauscht werden.',
  offered: 'Dienst zum Tausch angeboten',
  alreadyOffered: 'Dieser Dienst ist bereits zum Tausch angeboten.',
  notOffered: 'Dieser Dienst ist nicht zum Tausch angeboten.',
  withdrawn: 'Tauschangebot zurückgezogen',
  offerGone: 'Dieses Tauschangebot gibt es nicht mehr: Es wurde zurückgezogen oder der Dienst schon übernommen.',
  ownOffer: 'Das ist dein eigener Dienst; du kannst ihn nicht selbst übernehmen.',
  supervisorsOnly: 'Standaufsicht kann nur übernehmen, wer zur Gruppe „Standaufsichtsberechtigte“ gehört.',
  takenMeanwhile: 'Diesen Dienst hat inzwischen schon jemand anderes übernommen, oder er ist anders besetzt.',
  taken: 'Dienst übernommen',
} as const;

export function reminderSavedMessage(time: string): string {
  return `Erinnerung gespeichert: am Tag vor jedem Dienst um ${time} Uhr`;
}

type AuthedContext = Context & { user: Principal };

function today(ctx: Context): string {
  return toClubDate(ctx.services.clock.now());
}

/** A duty in the log as the roster shows it: 'Bewirtung am 04.12.2026'. */
function describeSlot(role: DutyRole, date: string): string {
  return `${DUTY_ROLE_LABELS[role]} am ${logDate(date)}`;
}

/** Days with their appointments; internal ones only for those who may see the calendar. */
async function withAppointments<T extends { date: string }>(db: Db, items: T[], includeInternal: boolean): Promise<Array<T & { appointments: EveningAppointment[] }>> {
  const byDay = await appointmentsOn(
    db,
    items.map((item) => item.date),
    includeInternal,
  );
  return items.map((item) => ({ ...item, appointments: byDay.get(item.date) ?? [] }));
}

/** The member's own address, if mails can go there. */
async function deliverableAddress(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row ? mailboxOf(row.email.trim()) : undefined;
}

/** Tells the member who offered a duty that someone took it, in the transaction of the swap. */
async function queueTakenMail(
  trx: Db,
  ctx: AuthedContext,
  offer: { user_id: number; prename: string; lastname: string; email: string; role: DutyRole; date: string },
): Promise<boolean> {
  const to = mailboxOf(offer.email.trim());
  if (to === undefined) return false;
  const { publicUrl } = ctx.services.config;
  // From the transaction: SQLite has one connection, which the transaction holds.
  const clubName = (await readClubData(trx)).name;
  const role = DUTY_ROLE_LABELS[offer.role];
  const day = formatDutyDate(offer.date);
  await enqueueMail(
    trx,
    {
      kind: 'duty',
      to,
      subject: `Dein Dienst wurde übernommen: ${role} am ${day}`,
      text: [
        `Hallo ${offer.prename} ${offer.lastname},`,
        '',
        `${ctx.user.prename} ${ctx.user.lastname} hat deinen zum Tausch angebotenen Dienst übernommen: ${role} am ${day}.`,
        'Im Dienstplan steht jetzt der neue Name; du bist für diesen Dienst nicht mehr eingetragen.',
        '',
        `Deine Dienste: ${publicUrl}/admin/ich`,
        '',
        'Viele Grüße',
        clubName,
      ].join('\n'),
    },
    ctx.services.clock.now(),
  );
  return true;
}

/**
 * Each member's own duties on the roster (README „Meine Dienste“): every logged-in member,
 * no extra permission. The roster stays the one record of who has which duty; a swap
 * changes it, and lists, feeds and reminders follow from it.
 */
export const dutiesRouter = router({
  /** The member's duties from today on (Europe/Berlin), each with the appointments of its day and whether it is offered. */
  list: authedProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services;
    const duties = await listDuties(db, ctx.user.id, today(ctx), MAX_LISTED_DUTIES);
    const offered = await offeredSlots(
      db,
      ctx.user.id,
      duties.map((duty) => duty.entry_id),
    );
    const listed = duties.map((duty) => ({ ...duty, offered: offered.has(slotKey(duty.entry_id, duty.role)) }));
    return withAppointments(db, listed, seesInternalAppointments(ctx.user.permissions));
  }),

  /** Offers of other members the member may take: Standaufsicht only within Standaufsichtsberechtigte. */
  offers: authedProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services;
    const offers = await listOpenOffers(db, { id: ctx.user.id, maySupervise: await maySupervise(db, ctx.user.id) }, today(ctx));
    return withAppointments(db, offers, seesInternalAppointments(ctx.user.permissions));
  }),

  /** The slots offered for swapping, marked on the roster page (which needs hosts_view). */
  offeredSlots: can('hosts_view').query(({ ctx }) => listOfferedSlots(ctx.services.db, today(ctx))),

  /** Whether a feed is set up (since when), the reminder time, and whether mails can reach the member. */
  settings: authedProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services;
    const settings = await readSettings(db, ctx.user.id);
    return {
      feed_since: settings.feed_created_ms === null ? null : toClubDateTime(new Date(settings.feed_created_ms)),
      reminder_time: settings.remind_at,
      feed_signups: settings.feed_signups,
      has_email: (await deliverableAddress(db, ctx.user.id)) !== undefined,
    };
  }),

  /**
   * A new secret address for the member's feed, answered this once (only its hash is
   * stored); the previous address stops working at once.
   */
  renewFeed: accountProcedure.mutation(async ({ ctx }) => {
    const { db, clock, config } = ctx.services;
    const token = newFeedToken();
    const createdMs = clock.now().getTime();
    const before = await readSettings(db, ctx.user.id);
    await setFeedToken(db, ctx.user.id, { hash: feedTokenHash(token), createdMs });
    const renewed = before.feed_created_ms !== null;
    await ctx.log(renewed ? 'Neue Adresse für das Kalender-Abo der eigenen Dienste erzeugt' : 'Kalender-Abo der eigenen Dienste eingerichtet');
    return {
      message: renewed ? DUTY_MESSAGES.feedRenewed : DUTY_MESSAGES.feedCreated,
      data: { url: feedUrl(config.publicUrl, token), since: toClubDateTime(new Date(createdMs)) },
    };
  }),

  /** The feed's address stops working; a calendar app subscribed to it gets 404. */
  revokeFeed: accountProcedure.mutation(async ({ ctx }) => {
    const { db } = ctx.services;
    if ((await readSettings(db, ctx.user.id)).feed_created_ms === null) throw new AppError('CONFLICT', DUTY_MESSAGES.feedNotActive);
    await setFeedToken(db, ctx.user.id, null);
    await ctx.log('Kalender-Abo der eigenen Dienste beendet');
    return { message: DUTY_MESSAGES.feedRevoked, data: { feed_since: null } };
  }),

  /** The time of day of the reminder mail the day before each duty, or null for none. */
  setReminder: authedProcedure.input(reminderInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    await setReminderTime(db, ctx.user.id, input.time);
    if (input.time === null) return { message: DUTY_MESSAGES.reminderOff, data: { reminder_time: null } };
    const warning = (await deliverableAddress(db, ctx.user.id)) === undefined ? DUTY_MESSAGES.reminderNoAddress : '';
    return { message: `${reminderSavedMessage(input.time)}${warning}`, data: { reminder_time: input.time } };
  }),

  /** Whether the feed also holds the member's own sign-ups to appointments (issue 29.6). */
  setFeedSignups: authedProcedure.input(feedSignupsInput).mutation(async ({ ctx, input }) => {
    await setFeedSignups(ctx.services.db, ctx.user.id, input.include);
    return { message: input.include ? DUTY_MESSAGES.feedSignupsOn : DUTY_MESSAGES.feedSignupsOff, data: { feed_signups: input.include } };
  }),

  /**
   * The private feed of the member whose address this is (REST: GET /api/dienste/<token>.ics):
   * their duties of the last 30 days and all to come, and nothing about anyone else.
   */
  feed: publicProcedure.input(dutyFeedInput).query(async ({ ctx, input }) => {
    const { db, config, clock } = ctx.services;
    const owner = await findFeedOwner(db, feedTokenHash(input.token));
    const member = owner ? await loadPrincipal(db, owner.id, 'feedAddress') : null;
    if (!member) throw new AppError('NOT_FOUND', DUTY_MESSAGES.feedNotFound);
    // The address reads as its member: whom the procedures refuse (a group's second factor
    // not set up, perhaps required after the address was made), it refuses too.
    admittedMember(member, `duties.feed von ${describePrincipal(member)}`);
    const now = clock.now();
    const since = addDays(toClubDate(now), -DUTY_FEED_PAST_DAYS);
    const duties = await listDuties(db, member.id, since, DUTY_FEED_MAX_EVENTS);
    const events = await withAppointments(db, duties, seesInternalAppointments(member.permissions));
    const { name } = await clubProfile(ctx.services);
    const signups = (await readSettings(db, member.id)).feed_signups ? await listFeedSignups(db, member.id, since) : [];
    return { body: buildDutyFeed(events, { publicUrl: config.publicUrl, clubName: name, now }, signups) };
  }),

  /** The member offers one of their own duties, from today on, for another member to take. */
  offer: authedProcedure.input(dutySlotInput).mutation(async ({ ctx, input }) => {
    const { db, clock } = ctx.services;
    const { entry, already } = await db.transaction().execute(async (trx) => {
      const entry = await findEntrySlots(trx, input.entry_id);
      if (!entry) throw new AppError('NOT_FOUND', DUTY_MESSAGES.entryNotFound);
      if (holderOf(entry, input.role) !== ctx.user.id) {
        throw new Refusal(`duties.offer ${describeSlot(input.role, entry.date)} (nicht der eigene Dienst)`, DUTY_MESSAGES.notOwnDuty);
      }
      if (entry.date < today(ctx)) throw new AppError('CONFLICT', DUTY_MESSAGES.pastDuty);
      // An offer of whoever held the slot before is no offer any more.
      await trx.deleteFrom('duty_offers').where('host_entry_id', '=', entry.id).where('role', '=', input.role).where('user_id', '!=', ctx.user.id).execute();
      try {
        await trx.insertInto('duty_offers').values({ host_entry_id: entry.id, role: input.role, user_id: ctx.user.id, created_ms: clock.now().getTime() }).execute();
      } catch (error) {
        if (isUniqueViolation(error)) return { entry, already: true };
        throw error;
      }
      return { entry, already: false };
    });
    const data = { entry_id: entry.id, role: input.role, date: entry.date };
    if (already) return { message: DUTY_MESSAGES.alreadyOffered, data };
    await ctx.log(`Dienst zum Tausch angeboten: ${describeSlot(input.role, entry.date)}`);
    return { message: DUTY_MESSAGES.offered, data };
  }),

  /** The member takes their offer back. */
  withdraw: authedProcedure.input(dutySlotInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const entry = await findEntrySlots(db, input.entry_id);
    const removed = await db
      .deleteFrom('duty_offers')
      .where('host_entry_id', '=', input.entry_id)
      .where('role', '=', input.role)
      .where('user_id', '=', ctx.user.id)
      .executeTakeFirst();
    if (!entry || Number(removed.numDeletedRows) === 0) throw new AppError('NOT_FOUND', DUTY_MESSAGES.notOffered);
    await ctx.log(`Tauschangebot zurückgezogen: ${describeSlot(input.role, entry.date)}`);
    return { message: DUTY_MESSAGES.withdrawn, data: { entry_id: entry.id, role: input.role, date: entry.date } };
  }),

  /**
   * 'Übernehmen': the offered duty moves to the member in one transaction. The offer is
   * consumed by its DELETE and the roster changes by a conditional UPDATE (only while the
   * offering member still holds the slot), so of two members who take it at once exactly
   * one gets it. The member who offered it is told by mail; the public roster's answer is dropped.
   */
  take: authedProcedure.input(idInput).mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const outcome = await db.transaction().execute(async (trx) => {
      const offer = await trx
        .selectFrom('duty_offers as o')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.id', 'o.host_entry_id', 'o.role', 'o.user_id', 'u.uid', 'u.prename', 'u.lastname', 'u.email'])
        .where('o.id', '=', input.id)
        .executeTakeFirst();
      const entry = offer && (await findEntrySlots(trx, offer.host_entry_id));
      if (!offer || !entry) throw new AppError('NOT_FOUND', DUTY_MESSAGES.offerGone);
      if (offer.user_id === ctx.user.id) throw new AppError('CONFLICT', DUTY_MESSAGES.ownOffer);
      if (offer.role === 'supervisor' && !(await maySupervise(trx, ctx.user.id))) {
        throw new Refusal(`duties.take ${describeSlot(offer.role, entry.date)} (nicht in der Gruppe Standaufsichtsberechtigte)`, DUTY_MESSAGES.supervisorsOnly);
      }
      if (entry.date < today(ctx)) throw new AppError('CONFLICT', DUTY_MESSAGES.pastDuty);
      const consumed = await trx.deleteFrom('duty_offers').where('id', '=', offer.id).executeTakeFirst();
      if (Number(consumed.numDeletedRows) !== 1) throw new AppError('CONFLICT', DUTY_MESSAGES.takenMeanwhile);
      const moved =
        offer.role === 'supervisor'
          ? await trx
              .updateTable('host_entries')
              .set({ supervisor_user_id: ctx.user.id, supervisor_special: null })
              .where('id', '=', entry.id)
              .where('supervisor_user_id', '=', offer.user_id)
              .executeTakeFirst()
          : await trx
              .updateTable('host_entries')
              .set({ host_user_id: ctx.user.id, host_special: null })
              .where('id', '=', entry.id)
              .where('host_user_id', '=', offer.user_id)
              .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new AppError('CONFLICT', DUTY_MESSAGES.takenMeanwhile);
      const mailed = await queueTakenMail(trx, ctx, { ...offer, date: entry.date });
      return { offer, entry, mailed };
    });
    const { offer, entry, mailed } = outcome;
    ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
    if (mailed) ctx.services.mail.wake();
    await ctx.log(`Dienst getauscht: ${describeSlot(offer.role, entry.date)} von ${memberName(offer)} an ${memberName(ctx.user)} übergeben`);
    return { message: DUTY_MESSAGES.taken, data: { entry_id: entry.id, role: offer.role, date: entry.date } };
  }),
});
