import { initTRPC } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { z } from 'zod';
import type { PermissionName } from '../../shared/permissions.ts';
import type { Section } from '../../shared/constants.ts';
import { scopeReaches, sectionRefusalMessage, type SectionPermission } from '../../shared/sectionRights.ts';
import { isDatabaseUnreachable, isMissingReference } from '../db/errors.ts';
import { AppError, INTERNAL_ERROR_MESSAGE, MESSAGES, Refusal, fieldErrorsOf, protocolErrorMessage, type FieldErrors } from '../errors.ts';
import { admittedMember, type Principal } from '../areas/auth/principal.ts';
import { REFUSAL_PREFIX, type Context } from './context.ts';

export interface ProcedureMeta {
  /**
   * The answer is the same for every visitor (a cached public read): over GET it goes out
   * with an ETag and a Cache-Control that lets browsers and proxies revalidate.
   */
  sharedAnswer?: boolean;
  /**
   * Open to a member whose group requires a second factor they have not set up yet
   * (the setup itself and who one is); every other procedure refuses them.
   */
  beforeSecondFactor?: boolean;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error }) {
    let message = error.message;
    let fieldErrors: FieldErrors | undefined;
    let { code } = shape;
    let httpStatus = shape.data.httpStatus;
    let codeName = shape.data.code;
    if (error.cause instanceof ZodError) {
      fieldErrors = fieldErrorsOf(error.cause);
      message = error.cause.issues[0]?.message ?? message;
    } else if (error instanceof AppError) {
      fieldErrors = error.fieldErrors;
    } else if (error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnreachable(error)) {
      // As the REST shim answers it (DESIGN §3). tRPC takes the HTTP status from this
      // shape, so this also covers a failure while createContext authenticates.
      message = MESSAGES.databaseUnavailable;
      code = TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE;
      codeName = 'SERVICE_UNAVAILABLE';
      httpStatus = 503;
    } else if (error.code === 'INTERNAL_SERVER_ERROR') {
      message = INTERNAL_ERROR_MESSAGE;
    } else {
      message = protocolErrorMessage(error) ?? message;
    }
    // Built by hand so that no stack ever reaches a client.
    return {
      message,
      code,
      data: { code: codeName, httpStatus, path: shape.data.path, fieldErrors },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure starts here: a refusal thrown anywhere inside is written to the server
 * log, and a write that names a row someone else deleted after the procedure's checks (a
 * race no check inside the transaction closes on MySQL) answers 422 instead of 500. The
 * transaction has rolled back by then, so nothing changed. An area with a better word for
 * the gone row throws its own AppError first.
 */
export const publicProcedure = t.procedure.use(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error instanceof Refusal) await ctx.log(`${REFUSAL_PREFIX}${result.error.reason}`);
  if (!result.ok && !(result.error instanceof AppError) && isMissingReference(result.error)) {
    throw new AppError('UNPROCESSABLE_CONTENT', MESSAGES.referenceGone);
  }
  return result;
});

/**
 * A public read whose answer does not depend on who asks (DESIGN §8, cached public reads).
 * It returns a value of the PublicCache as it is, and names it to the kept answer, which
 * must expire no later than that value.
 */
export const sharedReadProcedure = publicProcedure.meta({ sharedAnswer: true }).use(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) ctx.sharedRead?.builtFrom(result.data);
  return result;
});

/**
 * Logged-in members only. A member whose group requires a second factor they have not set
 * up reaches nothing but the procedures marked `beforeSecondFactor` (README „Zweiter
 * Faktor und App-Passwörter“), whichever way they authenticated. The rule is
 * `admittedMember`, which the paths outside tRPC (`/files`) ask as well.
 */
export const authedProcedure = publicProcedure.use(({ ctx, next, meta, path }) =>
  next({ ctx: { user: admittedMember(ctx.user, path, { beforeSecondFactor: meta?.beforeSecondFactor ?? false }) } }),
);

/**
 * What manages the account itself (password, e-mail address, shooter number, app
 * passwords, second factor, feed addresses): a session or Basic with the account password,
 * never an app password (DESIGN §10). A program keeps what its app password was made for,
 * the club's data; whoever holds only that cannot make it their account.
 */
export const accountProcedure = authedProcedure.use(({ ctx, next, path }) => {
  refuseAppPassword(ctx.user, path);
  return next();
});

/** The rule of `accountProcedure`, for a procedure that learns from its input whether it touches the account (a save of one's own record). */
export function refuseAppPassword(user: Pick<Principal, 'via'>, path: string): void {
  if (user.via === 'appPassword') throw new Refusal(`${path} (mit einem App-Passwort)`, MESSAGES.appPasswordNotForAccount);
}

/**
 * Allows the procedure only to members holding the permission; refusals are logged (once
 * per window). `base` narrows further first, e.g. `can('users_update', accountProcedure)`.
 */
export function can(permission: PermissionName, base: typeof authedProcedure = authedProcedure) {
  return holding([permission], base);
}

/** Allows the procedure to members holding at least one of the permissions (e.g. an upload serving two buttons). */
export function canAny(...permissions: PermissionName[]) {
  return holding(permissions, authedProcedure);
}

function holding(permissions: PermissionName[], base: typeof authedProcedure) {
  return base.use(({ ctx, next, path }) => {
    if (!permissions.some((permission) => ctx.user.permissions.has(permission))) {
      throw new Refusal(`${path} (fehlende Berechtigung ${permissions.join(' oder ')})`);
    }
    return next();
  });
}

/** What a procedure limited by sections is asked with: its parsed input and the member asking. */
export type SectionContext = Context & { user: Principal };

/**
 * Where the thing being changed belongs: one section, several (a move touches the old and the
 * new one), or none found (the procedure then answers its own 404).
 */
export type SectionsOf<TInput> = (input: TInput, ctx: SectionContext) => Section | readonly (Section | undefined)[] | undefined | Promise<Section | readonly (Section | undefined)[] | undefined>;

/**
 * Rights per section (issue 28.1, DESIGN §10 'Sections'): like `can(permission)`, and the
 * member's groups holding it must also reach every section `sectionsOf` names for the
 * parsed `input` (the procedure's input is set here). The refusal names the missing
 * section in German. REST routes call the same procedures (`callerFor`), so both share it.
 */
export function canIn<TSchema extends z.ZodType>(permission: SectionPermission, input: TSchema, sectionsOf: SectionsOf<z.output<TSchema>>) {
  return can(permission)
    .input(input)
    .use(async ({ ctx, input: parsed, next, path }) => {
      const found = await sectionsOf(parsed as z.output<TSchema>, ctx);
      const sections = (Array.isArray(found) ? found : [found]) as readonly (Section | undefined)[];
      for (const section of sections) if (section !== undefined) assertSectionRight(ctx.user, permission, section, path);
      return next();
    });
}

/**
 * The one rule of rights per section, for a check that cannot be made before the procedure
 * runs (what a write touches is learnt on the way): refuses unless the member's groups
 * holding `permission` reach `section`.
 */
export function assertSectionRight(user: Pick<Principal, 'sectionRights'>, permission: SectionPermission, section: Section, what: string): void {
  if (!scopeReaches(user.sectionRights[permission], section)) {
    throw new Refusal(`${what} (${permission} nicht für die Sparte ${section})`, sectionRefusalMessage(section));
  }
}

/** `canIn` for content of one fixed section (the club's data, the course's facts): no input needed to find it. */
export function canFor(permission: SectionPermission, section: Section) {
  return can(permission).use(({ ctx, next, path }) => {
    assertSectionRight(ctx.user, permission, section, path);
    return next();
  });
}
