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

export const CURRENT_PASSWORD_MESSAGES = {
  missing: 'Bitte gib zur Bestätigung dein aktuelles Passwort ein.',
  wrong: 'Das aktuelle Passwort ist falsch.',
} as const;

/**
 * The member's current password, proving a change of their own password. Optional here:
 * a request with Basic authentication has proven it with its header; over a session the
 * server requires it whenever a new own password is given.
 */
export const currentPasswordSchema = z
  .string({ error: CURRENT_PASSWORD_MESSAGES.wrong })
  .max(1024, { error: CURRENT_PASSWORD_MESSAGES.wrong })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

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

export const userUpdateInput = userCreateInput.extend({
  ref: userRefSchema,
  password: optionalPasswordSchema,
  current_password: currentPasswordSchema,
});
export type UserUpdateInput = z.input<typeof userUpdateInput>;

/** SPEC §5 'My account': like the dialog, but e-mail and phone up to 255. */
export const accountUpdateInput = userCreateInput.extend({
  password: optionalPasswordSchema,
  current_password: currentPasswordSchema,
  email: emailSchema(LIMITS.accountEmail),
  phone: phoneSchema(LIMITS.accountPhone),
});
export type AccountUpdateInput = z.input<typeof accountUpdateInput>;

/** Who the member is as stored: what a change of their own record is compared with. */
export interface StoredIdentity {
  uid: string;
  email: string;
}

/**
 * Whether a save of one's own record changes who one is: a new password, shooter number
 * or e-mail address (with a new address, a reset link would go to it). Over a session that
 * needs the current password; the server and the forms ask the same question.
 */
export function changesIdentity(values: { password?: string | undefined; uid: string; email: string }, stored: StoredIdentity): boolean {
  return (values.password !== undefined && values.password !== '') || values.uid !== stored.uid || values.email !== stored.email;
}

/**
 * A browser form changing the member's own record: the browser is logged in with a
 * session, so the server will ask for the current password when the save changes who the
 * member is (`changesIdentity`); the form asks first.
 */
export function requiringCurrentPassword<Schema extends z.ZodType<{ password?: string | undefined; current_password?: string | undefined; uid: string; email: string }>>(
  schema: Schema,
  stored: StoredIdentity,
) {
  return schema.refine((values) => !changesIdentity(values, stored) || values.current_password !== undefined, {
    path: ['current_password'],
    error: CURRENT_PASSWORD_MESSAGES.missing,
  });
}

export const userRefInput = z.object({ ref: userRefSchema });

/** A member's annual pass for the 3D course for one club year, marked or cleared (README „Benutzer“). */
export const annualPassInput = z.object({
  ref: userRefSchema,
  year: z.number().int().min(2000, { error: 'Bitte gib ein gültiges Jahr an!' }).max(2100, { error: 'Bitte gib ein gültiges Jahr an!' }),
  pass: z.boolean(),
});

/**
 * `PUT /api/users/{x}` of the old backend: the own record follows 'My account', anyone
 * else's the admin dialog. Which one is only known on the server, so the fields are
 * checked there against `accountUpdateInput` or `userUpdateInput`.
 */
export const userSaveInput = z.looseObject({ ref: userRefSchema });
export type UserSaveInput = z.input<typeof userSaveInput>;
