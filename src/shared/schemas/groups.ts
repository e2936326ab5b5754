import { z } from 'zod';
import { idListSchema, idSchema, requiredText } from './fields.ts';

/** SPEC §5 'Group': name required, max 255; permissions as a list of permission ids. */
export const groupFields = {
  name: requiredText('Der Gruppenname'),
  permissions: idListSchema.default([]),
};
const requireSecondFactor = z.boolean({ error: 'Die Angabe „Zweiter Faktor erforderlich“ muss ja oder nein sein!' });
/** 'Als Sparte öffentlich anzeigen' (issue 26): visitors see the group's name as the section of its appointments. */
const publicSection = z.boolean({ error: 'Die Angabe „Als Sparte öffentlich anzeigen“ muss ja oder nein sein!' });

/**
 * 'Zweiter Faktor erforderlich' and 'Als Sparte öffentlich anzeigen': off unless given on
 * create; left as they are when an update leaves them out (legacy programs know neither).
 */
export const groupCreateInput = z.object({
  ...groupFields,
  require_second_factor: requireSecondFactor.default(false),
  public_section: publicSection.default(false),
});
export type GroupCreateInput = z.input<typeof groupCreateInput>;

export const groupUpdateInput = z.object({
  id: idSchema,
  ...groupFields,
  require_second_factor: requireSecondFactor.optional(),
  public_section: publicSection.optional(),
});
export type GroupUpdateInput = z.input<typeof groupUpdateInput>;

export const idInput = z.object({ id: idSchema });
