import { z } from 'zod';
import { idInput } from '../../../shared/schemas/groups.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { appointmentName, logDate, logDateTime, quoted } from '../../../shared/logNames.ts';
import { APPOINTMENT_MESSAGES, appointmentCreateInput, appointmentDeleteInput, appointmentUpdateInput, calendarMonthInput, type AttachmentView } from '../../../shared/schemas/calendar.ts';
import { publicCalendarInput, type PublicCalendarInput } from '../../../shared/schemas/sections.ts';
import { UNKNOWN_SECTION, type PublicSection } from '../../../shared/sectionGroups.ts';
import { AppError, Refusal } from '../../errors.ts';
import { receivedFile } from '../../storage/schema.ts';
import { removeStoredFiles } from '../../storage/storage.ts';
import type { Context } from '../../trpc/context.ts';
import { can, canAny, canIn, router, sharedReadProcedure } from '../../trpc/index.ts';
import { clubProfile } from '../club/cache.ts';
import { HOSTS_CACHE_AREA } from '../hosts/queries.ts';
import { firstStateChange, publicSignupStates } from '../registrations/public-states.ts';
import { CALENDAR_CACHE_AREA } from './cache-area.ts';
import { buildFeed, FEED_PAST_DAYS, type Feed } from './feed.ts';
import { notifyGroup, notifySeriesGroup } from './notify.ts';
import {
  assertGroupExists,
  assignAttachments,
  deleteAppointment,
  findAppointment,
  findAppointmentRow,
  insertAppointment,
  insertAttachment,
  listFeed,
  listMonth,
  listPublic,
  listSectionGroups,
  sectionOfAppointment,
  sectionOfAssignment,
  shownAttachmentIds,
  unusedFiles,
  updateAppointment,
  type SectionGroup,
} from './queries.ts';
import {
  countGone,
  createSeries,
  deleteFollowing,
  deleteSeries,
  editFollowing,
  editOccurrence,
  editSeries,
  findSeries,
  makeSeries,
  occurrenceIds,
  publicSeriesIds,
  seriesEntries,
  setCancelled,
} from './series.ts';

export { CALENDAR_CACHE_AREA };

export const CALENDAR_MESSAGES = {
  created: 'Termin angelegt',
  updated: 'Termin gespeichert',
  /** `notify` was ticked, but the group heard of this appointment less than 10 minutes ago. */
  updatedNotNotified: 'Termin gespeichert. Die Gruppe wurde vor weniger als 10 Minuten benachrichtigt; es wurde keine weitere Benachrichtigung gesendet.',
  deleted: 'Termin gelöscht',
  uploaded: 'Anhänge hochgeladen',
  seriesCreated: (count: number) => `Terminserie mit ${count} ${count === 1 ? 'Termin' : 'Terminen'} angelegt`,
  cancelled: 'Termin abgesagt',
  restored: 'Absage zurückgenommen',
  seriesDeleted: 'Terminserie gelöscht',
  followingDeleted: 'Dieser und alle folgenden Termine der Serie gelöscht',
} as const;

/** How many years ahead the back office's months are kept (the year before and this one too). */
const KEPT_MONTH_YEARS_AHEAD = 2;

/** Attachments of one upload request. */
export const MAX_ATTACHMENTS_PER_UPLOAD = 20;

export const attachmentUploadInput = z.object({
  files: z.array(receivedFile('attachment')).min(1, { error: 'Bitte wähle mindestens eine Datei aus.' }).max(MAX_ATTACHMENTS_PER_UPLOAD),
});

/** Uploading serves both the add button and the edit toggle (SPEC §6), so either permission will do. */
const canAttach = canAny('calendar_create', 'calendar_update');

/** A calendar write drops the kept calendar answers and the roster's (it shows cancelled evenings). */
function calendarChanged(ctx: Context): void {
  ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
  ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
}

function now(ctx: Context): Date {
  return ctx.services.clock.now();
}

/** The sections with their groups, kept with the calendar's answers (a group's save drops them). */
function sectionGroups(ctx: Context): Promise<SectionGroup[]> {
  return ctx.services.publicCache.read(CALENDAR_CACHE_AREA, 'sections', () => listSectionGroups(ctx.services.db));
}

/**
 * The section the input names, undefined for none; an unknown one is 404 before anything is
 * read or kept, so no address a stranger makes up becomes an entry of the cache.
 */
async function chosenSection(ctx: Context, input: PublicCalendarInput): Promise<SectionGroup | undefined> {
  if (input?.section === undefined) return undefined;
  const section = (await sectionGroups(ctx)).find((candidate) => candidate.slug === input.section);
  if (!section) throw new AppError('NOT_FOUND', UNKNOWN_SECTION);
  return section;
}

export const calendarRouter = router({
  /**
   * The back office's month. Every member with calendar_view sees the same month, so the
   * months around today are kept in the answer cache (dropped by every calendar write and
   * group rename) after the permission check; other years are queried each time, so no
   * member can fill the cache with thousands of months.
   */
  month: can('calendar_view')
    .input(calendarMonthInput)
    .query(({ ctx, input }) => {
      const read = () => listMonth(ctx.services.db, input.year, input.month, ctx.services.storage.urlOf);
      // The UTC year: it differs from the club's for an hour at New Year, which only shifts what is kept.
      const thisYear = now(ctx).getUTCFullYear();
      if (input.year < thisYear - 1 || input.year > thisYear + KEPT_MONTH_YEARS_AHEAD) return read();
      return ctx.services.publicCache.read(CALENDAR_CACHE_AREA, `month:${input.year}-${input.month}`, read);
    }),

  /** The sections visitors can filter /termine by and subscribe to (issue 26), each with its address. */
  publicSections: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(CALENDAR_CACHE_AREA, 'public-sections', async (): Promise<PublicSection[]> =>
      (await sectionGroups(ctx)).map(({ slug, name }) => ({ slug, name })),
    ),
  ),

  /**
   * Upcoming public appointments, soonest first; of a series the next twelve months, cancelled
   * occurrences left out; with `section` only that section's.
   */
  publicList: sharedReadProcedure.input(publicCalendarInput).query(async ({ ctx, input }) => {
    const section = await chosenSection(ctx, input);
    return ctx.services.publicCache.read(
      CALENDAR_CACHE_AREA,
      section ? `list:${section.id}` : 'list',
      async () => {
        const since = toClubDateTime(now(ctx));
        const list = await listPublic(ctx.services.db, since, `${Number(since.slice(0, 4)) + 1}${since.slice(4)}`, ctx.services.storage.urlOf, section?.id);
        // 'Anmelden' with the free places (issue 29.2); a sign-up drops this kept list (registrations `changed`).
        const signups = await publicSignupStates(ctx.services.db, list, now(ctx));
        return list.map((appointment) => ({ ...appointment, signup: signups.get(appointment.id) ?? null }));
      },
      // Not kept past the moment a sign-up opens or closes.
      firstStateChange,
    );
  }),

  /** The iCal feed (RFC 5545) as text with its ETag, of all public appointments or one section's; REST serves it as text/calendar. */
  publicFeed: sharedReadProcedure.input(publicCalendarInput).query(async ({ ctx, input }) => {
    const section = await chosenSection(ctx, input);
    return ctx.services.publicCache.read(CALENDAR_CACHE_AREA, section ? `feed:${section.id}` : 'feed', async (): Promise<Feed> => {
      const since = toClubDateTime(new Date(now(ctx).getTime() - FEED_PAST_DAYS * 86_400_000));
      const { name } = await clubProfile(ctx.services);
      const { db } = ctx.services;
      // A section's feed holds its group's public series; an occurrence another group took over is left out of them.
      const shown = (occurrence: { visibility: number; assignment: number }) =>
        Number(occurrence.visibility) === 1 && (section === undefined || Number(occurrence.assignment) === section.id);
      const series = await seriesEntries(db, await publicSeriesIds(db, since, section?.id), shown, 'visitor');
      return buildFeed(await listFeed(db, since, section?.id), ctx.services.config.publicUrl, name, series, section);
    });
  }),

  /** Lets the upload route refuse a member before a byte of a file is stored. */
  checkUpload: canAttach.query(() => ({ allowed: true })),

  upload: canAttach.input(attachmentUploadInput).mutation(async ({ ctx, input }) => {
    const { db, storage } = ctx.services;
    const placed: string[] = [];
    const data: AttachmentView[] = [];
    try {
      for (const file of input.files) {
        const storedName = await storage.place(file);
        placed.push(storedName);
        const id = await insertAttachment(db, {
          filename: file.originalName,
          storedName,
          mime: file.type.mime,
          size: file.size,
          uploadedBy: ctx.user.id,
          createdAt: toClubDateTime(now(ctx)),
        });
        data.push({ id, filename: file.originalName, url: storage.urlOf(storedName), size: file.size, type: file.type.mime });
      }
    } catch (error) {
      // All or nothing: rows of this request go with their files.
      if (data.length > 0) await db.deleteFrom('attachments').where('id', 'in', data.map((entry) => entry.id)).execute();
      for (const name of placed) await storage.remove(name);
      throw error;
    }
    await ctx.log(`Anhänge hochgeladen: ${data.map((entry) => `${entry.filename} (${entry.size} Bytes)`).join(', ')}`);
    return { message: CALENDAR_MESSAGES.uploaded, data };
  }),

  create: canIn('calendar_create', appointmentCreateInput, (input, ctx) => sectionOfAssignment(ctx.services.db, input.assignment))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const stamp = toClubDateTime(now(ctx));
      const { attachments, recurrence, ...values } = input;
      const { appointment, notification, series } = await db.transaction().execute(async (trx) => {
        await assertGroupExists(trx, input.assignment);
        if (recurrence) {
          const series = await createSeries(trx, { values, attachments, actorId: ctx.user.id, now: stamp }, recurrence);
          const notification = input.notify ? await notifySeriesGroup(trx, ctx.services, series.seriesId) : undefined;
          return { appointment: await findAppointment(trx, series.firstId, storage.urlOf), notification, series };
        }
        const id = await insertAppointment(trx, values, stamp);
        await assignAttachments(trx, { appointment: id }, attachments, ctx.user.id);
        const row = await findAppointmentRow(trx, id);
        const notification = input.notify ? await notifyGroup(trx, ctx.services, row) : undefined;
        return { appointment: await findAppointment(trx, id, storage.urlOf), notification, series: undefined };
      });
      calendarChanged(ctx);
      if (notification?.mails) ctx.services.mail.wake();
      await ctx.log(
        series
          ? `Terminserie ${quoted(appointment.name)} (${appointment.series?.description}) mit ${series.occurrences} Terminen ab ${logDateTime(appointment.datetime_begin)} angelegt`
          : `Termin ${appointmentName(appointment.name, appointment.datetime_begin)} angelegt`,
      );
      if (notification) await ctx.log(notification.logLine);
      return { message: series ? CALENDAR_MESSAGES.seriesCreated(series.occurrences) : CALENDAR_MESSAGES.created, data: appointment };
    }),

  /**
   * Saves an appointment. An occurrence of a series is saved for `scope`: itself alone, it
   * and the following ones (a new series from its date), or the whole series. A save that
   * would delete occurrences needs calendar_delete too.
   */
  // Moving an appointment to another group needs the rights of both sections.
  update: canIn('calendar_update', appointmentUpdateInput, async (input, ctx) => [
    await sectionOfAppointment(ctx.services.db, input.id),
    await sectionOfAssignment(ctx.services.db, input.assignment),
  ])
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const stamp = toClubDateTime(now(ctx));
      const { id, attachments, recurrence, scope, ...values } = input;
      const { appointment, names, notification, logLine } = await db.transaction().execute(async (trx) => {
        const row = await findAppointmentRow(trx, id);
        await assertGroupExists(trx, input.assignment);
        const save = { values, attachments, actorId: ctx.user.id, now: stamp };
        let names: string[];
        let seriesId: number | null = null;
        let logLine: string;
        if (row.series_id === null) {
          if (recurrence) {
            ({ seriesId, names } = await makeSeries(trx, row, save, recurrence));
            logLine = `Termin ${appointmentName(values.name, values.datetime_begin)} zur Terminserie gemacht`;
          } else {
            await updateAppointment(trx, id, values, stamp);
            names = await assignAttachments(trx, { appointment: id }, attachments, ctx.user.id);
            logLine = `Termin ${appointmentName(values.name, values.datetime_begin)} geändert`;
          }
        } else {
          if (Number(row.cancelled) === 1) throw new AppError('BAD_REQUEST', APPOINTMENT_MESSAGES.cancelled);
          const series = await findSeries(trx, Number(row.series_id));
          // A save that deletes occurrences (no rule any more, an earlier end, fewer days, a
          // shorter rest) is a deletion and needs calendar_delete as the delete does. Counted
          // after the save, in its transaction: every way a save deletes is caught, and the
          // refusal rolls all of it back.
          const existing = ctx.user.permissions.has('calendar_delete') ? [] : await occurrenceIds(trx, series.id);
          if (scope === 'single') {
            names = await editOccurrence(trx, row, series, save, recurrence, await shownAttachmentIds(trx, row));
            seriesId = series.id;
            logLine = `Termin ${appointmentName(values.name, values.datetime_begin)} der Terminserie ${quoted(series.name)} einzeln geändert`;
          } else if (scope === 'all') {
            names = await editSeries(trx, row, series, save, recurrence);
            seriesId = recurrence === null ? null : series.id;
            logLine =
              recurrence === null
                ? `Terminserie ${quoted(series.name)} aufgelöst; Termin ${appointmentName(values.name, values.datetime_begin)} bleibt als einzelner Termin`
                : `Terminserie ${quoted(values.name)} geändert`;
          } else {
            ({ names, seriesId } = await editFollowing(trx, row, series, save, recurrence));
            logLine =
              seriesId === null
                ? `Terminserie ${quoted(series.name)} endet vor dem ${logDate(row.occurrence_date ?? '')}; Termin ${appointmentName(values.name, values.datetime_begin)} bleibt als einzelner Termin`
                : seriesId === series.id
                  ? `Terminserie ${quoted(values.name)} geändert`
                  : `Terminserie ${quoted(series.name)} ab ${logDate(row.occurrence_date ?? '')} als neue Terminserie ${quoted(values.name)} geändert`;
          }
          const gone = await countGone(trx, existing);
          if (gone > 0) {
            throw new Refusal(
              `calendar.update von Termin ${id} würde ${gone === 1 ? '1 Termin' : `${gone} Termine`} der Terminserie ${series.id} löschen (fehlende Berechtigung calendar_delete)`,
              APPOINTMENT_MESSAGES.removesOccurrences,
            );
          }
        }
        const notification = !input.notify ? undefined : seriesId !== null ? await notifySeriesGroup(trx, ctx.services, seriesId) : await notifyGroup(trx, ctx.services, await findAppointmentRow(trx, id));
        return { appointment: await findAppointment(trx, id, storage.urlOf), names: await unusedFiles(trx, names), notification, logLine };
      });
      calendarChanged(ctx);
      if (notification?.mails) ctx.services.mail.wake();
      await removeStoredFiles(storage, names, (message) => ctx.log(message));
      await ctx.log(logLine);
      if (notification) await ctx.log(notification.logLine);
      return { message: notification?.tooSoon ? CALENDAR_MESSAGES.updatedNotNotified : CALENDAR_MESSAGES.updated, data: appointment };
    }),

  /** Deletes an appointment; one occurrence of a series is cancelled (its row stays, see restore), the other scopes delete. */
  delete: canIn('calendar_delete', appointmentDeleteInput, (input, ctx) => sectionOfAppointment(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const stamp = toClubDateTime(now(ctx));
      const { message, names, logLine } = await db.transaction().execute(async (trx) => {
        const row = await findAppointmentRow(trx, input.id);
        const label = appointmentName(row.name, row.datetime_begin);
        if (row.series_id === null) {
          return { message: CALENDAR_MESSAGES.deleted, names: await deleteAppointment(trx, input.id), logLine: `Termin ${label} gelöscht` };
        }
        const series = await findSeries(trx, Number(row.series_id));
        if (input.scope === 'single') {
          await setCancelled(trx, row, true, stamp);
          return { message: CALENDAR_MESSAGES.cancelled, names: [], logLine: `Termin ${label} der Terminserie ${quoted(series.name)} abgesagt` };
        }
        const names = input.scope === 'all' ? await deleteSeries(trx, series.id) : await deleteFollowing(trx, row, series, stamp);
        const logLine = input.scope === 'all' ? `Terminserie ${quoted(series.name)} gelöscht` : `Terminserie ${quoted(series.name)} ab ${logDate(row.occurrence_date ?? '')} gelöscht`;
        return { message: input.scope === 'all' ? CALENDAR_MESSAGES.seriesDeleted : CALENDAR_MESSAGES.followingDeleted, names: await unusedFiles(trx, names), logLine };
      });
      calendarChanged(ctx);
      await removeStoredFiles(storage, names, (line) => ctx.log(line));
      await ctx.log(logLine);
      return { message, data: { id: input.id } };
    }),

  /** Takes back the cancellation of an occurrence ('Absage zurücknehmen'). */
  restore: canIn('calendar_update', idInput, (input, ctx) => sectionOfAppointment(ctx.services.db, input.id))
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const stamp = toClubDateTime(now(ctx));
      const appointment = await db.transaction().execute(async (trx) => {
        const row = await findAppointmentRow(trx, input.id);
        if (row.series_id === null) throw new AppError('BAD_REQUEST', APPOINTMENT_MESSAGES.notAnOccurrence);
        if (Number(row.cancelled) === 0) throw new AppError('BAD_REQUEST', APPOINTMENT_MESSAGES.notCancelled);
        await setCancelled(trx, row, false, stamp);
        return findAppointment(trx, input.id, storage.urlOf);
      });
      calendarChanged(ctx);
      await ctx.log(`Absage von Termin ${appointmentName(appointment.name, appointment.datetime_begin)} zurückgenommen`);
      return { message: CALENDAR_MESSAGES.restored, data: appointment };
    }),
});
