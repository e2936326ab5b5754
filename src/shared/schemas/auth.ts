import { z } from 'zod';
import { PASSWORD_MESSAGES, uidSchema } from './fields.ts';

/** Login credentials of SPEC §5 'Login'. */
export const loginInput = z.object({
  username: uidSchema,
  password: z
    .string({ error: PASSWORD_MESSAGES.empty })
    .min(1, { error: PASSWORD_MESSAGES.empty }),
});
export type LoginInput = z.infer<typeof loginInput>;
