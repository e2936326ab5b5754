import { initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import type { PermissionName } from '../../shared/permissions.ts';
import { AppError, INTERNAL_ERROR_MESSAGE, MESSAGES, fieldErrorsOf, protocolErrorMessage, type FieldErrors } from '../errors.ts';
import { REFUSAL_PREFIX, type Context } from './context.ts';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    let message = error.message;
    let fieldErrors: FieldErrors | undefined;
    if (error.cause instanceof ZodError) {
      fieldErrors = fieldErrorsOf(error.cause);
      message = error.cause.issues[0]?.message ?? message;
    } else if (error instanceof AppError) {
      fieldErrors = error.fieldErrors;
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = INTERNAL_ERROR_MESSAGE;
    } else {
      message = protocolErrorMessage(error) ?? message;
    }
    // Built by hand so that no stack ever reaches a client.
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fieldErrors },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  return next({ ctx: { user: ctx.user } });
});

/** Allows the procedure only to members holding the permission; refusals are logged (once per window). */
export function can(permission: PermissionName) {
  return authedProcedure.use(async ({ ctx, next, path }) => {
    if (!ctx.user.permissions.has(permission)) {
      await ctx.log(`${REFUSAL_PREFIX}${path} (fehlende Berechtigung ${permission})`);
      throw new AppError('FORBIDDEN', MESSAGES.forbidden);
    }
    return next();
  });
}
