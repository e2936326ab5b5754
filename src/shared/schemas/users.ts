import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import {
  emailSchema,
  idListSchema,
  newPasswordSchema,
  optionalPasswordSchema,
  phoneSchema,
  requiredText,
  uidSchema,
} from './fields.ts';

/** `/api/users/{x}`: eight digits name a shooter number, anything else an id (DESIGN §3). */
export const userRefSchema = z.union([z.string(), z.number()], { error: 'Der Benutzer muss angegeben werden!' }).transform(String);

/** SPEC §5 'User (admin dialog)'. */
export const userCreateInput = z.object({
  prename: requiredText('Der Vorname'),
  lastname: requiredText('Der Nachname'),
  uid: uidSchema,
  password: newPasswordSchema,
  email: emailSchema(LIMITS.userEmail),
  phone: phoneSchema(LIMITS.userPhone),
  groups: idListSchema.optional(),
});
export type UserCreateInput = z.input<typeof userCreateInput>;

export const userUpdateInput = userCreateInput.extend({ ref: userRefSchema, password: optionalPasswordSchema });
export type UserUpdateInput = z.input<typeof userUpdateInput>;

/** SPEC §5 'My account': like the dialog, but e-mail and phone up to 255. */
export const accountUpdateInput = userCreateInput.extend({
  password: optionalPasswordSchema,
  email: emailSchema(LIMITS.accountEmail),
  phone: phoneSchema(LIMITS.accountPhone),
});
export type AccountUpdateInput = z.input<typeof accountUpdateInput>;

export const userRefInput = z.object({ ref: userRefSchema });

/**
 * `PUT /api/users/{x}` of the old backend: the own record follows 'My account', anyone
 * else's the admin dialog. Which one is only known on the server, so the fields are
 * checked there against `accountUpdateInput` or `userUpdateInput`.
 */
export const userSaveInput = z.looseObject({ ref: userRefSchema });
export type UserSaveInput = z.input<typeof userSaveInput>;
