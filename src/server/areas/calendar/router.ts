import { z } from 'zod';
import { idInput } from '../../../shared/schemas/groups.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { appointmentCreateInput, appointmentUpdateInput, calendarMonthInput, type AttachmentView } from '../../../shared/schemas/calendar.ts';
import { receivedFile } from '../../storage/schema.ts';
import { removeStoredFiles } from '../../storage/storage.ts';
import type { Context } from '../../trpc/context.ts';
import { can, canAny, router, sharedReadProcedure } from '../../trpc/index.ts';
import { clubProfile } from '../club/cache.ts';
import { CALENDAR_CACHE_AREA } from './cache-area.ts';
import { buildFeed, FEED_PAST_DAYS, type Feed } from './feed.ts';
import { notifyGroup } from './notify.ts';
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
  updateAppointment,
} from './queries.ts';

export { CALENDAR_CACHE_AREA };

export const CALENDAR_MESSAGES = {
  created: 'Termin angelegt',
  updated: 'Termin gespeichert',
  /** `notify` was ticked, but the group heard of this appointment less than 10 minutes ago. */
  updatedNotNotified: 'Termin gespeichert. Die Gruppe wurde vor weniger als 10 Minuten benachrichtigt; es wurde keine weitere Benachrichtigung gesendet.',
  deleted: 'Termin gelöscht',
  uploaded: 'Anhänge hochgeladen',
} as const;

/** Attachments of one upload request. */
export const MAX_ATTACHMENTS_PER_UPLOAD = 20;

export const attachmentUploadInput = z.object({
  files: z.array(receivedFile('attachment')).min(1, { error: 'Bitte wähle mindestens eine Datei aus.' }).max(MAX_ATTACHMENTS_PER_UPLOAD),
});

/** Uploading serves both the add button and the edit toggle (SPEC §6), so either permission will do. */
const canAttach = canAny('calendar_create', 'calendar_update');

function now(ctx: Context): Date {
  return ctx.services.clock.now();
}

export const calendarRouter = router({
  month: can('calendar_view')
    .input(calendarMonthInput)
    .query(({ ctx, input }) => listMonth(ctx.services.db, input.year, input.month, ctx.services.storage.urlOf)),

  /** Upcoming public appointments: not yet ended, soonest first. */
  publicList: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(CALENDAR_CACHE_AREA, 'list', () =>
      listPublic(ctx.services.db, toClubDateTime(now(ctx)), ctx.services.storage.urlOf),
    ),
  ),

  /** The iCal feed (RFC 5545) as text with its ETag; REST serves it as text/calendar. */
  publicFeed: sharedReadProcedure.query(({ ctx }) =>
    ctx.services.publicCache.read(CALENDAR_CACHE_AREA, 'feed', async (): Promise<Feed> => {
      const since = toClubDateTime(new Date(now(ctx).getTime() - FEED_PAST_DAYS * 86_400_000));
      const { name } = await clubProfile(ctx.services);
      return buildFeed(await listFeed(ctx.services.db, since), ctx.services.config.publicUrl, name);
    }),
  ),

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
    await ctx.log(`Anhänge hochgeladen: ${data.map((entry) => `${entry.id} (${entry.filename}, ${entry.size} Bytes)`).join(', ')}`);
    return { message: CALENDAR_MESSAGES.uploaded, data };
  }),

  create: can('calendar_create')
    .input(appointmentCreateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const stamp = toClubDateTime(now(ctx));
      const { appointment, notification } = await db.transaction().execute(async (trx) => {
        await assertGroupExists(trx, input.assignment);
        const id = await insertAppointment(trx, input, stamp);
        await assignAttachments(trx, id, input.attachments, ctx.user.id);
        const row = await findAppointmentRow(trx, id);
        const notification = input.notify ? await notifyGroup(trx, ctx.services, row) : undefined;
        return { appointment: await findAppointment(trx, id, storage.urlOf), notification };
      });
      ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      if (notification?.mails) ctx.services.mail.wake();
      await ctx.log(`Termin ${appointment.id} (${appointment.name}, ${appointment.datetime_begin}) angelegt`);
      if (notification) await ctx.log(notification.logLine);
      return { message: CALENDAR_MESSAGES.created, data: appointment };
    }),

  update: can('calendar_update')
    .input(appointmentUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const stamp = toClubDateTime(now(ctx));
      const { appointment, dropped, notification } = await db.transaction().execute(async (trx) => {
        await findAppointmentRow(trx, input.id);
        await assertGroupExists(trx, input.assignment);
        await updateAppointment(trx, input.id, input, stamp);
        const dropped = await assignAttachments(trx, input.id, input.attachments, ctx.user.id);
        const row = await findAppointmentRow(trx, input.id);
        const notification = input.notify ? await notifyGroup(trx, ctx.services, row) : undefined;
        return { appointment: await findAppointment(trx, input.id, storage.urlOf), dropped, notification };
      });
      ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      if (notification?.mails) ctx.services.mail.wake();
      await removeStoredFiles(storage, dropped, (message) => ctx.log(message));
      await ctx.log(`Termin ${appointment.id} (${appointment.name}, ${appointment.datetime_begin}) geändert`);
      if (notification) await ctx.log(notification.logLine);
      return { message: notification?.tooSoon ? CALENDAR_MESSAGES.updatedNotNotified : CALENDAR_MESSAGES.updated, data: appointment };
    }),

  delete: can('calendar_delete')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      const { db, storage } = ctx.services;
      const { row, files } = await db.transaction().execute(async (trx) => {
        const row = await findAppointmentRow(trx, input.id);
        return { row, files: await deleteAppointment(trx, input.id) };
      });
      ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      await removeStoredFiles(storage, files, (message) => ctx.log(message));
      await ctx.log(`Termin ${row.id} (${row.name}, ${row.datetime_begin}) gelöscht`);
      return { message: CALENDAR_MESSAGES.deleted, data: { id: row.id } };
    }),
});

