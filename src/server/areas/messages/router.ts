import { formatGermanDateTime, toClubDateTime } from '../../../shared/dates.ts';
import { CONTACT_RECIPIENT_LABELS } from '../../../shared/schemas/contact.ts';
import { messageDoneInput, messageIdInput } from '../../../shared/schemas/messages.ts';
import { can, router } from '../../trpc/index.ts';
import { countNewMessages, findMessage, listMessages, messageScope } from './queries.ts';

/**
 * The inbox 'Nachrichten' (issue 27.5): what visitors sent through the contact form, for the
 * members who may read it (messages_view, limited by their groups' 'Nachrichten nur an'), to
 * be marked as done or deleted by hand (messages_update). Not a public read: no answer cache.
 */
export const messagesRouter = router({
  /** Newest first; `smtpConfigured` false: the messages reach the club only here. */
  list: can('messages_view').query(async ({ ctx }) => {
    const { db, config } = ctx.services;
    return { smtpConfigured: config.smtpUrl !== undefined, messages: await listMessages(db, await messageScope(db, ctx.user.id, 'messages_view')) };
  }),

  /** The number beside 'Nachrichten' in the menu. */
  newCount: can('messages_view').query(async ({ ctx }) => {
    const { db } = ctx.services;
    return { count: await countNewMessages(db, await messageScope(db, ctx.user.id, 'messages_view')) };
  }),

  setDone: can('messages_update')
    .input(messageDoneInput)
    .mutation(async ({ ctx, input }) => {
      const { db, clock } = ctx.services;
      const scope = await messageScope(db, ctx.user.id, 'messages_update');
      await findMessage(db, scope, input.id);
      // A second click on 'erledigt' keeps the first time it was done.
      await db
        .updateTable('contact_messages')
        .set({ done_at: input.done ? toClubDateTime(clock.now()) : null })
        .where('id', '=', input.id)
        .where((eb) => (input.done ? eb('done_at', 'is', null) : eb('done_at', 'is not', null)))
        .execute();
      const message = await findMessage(db, scope, input.id);
      return { message: input.done ? 'Als erledigt markiert' : 'Wieder als neu markiert', data: message };
    }),

  /**
   * Deleting by hand (the retention deletes after 180 days anyway) is logged. A mail of the
   * message that still waits (no mail server yet, or retrying) goes with it: whoever deleted
   * the message does not want it delivered later. A mail a worker is sending right now, or
   * one already sent or given up, stays in the outbox until the retention.
   */
  delete: can('messages_update')
    .input(messageIdInput)
    .mutation(async ({ ctx, input }) => {
      const { db, clock } = ctx.services;
      const scope = await messageScope(db, ctx.user.id, 'messages_update');
      const nowMs = clock.now().getTime();
      const { message, mailDeleted } = await db.transaction().execute(async (trx) => {
        const found = await findMessage(trx, scope, input.id);
        let deletedMails = 0;
        if (found.mail_id !== null) {
          const result = await trx
            .deleteFrom('mail_outbox')
            .where('id', '=', found.mail_id)
            .where('status', 'in', ['pending', 'held'])
            .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
            .executeTakeFirst();
          deletedMails = Number(result.numDeletedRows);
        }
        await trx.deleteFrom('contact_messages').where('id', '=', input.id).execute();
        return { message: found, mailDeleted: deletedMails > 0 };
      });
      await ctx.log(
        `Nachricht ${message.id} an ${CONTACT_RECIPIENT_LABELS[message.recipient]} vom ${formatGermanDateTime(message.created_at)} („${message.subject}“) gelöscht${
          mailDeleted ? ', ihre noch wartende Mail mit' : ''
        }`,
      );
      return { message: 'Nachricht gelöscht', data: { id: message.id } };
    }),
});
