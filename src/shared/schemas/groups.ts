import { z } from 'zod';
import { idListSchema, idSchema, requiredText } from './fields.ts';

/** SPEC §5 'Group': name required, max 255; permissions as a list of permission ids. */
export const groupFields = {
  name: requiredText('Der Gruppenname'),
  permissions: idListSchema.default([]),
};
const requireSecondFactor = z.boolean({ error: 'Die Angabe „Zweiter Faktor erforderlich“ muss ja oder nein sein!' });

/** 'Zweiter Faktor erforderlich': off unless given on create; left as it is when an update leaves it out. */
export const groupCreateInput = z.object({ ...groupFields, require_second_factor: requireSecondFactor.default(false) });
export type GroupCreateInput = z.input<typeof groupCreateInput>;

export const groupUpdateInput = z.object({ id: idSchema, ...groupFields, require_second_factor: requireSecondFactor.optional() });
export type GroupUpdateInput = z.input<typeof groupUpdateInput>;

export const idInput = z.object({ id: idSchema });
