import { randomBytes } from 'node:crypto';
import { fromClubDateTime, toClubDateTime } from '../../../shared/dates.ts';
import { appointmentName } from '../../../shared/logNames.ts';
import {
  appointmentIdInput,
  exportInput,
  mySignupInput,
  organiserAddInput,
  organiserCancelInput,
  organiserMailInput,
  organiserUpdateInput,
  REGISTRATION_LIMITS,
  registrationConfigureInput,
  registrationStateText,
  signupChangeInput,
  signupFieldErrors,
  signupInput,
  signupTokenInput,
  type Participant,
  type RegistrationSettings,
} from '../../../shared/schemas/registrations.ts';
import { MESSAGES, AppError } from '../../errors.ts';
import { isLinkToken, linkTokenHash, newLinkToken } from '../../http/link-token.ts';
import { networkOf } from '../../http/network.ts';
import { withinNetworkLimit, type NetworkLimit } from '../../http/network-limit.ts';
import type { Context } from '../../trpc/context.ts';
import { authedProcedure, can, canIn, publicProcedure, router, sharedReadProcedure } from '../../trpc/index.ts';
import { CALENDAR_CACHE_AREA } from '../calendar/cache-area.ts';
import { sectionOfAppointment } from '../calendar/queries.ts';
import { generalCsv, ianseoCsv } from './csv-export.ts';
import { queueCancelledByOrganiser, queueConfirmation, queueMovedToWaiting, queueOrganiserMail, queuePromotion } from './mails.ts';
import {
  assertOpen,
  closingOf,
  counts,
  eraseRegistration,
  findByTokenHash,
  findRegistration,
  findSignupAppointment,
  insertRegistration,
  listParticipants,
  lockSettings,
  occupancy,
  overflowOf,
  participantColumns,
  promoteWaiting,
  publicState,
  readSettings,
  REGISTRATION_RESPONSES,
  toParticipantView,
  waitingPosition,
  type SignupAppointment,
  type RegistrationRow,
  type StoredSettings,
} from './queries.ts';

/**
 * Sign-ups with a waiting list (issue 29). The organiser's procedures follow the calendar's
 * rights: calendar_view reads the list, calendar_update changes settings and participants,
 * limited to the sections the member's groups reach (the appointment's group). The public
 * ones answer the sign-up page and the personal link; nothing of a participant is public.
 */

/** Accepted sign-ups per network within the window (README „Anmeldungen“): a family, a club's computer, not a flood. */
export const SIGNUP_LIMIT = { kind: 'signup', perNetwork: 20, windowMs: 60 * 60_000 } as const satisfies NetworkLimit;

/** Kinds of link (http/link-token.ts): a sign-up's token can never be taken for another kind. */
const TOKEN_PURPOSE = 'signup';

export const SIGNUP_MESSAGES = {
  place: 'Du bist angemeldet und hast einen Platz. Die Bestätigung mit deinem persönlichen Link kommt per Mail.',
  waiting: (position: number) => `Alle Plätze sind vergeben. Du stehst auf Platz ${position} der Warteliste. Die Bestätigung mit deinem persönlichen Link kommt per Mail.`,
  changed: 'Deine Angaben wurden gespeichert.',
  cancelled: 'Deine Anmeldung wurde storniert, und deine Daten wurden gelöscht.',
  configured: 'Anmeldung gespeichert',
  removed: 'Anmeldung geschlossen und alle Anmeldungen gelöscht',
  confirmMove: (count: number, places: number) =>
    `Bei ${places} ${places === 1 ? 'Platz' : 'Plätzen'} ${count === 1 ? 'rückt 1 Anmeldung' : `rücken ${count} Anmeldungen`} auf die Warteliste. Bitte bestätige die Änderung.`,
  added: (status: 'place' | 'waiting') => (status === 'place' ? 'Teilnehmer eingetragen' : 'Auf die Warteliste eingetragen'),
  updated: 'Anmeldung gespeichert',
  organiserCancelled: 'Anmeldung storniert',
  mailed: (count: number) => (count === 1 ? '1 Mail wird gesendet' : `${count} Mails werden gesendet`),
} as const;

function changed(ctx: Context): void {
  // /termine and the sign-up page show the free places; they are kept with the calendar's answers.
  ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
}

const sectionOf = (input: { appointmentId: number }, ctx: Context) => sectionOfAppointment(ctx.services.db, input.appointmentId);

async function appointmentOf(ctx: Context, appointmentId: number): Promise<SignupAppointment> {
  const appointment = await findSignupAppointment(ctx.services.db, appointmentId);
  if (!appointment) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return appointment;
}

/** A sign-up visitors can reach: settings exist, the appointment is public and takes place. */
async function publicSignup(ctx: Context, appointmentId: number): Promise<{ settings: StoredSettings; appointment: SignupAppointment }> {
  const [settings, appointment] = await Promise.all([readSettings(ctx.services.db, appointmentId), findSignupAppointment(ctx.services.db, appointmentId)]);
  if (!settings || !appointment || appointment.visibility !== 1 || appointment.cancelled === 1) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
  return { settings, appointment };
}

function assertFields(settings: RegistrationSettings, participant: Participant, appointment: SignupAppointment): void {
  const errors = signupFieldErrors(settings, participant, appointment.datetime_begin.slice(0, 10));
  const first = Object.values(errors)[0]?.[0];
  if (first !== undefined) throw new AppError('UNPROCESSABLE_CONTENT', first, errors);
}

/** A minor's sign-up carries the guardian's name and the time of the consent. */
function needsGuardian(settings: RegistrationSettings, participant: Participant, appointment: SignupAppointment): boolean {
  if (!settings.guardianConsent || participant.birthdate === '') return false;
  return signupFieldErrors(settings, { ...participant, guardianName: '', guardianConsent: false }, appointment.datetime_begin.slice(0, 10)).guardianConsent !== undefined;
}

function label(appointment: SignupAppointment): string {
  return appointmentName(appointment.name, appointment.datetime_begin);
}

/** The instant the public state changes next (opens, closes), so a kept answer does not outlive it. */
function nextChange(info: { opensAt: string | null; closesAt: string }, now: Date): number | undefined {
  const instants = [info.opensAt, info.closesAt]
    .filter((value): value is string => value !== null)
    .map((value) => fromClubDateTime(value)?.getTime())
    .filter((value): value is number => value !== undefined && value > now.getTime());
  return instants.length > 0 ? Math.min(...instants) : undefined;
}

async function promoteAndMail(trx: Parameters<typeof promoteWaiting>[0], ctx: Context, settings: StoredSettings, now: Date, except?: number): Promise<number[]> {
  const promoted = await promoteWaiting(trx, ctx.services.dialect, settings, settings.appointmentId, now, except);
  for (const id of promoted) await queuePromotion(trx, ctx.services, await findRegistration(trx, settings.appointmentId, id));
  return promoted;
}

function promotedLine(promoted: number[]): string {
  return promoted.length === 0 ? '' : `; von der Warteliste nachgerückt: ${promoted.map((id) => `Anmeldung ${id}`).join(', ')}`;
}

/** The participant cancels (link or Meine Daten): the data go at once, the place goes to the waiting list. */
async function cancelByParticipant(ctx: Context, row: RegistrationRow, how: string): Promise<void> {
  const { services } = ctx;
  const appointmentId = Number(row.appointment_id);
  const appointment = await appointmentOf(ctx, appointmentId);
  const now = services.clock.now();
  const promoted = await services.db.transaction().execute(async (trx) => {
    const settings = await lockSettings(trx, services.dialect, appointmentId);
    await eraseRegistration(trx, Number(row.id), now);
    return settings ? promoteAndMail(trx, ctx, settings, now) : [];
  });
  changed(ctx);
  if (promoted.length > 0) services.mail.wake();
  await ctx.log(`Anmeldung ${row.id} zu ${label(appointment)} ${how} storniert, Daten gelöscht${promotedLine(promoted)}`);
}

/** The sign-up behind a personal link; a malformed or unknown token is 404 alike. */
async function byToken(ctx: Context, token: string) {
  const row = isLinkToken(token) ? await findByTokenHash(ctx.services.db, linkTokenHash(TOKEN_PURPOSE, token)) : undefined;
  if (!row) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.notFound);
  return row;
}

export const registrationsRouter = router({
  /** What the sign-up page shows: the appointment, the form's fields, the note and the free places; nobody's data. */
  publicInfo: sharedReadProcedure.input(appointmentIdInput).query(({ ctx, input }) =>
    // Kept with the calendar's answers: a sign-up, a change of the settings or of the appointment drops it.
    ctx.services.publicCache.read(
      CALENDAR_CACHE_AREA,
      `signup:${input.appointmentId}`,
      async () => {
        const { settings, appointment } = await publicSignup(ctx, input.appointmentId);
        const now = ctx.services.clock.now();
        const state = publicState(settings, appointment, (await counts(ctx.services.db, input.appointmentId)).taken, toClubDateTime(now));
        return {
          appointment: { id: appointment.id, name: appointment.name, datetime_begin: appointment.datetime_begin, datetime_end: appointment.datetime_end, location: appointment.location },
          state,
          stateText: registrationStateText(state),
          placesPerSignup: settings.placesPerSignup,
          audience: settings.audience,
          note: settings.note,
          guardianConsent: settings.guardianConsent,
          fields: settings.fields,
          opensAt: settings.opensAt,
          closesAt: closingOf(settings, appointment),
          keptDays: REGISTRATION_LIMITS.keptDays,
        };
      },
      // Not kept past the moment the sign-up opens or closes.
      (info) => nextChange(info, ctx.services.clock.now()),
    ),
  ),

  /**
   * The public sign-up: the honeypot, the limit per network, the fields the settings ask,
   * then a place or the waiting list in one transaction under the appointment's lock.
   */
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { appointmentId, homepage, ...participant } = input;
    const { settings, appointment } = await publicSignup(ctx, appointmentId);
    if (settings.audience === 'members' && !ctx.user) throw new AppError('UNAUTHORIZED', REGISTRATION_RESPONSES.membersOnly);
    const now = services.clock.now();
    assertOpen(settings, appointment, now);
    assertFields(settings, participant, appointment);
    if (homepage !== undefined && homepage.trim() !== '') {
      services.logger.info({ address: ctx.request.address }, 'signup: honeypot filled, sign-up dropped');
      return { message: SIGNUP_MESSAGES.place, data: { status: 'place' as const, waitingPosition: null } };
    }
    const token = newLinkToken();
    const outcome = await withinNetworkLimit(services, SIGNUP_LIMIT, networkOf(ctx.request.address), now, async (trx) => {
      const locked = await lockSettings(trx, services.dialect, appointmentId);
      if (!locked) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      // Checked again under the lock: the organiser may have just changed the settings.
      assertOpen(locked, appointment, now);
      assertFields(locked, participant, appointment);
      const { id, status } = await insertRegistration(trx, services.dialect, locked, {
        appointmentId,
        participant,
        tokenHash: linkTokenHash(TOKEN_PURPOSE, token),
        userId: ctx.user?.id ?? null,
        wanted: 'place',
        guardian: needsGuardian(locked, participant, appointment),
        now,
      });
      const row = await findRegistration(trx, appointmentId, id);
      await queueConfirmation(trx, services, row, locked, token);
      return { id, status, position: await waitingPosition(trx, appointmentId, { status, position: Number(row.position) }) };
    });
    if (!outcome.admitted) throw new AppError('TOO_MANY_REQUESTS', REGISTRATION_RESPONSES.tooMany);
    const { id, status, position } = outcome.value;
    changed(ctx);
    services.mail.wake();
    await ctx.log(`Anmeldung ${id} zu ${label(appointment)}: ${status === 'place' ? 'Platz' : `Warteliste (Platz ${position})`}`);
    return { message: status === 'place' ? SIGNUP_MESSAGES.place : SIGNUP_MESSAGES.waiting(position ?? 1), data: { status, waitingPosition: position } };
  }),

  /** The personal link: the sign-up as given, its status and the form to change it. */
  mine: publicProcedure.input(signupTokenInput).query(async ({ ctx, input }) => {
    const row = await byToken(ctx, input.token);
    const appointmentId = Number(row.appointment_id);
    const settings = await readSettings(ctx.services.db, appointmentId);
    const appointment = await appointmentOf(ctx, appointmentId);
    const view = toParticipantView(row, await waitingPosition(ctx.services.db, appointmentId, { status: row.status, position: Number(row.position) }));
    const { paid: _paid, present: _present, member: _member, ...own } = view;
    return {
      appointment: { id: appointment.id, name: appointment.name, datetime_begin: appointment.datetime_begin, datetime_end: appointment.datetime_end, location: appointment.location },
      registration: own,
      fields: settings?.fields ?? { phone: 'off', birthdate: 'off', club: 'off', custom: [] },
      placesPerSignup: settings?.placesPerSignup ?? 1,
      guardianConsent: settings?.guardianConsent ?? false,
    };
  }),

  /** Changes the fields of one's sign-up by the personal link, until the appointment begins. */
  changeMine: publicProcedure.input(signupChangeInput).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { token, ...values } = input;
    const row = await byToken(ctx, token);
    const appointmentId = Number(row.appointment_id);
    const appointment = await appointmentOf(ctx, appointmentId);
    const now = services.clock.now();
    if (toClubDateTime(now) >= appointment.datetime_begin) throw new AppError('BAD_REQUEST', REGISTRATION_RESPONSES.started);
    const participant: Participant = { ...values, places: values.places ?? Number(row.places) };
    const promoted = await services.db.transaction().execute(async (trx) => {
      const settings = await lockSettings(trx, services.dialect, appointmentId);
      if (!settings) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      const current = await findRegistration(trx, appointmentId, Number(row.id));
      if (current.status === 'cancelled') throw new AppError('BAD_REQUEST', REGISTRATION_RESPONSES.cancelledAlready);
      // Fewer places than before are always fine; more only as far as they are free.
      const morePlaces = participant.places > Number(current.places);
      assertFields(morePlaces ? settings : { ...settings, placesPerSignup: Math.max(settings.placesPerSignup, Number(current.places)) }, participant, appointment);
      if (morePlaces && current.status === 'place') {
        const { taken } = await occupancy(trx, services.dialect, appointmentId);
        if (taken - Number(current.places) + participant.places > settings.places) throw AppError.field('places', REGISTRATION_RESPONSES.morePlacesNoRoom);
      }
      const guardian = needsGuardian(settings, participant, appointment);
      await trx
        .updateTable('registrations')
        .set({
          ...participantColumns(participant),
          places: participant.places,
          guardian_name: guardian ? participant.guardianName : '',
          guardian_consent_at: guardian ? (current.guardian_consent_at ?? toClubDateTime(now)) : null,
          updated_at: toClubDateTime(now),
        })
        .where('id', '=', current.id)
        .execute();
      return promoteAndMail(trx, ctx, settings, now);
    });
    changed(ctx);
    if (promoted.length > 0) services.mail.wake();
    await ctx.log(`Anmeldung ${row.id} zu ${label(appointment)} über den persönlichen Link geändert${promotedLine(promoted)}`);
    return { message: SIGNUP_MESSAGES.changed };
  }),

  /** Cancels by the personal link: the data go at once, the place goes to the waiting list. */
  cancelMine: publicProcedure.input(signupTokenInput).mutation(async ({ ctx, input }) => {
    await cancelByParticipant(ctx, await byToken(ctx, input.token), 'über den persönlichen Link');
    return { message: SIGNUP_MESSAGES.cancelled };
  }),

  /** A member's own sign-ups (Meine Daten, issue 29.6): the appointment, place or waiting list; cancelled ones are left out. */
  mySignups: authedProcedure.query(async ({ ctx }) => {
    const rows = await ctx.services.db
      .selectFrom('registrations as r')
      .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
      .select(['r.id', 'r.appointment_id', 'r.status', 'r.position', 'r.places', 'a.name', 'a.datetime_begin', 'a.datetime_end', 'a.location'])
      .where('r.user_id', '=', ctx.user.id)
      .where('r.status', '!=', 'cancelled')
      .orderBy('a.datetime_begin')
      .orderBy('r.id')
      .execute();
    const data = [];
    for (const row of rows) {
      const appointmentId = Number(row.appointment_id);
      data.push({
        id: Number(row.id),
        appointment: { id: appointmentId, name: row.name, datetime_begin: row.datetime_begin, datetime_end: row.datetime_end, location: row.location },
        status: row.status as 'place' | 'waiting',
        places: Number(row.places),
        waitingPosition: await waitingPosition(ctx.services.db, appointmentId, { status: row.status, position: Number(row.position) }),
      });
    }
    return { data };
  }),

  /** A member cancels an own sign-up from Meine Daten, as by the personal link: the data go at once. */
  cancelMySignup: authedProcedure.input(mySignupInput).mutation(async ({ ctx, input }) => {
    const row = await ctx.services.db.selectFrom('registrations').selectAll().where('id', '=', input.id).where('user_id', '=', ctx.user.id).executeTakeFirst();
    if (!row || row.status === 'cancelled') throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.notFound);
    await cancelByParticipant(ctx, row, 'unter „Meine Daten“');
    return { message: SIGNUP_MESSAGES.cancelled };
  }),

  /** The organiser's view of the settings and counts; null when the appointment takes no sign-ups. */
  settings: can('calendar_view')
    .input(appointmentIdInput)
    .query(async ({ ctx, input }) => {
      await appointmentOf(ctx, input.appointmentId);
      const settings = await readSettings(ctx.services.db, input.appointmentId);
      if (!settings) return { data: null };
      return { data: { ...settings, counts: await counts(ctx.services.db, input.appointmentId) } };
    }),

  /** The list: participants and waiting list in arrival order with all fields, and the counts per choice. */
  list: can('calendar_view')
    .input(appointmentIdInput)
    .query(async ({ ctx, input }) => {
      const appointment = await appointmentOf(ctx, input.appointmentId);
      const settings = await readSettings(ctx.services.db, input.appointmentId);
      if (!settings) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      const participants = await listParticipants(ctx.services.db, input.appointmentId);
      const choiceCounts = settings.fields.custom
        .filter((field) => field.type === 'choice')
        .map((field) => ({
          key: field.key,
          label: field.label,
          counts: field.options.map((option) => ({
            option,
            places: participants.filter((p) => p.status === 'place' && p.answers[field.key] === option).reduce((sum, p) => sum + p.places, 0),
            waiting: participants.filter((p) => p.status === 'waiting' && p.answers[field.key] === option).reduce((sum, p) => sum + p.places, 0),
          })),
        }));
      return { data: { appointment, settings, counts: await counts(ctx.services.db, input.appointmentId), participants, choiceCounts } };
    }),

  /**
   * Opens or changes sign-ups of one appointment. Fewer places than are taken move the
   * latest arrivals to the waiting list, never silently: without `confirm` nothing is saved
   * and the answer says how many would move; more places move the waiting list up.
   */
  configure: canIn('calendar_update', registrationConfigureInput, sectionOf).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const appointment = await appointmentOf(ctx, input.appointmentId);
    if (appointment.visibility !== 1) throw AppError.field('appointmentId', REGISTRATION_RESPONSES.notPublic);
    const now = services.clock.now();
    const stamp = toClubDateTime(now);
    const fields = { ...input.settings.fields, custom: input.settings.fields.custom.map((field) => ({ ...field, key: field.key ?? `f${randomBytes(4).toString('hex')}` })) };
    const settings: StoredSettings = { ...input.settings, fields, appointmentId: input.appointmentId };
    const values = {
      places: settings.places,
      places_per_signup: settings.placesPerSignup,
      opens_at: settings.opensAt,
      closes_at: settings.closesAt,
      audience: settings.audience,
      note: settings.note,
      guardian_consent: settings.guardianConsent ? 1 : 0,
      fields: JSON.stringify(fields),
      updated_at: stamp,
    };
    const result = await services.db.transaction().execute(async (trx) => {
      const existing = await lockSettings(trx, services.dialect, input.appointmentId);
      if (!existing) {
        await trx.insertInto('registration_settings').values({ appointment_id: input.appointmentId, ...values, created_at: stamp }).execute();
        return { saved: true as const, moved: [] as number[], promoted: [] as number[], created: true };
      }
      const { placed } = await occupancy(trx, services.dialect, input.appointmentId);
      const moved = overflowOf(placed, settings.places);
      if (moved.length > 0 && !input.confirm) return { saved: false as const, wouldMove: moved.length };
      await trx.updateTable('registration_settings').set(values).where('appointment_id', '=', input.appointmentId).execute();
      if (moved.length > 0) {
        await trx.updateTable('registrations').set({ status: 'waiting', updated_at: stamp }).where('id', 'in', moved).execute();
        for (const id of moved) await queueMovedToWaiting(trx, services, await findRegistration(trx, input.appointmentId, id));
      }
      const promoted = moved.length > 0 ? [] : await promoteAndMail(trx, ctx, settings, now);
      return { saved: true as const, moved, promoted, created: false };
    });
    if (!result.saved) {
      return { message: SIGNUP_MESSAGES.confirmMove(result.wouldMove, settings.places), data: { saved: false, wouldMove: result.wouldMove } };
    }
    changed(ctx);
    if (result.moved.length + result.promoted.length > 0) services.mail.wake();
    const movedLine = result.moved.length === 0 ? '' : `; auf die Warteliste: ${result.moved.map((id) => `Anmeldung ${id}`).join(', ')}`;
    await ctx.log(`Anmeldung zu ${label(appointment)} ${result.created ? 'geöffnet' : 'geändert'} (${settings.places} Plätze)${movedLine}${promotedLine(result.promoted)}`);
    return { message: SIGNUP_MESSAGES.configured, data: { saved: true, wouldMove: 0, moved: result.moved.length, promoted: result.promoted.length } };
  }),

  /** Closes sign-ups and deletes every sign-up with its mails now (the organiser may delete before the 90 days). */
  remove: canIn('calendar_update', appointmentIdInput, sectionOf).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const appointment = await appointmentOf(ctx, input.appointmentId);
    const deleted = await services.db.transaction().execute(async (trx) => {
      const existing = await lockSettings(trx, services.dialect, input.appointmentId);
      if (!existing) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      const ids = (await trx.selectFrom('registrations').select('id').where('appointment_id', '=', input.appointmentId).execute()).map((row) => Number(row.id));
      if (ids.length > 0) {
        const mails = await trx.selectFrom('registration_mails').select('mail_id').where('registration_id', 'in', ids).execute();
        if (mails.length > 0) await trx.deleteFrom('mail_outbox').where('id', 'in', mails.map((mail) => mail.mail_id)).execute();
      }
      await trx.deleteFrom('registrations').where('appointment_id', '=', input.appointmentId).execute();
      await trx.deleteFrom('registration_settings').where('appointment_id', '=', input.appointmentId).execute();
      return ids.length;
    });
    changed(ctx);
    await ctx.log(`Anmeldung zu ${label(appointment)} geschlossen, ${deleted === 1 ? '1 Anmeldung' : `${deleted} Anmeldungen`} gelöscht`);
    return { message: SIGNUP_MESSAGES.removed, data: { deleted } };
  }),

  /** One sign-up with all fields. */
  get: can('calendar_view')
    .input(organiserCancelInput)
    .query(async ({ ctx, input }) => {
      const row = await findRegistration(ctx.services.db, input.appointmentId, input.id);
      return { data: toParticipantView(row, await waitingPosition(ctx.services.db, input.appointmentId, { status: row.status, position: Number(row.position) })) };
    }),

  /** Adds a participant by hand (a phone call): the period does not apply; the confirmation mail does. */
  add: canIn('calendar_update', organiserAddInput, sectionOf).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { appointmentId, status: wanted, ...participant } = input;
    const appointment = await appointmentOf(ctx, appointmentId);
    const now = services.clock.now();
    const token = newLinkToken();
    const { id, status } = await services.db.transaction().execute(async (trx) => {
      const settings = await lockSettings(trx, services.dialect, appointmentId);
      if (!settings) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      assertFields(settings, participant, appointment);
      const added = await insertRegistration(trx, services.dialect, settings, {
        appointmentId,
        participant,
        tokenHash: linkTokenHash(TOKEN_PURPOSE, token),
        userId: null,
        wanted: wanted ?? 'place',
        guardian: needsGuardian(settings, participant, appointment),
        now,
      });
      if (wanted === 'place' && added.status !== 'place') throw AppError.field('status', REGISTRATION_RESPONSES.noRoom);
      await queueConfirmation(trx, services, await findRegistration(trx, appointmentId, added.id), settings, token);
      return added;
    });
    changed(ctx);
    services.mail.wake();
    await ctx.log(`Anmeldung ${id} zu ${label(appointment)} von Hand eingetragen: ${status === 'place' ? 'Platz' : 'Warteliste'}`);
    return { message: SIGNUP_MESSAGES.added(status), data: { id, status } };
  }),

  /** Edits a sign-up: its values, bezahlt/anwesend, or a move between the list and the waiting list. */
  update: canIn('calendar_update', organiserUpdateInput, sectionOf).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const { appointmentId, id, paid, present, status, ...values } = input;
    const appointment = await appointmentOf(ctx, appointmentId);
    const now = services.clock.now();
    const stamp = toClubDateTime(now);
    const { view, promoted } = await services.db.transaction().execute(async (trx) => {
      const settings = await lockSettings(trx, services.dialect, appointmentId);
      if (!settings) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      const current = await findRegistration(trx, appointmentId, id);
      if (current.status === 'cancelled') throw new AppError('BAD_REQUEST', REGISTRATION_RESPONSES.cancelledAlready);
      const participant: Participant = {
        prename: values.prename ?? current.prename,
        lastname: values.lastname ?? current.lastname,
        email: values.email ?? current.email,
        phone: values.phone ?? current.phone,
        birthdate: values.birthdate ?? current.birthdate,
        club: values.club ?? current.club,
        places: values.places ?? Number(current.places),
        answers: values.answers ?? (JSON.parse(current.answers) as Participant['answers']),
        guardianName: values.guardianName ?? current.guardian_name,
        guardianConsent: values.guardianConsent ?? current.guardian_consent_at !== null,
      };
      // The organiser may keep more places than a sign-up may ask for (a family they agreed to).
      assertFields({ ...settings, placesPerSignup: Math.max(settings.placesPerSignup, participant.places) }, participant, appointment);
      const nextStatus = status ?? current.status;
      if (nextStatus === 'place') {
        const { taken } = await occupancy(trx, services.dialect, appointmentId);
        const mine = current.status === 'place' ? Number(current.places) : 0;
        if (taken - mine + participant.places > settings.places) throw AppError.field(status === undefined ? 'places' : 'status', REGISTRATION_RESPONSES.noRoom);
      }
      const guardian = needsGuardian(settings, participant, appointment);
      await trx
        .updateTable('registrations')
        .set({
          ...participantColumns(participant),
          places: participant.places,
          status: nextStatus,
          ...(paid === undefined ? {} : { paid: paid ? 1 : 0 }),
          ...(present === undefined ? {} : { present: present ? 1 : 0 }),
          guardian_name: guardian ? participant.guardianName : '',
          guardian_consent_at: guardian ? (current.guardian_consent_at ?? stamp) : null,
          updated_at: stamp,
        })
        .where('id', '=', id)
        .execute();
      // Moved to the waiting list by hand: the others may move up, this one stays where it was put.
      const promoted = await promoteAndMail(trx, ctx, settings, now, status === 'waiting' ? id : undefined);
      if (current.status === 'waiting' && nextStatus === 'place') await queuePromotion(trx, services, await findRegistration(trx, appointmentId, id));
      const row = await findRegistration(trx, appointmentId, id);
      return { view: toParticipantView(row, await waitingPosition(trx, appointmentId, { status: row.status, position: Number(row.position) })), promoted };
    });
    changed(ctx);
    services.mail.wake();
    const what = [
      status === undefined ? '' : status === 'place' ? 'auf die Teilnehmerliste gesetzt' : 'auf die Warteliste gesetzt',
      paid === undefined ? '' : paid ? 'bezahlt' : 'nicht bezahlt',
      present === undefined ? '' : present ? 'anwesend' : 'nicht anwesend',
    ].filter(Boolean);
    await ctx.log(`Anmeldung ${id} zu ${label(appointment)} geändert${what.length > 0 ? ` (${what.join(', ')})` : ''}${promotedLine(promoted)}`);
    return { message: SIGNUP_MESSAGES.updated, data: view };
  }),

  /** Cancels a sign-up (the list keeps it as 'storniert'); the place goes to the waiting list. */
  cancel: canIn('calendar_update', organiserCancelInput, sectionOf).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const appointment = await appointmentOf(ctx, input.appointmentId);
    const now = services.clock.now();
    const promoted = await services.db.transaction().execute(async (trx) => {
      const settings = await lockSettings(trx, services.dialect, input.appointmentId);
      const current = await findRegistration(trx, input.appointmentId, input.id);
      if (current.status === 'cancelled') throw new AppError('BAD_REQUEST', REGISTRATION_RESPONSES.cancelledAlready);
      await trx.updateTable('registrations').set({ status: 'cancelled', cancelled_at: toClubDateTime(now), updated_at: toClubDateTime(now) }).where('id', '=', input.id).execute();
      await queueCancelledByOrganiser(trx, services, current);
      return settings ? promoteAndMail(trx, ctx, settings, now) : [];
    });
    changed(ctx);
    services.mail.wake();
    await ctx.log(`Anmeldung ${input.id} zu ${label(appointment)} storniert${promotedLine(promoted)}`);
    return { message: SIGNUP_MESSAGES.organiserCancelled, data: { id: input.id } };
  }),

  /** The organiser writes to all participants, the waiting list, or both, through the outbox. */
  mail: canIn('calendar_update', organiserMailInput, sectionOf).mutation(async ({ ctx, input }) => {
    const { services } = ctx;
    const appointment = await appointmentOf(ctx, input.appointmentId);
    const statuses = input.to === 'all' ? ['place', 'waiting'] : [input.to];
    const sent = await services.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('registrations').selectAll().where('appointment_id', '=', input.appointmentId).where('status', 'in', statuses).orderBy('position').execute();
      let count = 0;
      for (const row of rows) count += await queueOrganiserMail(trx, services, row, input.subject, input.text, appointment.name);
      return count;
    });
    if (sent > 0) services.mail.wake();
    const to = input.to === 'all' ? 'Teilnehmer und Warteliste' : input.to === 'place' ? 'Teilnehmer' : 'Warteliste';
    await ctx.log(`Mail „${input.subject}“ zu ${label(appointment)} an ${to}: ${sent === 1 ? '1 Mail' : `${sent} Mails`}`);
    return { message: SIGNUP_MESSAGES.mailed(sent), data: { mails: sent } };
  }),

  /** CSV for spreadsheets (all fields) or for ianseo (those with a place), through the one CSV writer. */
  export: can('calendar_view')
    .input(exportInput)
    .query(async ({ ctx, input }) => {
      const appointment = await appointmentOf(ctx, input.appointmentId);
      const settings = await readSettings(ctx.services.db, input.appointmentId);
      if (!settings) throw new AppError('NOT_FOUND', REGISTRATION_RESPONSES.noSignup);
      const participants = await listParticipants(ctx.services.db, input.appointmentId);
      const content = input.layout === 'ianseo' ? ianseoCsv(settings, participants) : generalCsv(settings, participants);
      const date = appointment.datetime_begin.slice(0, 10);
      await ctx.log(`Anmeldeliste zu ${label(appointment)} exportiert (${input.layout === 'ianseo' ? 'ianseo' : 'CSV'})`);
      return { filename: `anmeldungen-${appointment.id}-${date}${input.layout === 'ianseo' ? '-ianseo' : ''}.csv`, contentType: 'text/csv; charset=utf-8', content };
    }),
});
