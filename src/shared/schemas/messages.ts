import { z } from 'zod';
import { CONTACT_RECIPIENTS } from '../constants.ts';
import { idSchema } from './fields.ts';

/** The inputs of the inbox 'Nachrichten' (issue 27.5). */

export const messageIdInput = z.object({ id: idSchema });

/** 'Als erledigt markieren' (done: true) and its undo (done: false). */
export const messageDoneInput = z.object({
  id: idSchema,
  done: z.boolean({ error: 'Die Angabe „erledigt“ muss ja oder nein sein!' }),
});

/**
 * The contact recipients whose messages the members of a group read (the group dialog);
 * empty: all of them. Each at most once.
 */
export const messageRecipientsSchema = z
  .array(z.enum(CONTACT_RECIPIENTS, { error: 'Diesen Adressaten gibt es nicht!' }), { error: 'Die Adressaten müssen eine Liste sein!' })
  .max(CONTACT_RECIPIENTS.length, { error: `Es gibt nur ${CONTACT_RECIPIENTS.length} Adressaten!` })
  .transform((recipients) => CONTACT_RECIPIENTS.filter((recipient) => recipients.includes(recipient)));
