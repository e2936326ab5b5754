import { z } from 'zod';
import { idListSchema, idSchema, requiredText } from './fields.ts';
import { messageRecipientsSchema } from './messages.ts';
import { SECTIONS } from '../constants.ts';

/** 'Nur für Sparten' (issue 28.1): the sections the group's content permissions are limited to; empty: all. */
export const groupSectionsSchema = z
  .array(z.enum(SECTIONS, { error: 'Diese Sparte gibt es nicht!' }), { error: 'Die Sparten müssen eine Liste sein!' })
  .max(SECTIONS.length, { error: `Es gibt nur ${SECTIONS.length} Sparten!` })
  .transform((sections) => SECTIONS.filter((section) => sections.includes(section)));

/** SPEC §5 'Group': name required, max 255; permissions as a list of permission ids. */
export const groupFields = {
  name: requiredText('Der Gruppenname'),
  permissions: idListSchema.default([]),
};
const requireSecondFactor = z.boolean({ error: 'Die Angabe „Zweiter Faktor erforderlich“ muss ja oder nein sein!' });
/** 'Als Sparte öffentlich anzeigen' (issue 26): visitors see the group's name as the section of its appointments. */
const publicSection = z.boolean({ error: 'Die Angabe „Als Sparte öffentlich anzeigen“ muss ja oder nein sein!' });

/**
 * 'Zweiter Faktor erforderlich', 'Als Sparte öffentlich anzeigen' and 'Nachrichten nur an':
 * off (all) unless given on create; left as they are when an update leaves them out (legacy
 * programs know none of them).
 */
export const groupCreateInput = z.object({
  ...groupFields,
  require_second_factor: requireSecondFactor.default(false),
  public_section: publicSection.default(false),
  /** 'Nachrichten nur an' (issue 27.5): the contact recipients whose messages the members read; empty: all. */
  message_recipients: messageRecipientsSchema.default([]),
  sections: groupSectionsSchema.default([]),
});
export type GroupCreateInput = z.input<typeof groupCreateInput>;

export const groupUpdateInput = z.object({
  id: idSchema,
  ...groupFields,
  require_second_factor: requireSecondFactor.optional(),
  public_section: publicSection.optional(),
  message_recipients: messageRecipientsSchema.optional(),
  sections: groupSectionsSchema.optional(),
});
export type GroupUpdateInput = z.input<typeof groupUpdateInput>;

export const idInput = z.object({ id: idSchema });
