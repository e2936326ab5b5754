import { z } from 'zod';
import { idListSchema, idSchema, requiredText } from './fields.ts';

/** SPEC §5 'Group': name required, max 255; permissions as a list of permission ids. */
export const groupFields = {
  name: requiredText('Der Gruppenname'),
  permissions: idListSchema.default([]),
};
export const groupCreateInput = z.object(groupFields);
export type GroupCreateInput = z.input<typeof groupCreateInput>;

export const groupUpdateInput = z.object({ id: idSchema, ...groupFields });
export type GroupUpdateInput = z.input<typeof groupUpdateInput>;

export const idInput = z.object({ id: idSchema });
