import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { PROTECTED_USER_ID } from '../../../shared/permissions.ts';
import {
  accountUpdateInput,
  annualPassInput,
  changesIdentity,
  userCreateInput,
  userRefInput,
  userSaveInput,
  userUpdateInput,
} from '../../../shared/schemas/users.ts';
import { AppError, MESSAGES, Refusal } from '../../errors.ts';
import { accountProcedure, authedProcedure, can, refuseAppPassword, router } from '../../trpc/index.ts';
import type { Context } from '../../trpc/context.ts';
import { confirmCurrentPassword } from '../auth/authenticate.ts';
import { describePrincipal, type Principal } from '../auth/principal.ts';
import { removeSecondFactor } from '../auth/second-factor.ts';
import { queueSecurityNoticeFor } from '../auth/security-notices.ts';
import { assertMayManageMember, MEMBER_DELETE_REFUSED } from '../groups/grants.ts';
import { HOSTS_CACHE_AREA } from '../hosts/queries.ts';
import { findUserRecord, groupIdsOfUser, listUserRecords, refersTo, resolveUserId, USER_NOT_FOUND } from './queries.ts';
import { describeUser, saveUser } from './save.ts';
import { exportFilename, exportMemberData } from './export.ts';
import { annualPassYears, setAnnualPass } from '../coursebook/queries.ts';
import { toClubDateTime } from '../../../shared/dates.ts';

const GROUPS_NOT_EDITABLE = 'Dir fehlt die Berechtigung, Gruppenmitgliedschaften zu ändern.';
export const OWN_SECOND_FACTOR_HERE = 'Deinen eigenen zweiten Faktor schaltest du unter „Meine Daten“ aus.';
export const NO_SECOND_FACTOR = 'Für diesen Benutzer ist kein zweiter Faktor eingeschaltet.';
export const MEMBER_SECOND_FACTOR_REFUSED = 'Du kannst den zweiten Faktor nur bei Mitgliedern ausschalten, deren Berechtigungen du selbst besitzt.';

type AuthedContext = Context & { user: Principal };

/** Group 1 and user 1 are protected (SPEC §4): nobody changes or deletes them here. */
function refuseProtectedUser(id: number, action: string): void {
  if (id === PROTECTED_USER_ID) throw new Refusal(`${action} von Benutzer ${id} (geschützt)`, MESSAGES.protected);
}

/** Whether saving `wanted` would change the member's groups (sending the same ones needs no permission). */
async function changesGroups(ctx: Context, userId: number, wanted: number[] | undefined): Promise<boolean> {
  if (wanted === undefined) return false;
  const current = new Set(await groupIdsOfUser(ctx.services.db, userId));
  const next = new Set(wanted);
  return current.size !== next.size || [...next].some((id) => !current.has(id));
}

type IdentityInput = { password?: string | undefined; current_password?: string | undefined; uid: string; email: string };

/**
 * A new own password, e-mail address or shooter number needs the current password when
 * the request came with the session cookie (a stolen or forgotten open session must not be
 * enough to take the account, e.g. by a new address and then a reset link to it). A
 * request with Basic authentication has just proven it with its header (an app password
 * never gets here: `refuseAppPassword`).
 */
async function proveOwnPassword(ctx: AuthedContext, input: IdentityInput): Promise<void> {
  if (ctx.sessionId === null) return;
  const stored = await ctx.services.db.selectFrom('users').select(['uid', 'email']).where('id', '=', ctx.user.id).executeTakeFirst();
  if (!stored || changesIdentity(input, stored)) await confirmCurrentPassword(ctx.services, ctx.user, input.current_password, ctx.request);
}

/** How the member's security notice names whoever saved, and from where. */
const noticeOf = (ctx: AuthedContext) => ({ actorName: describePrincipal(ctx.user), address: ctx.request.address });

/** The admin dialog's rules: the caller holds users_update. */
async function updateUser(ctx: AuthedContext, input: z.output<typeof userUpdateInput>) {
  const id = await resolveUserId(ctx.services.db, input.ref);
  refuseProtectedUser(id, 'Änderung');
  if (!ctx.user.permissions.has('groups_view') && (await changesGroups(ctx, id, input.groups))) {
    throw new Refusal(`Gruppen von Benutzer ${id} (fehlende Berechtigung groups_view)`, GROUPS_NOT_EDITABLE);
  }
  const own = id === ctx.user.id;
  if (own) await proveOwnPassword(ctx, input);
  const keepSessionId = own ? ctx.sessionId : null;
  const record = await saveUser(ctx.services, { id }, input, { actorId: ctx.user.id, keepSessionId, notice: noticeOf(ctx) });
  await ctx.log(`${describeUser(record)} geändert${input.password ? ' (neues Passwort)' : ''}`);
  return { message: 'Benutzer gespeichert', data: record };
}

/** 'My account' rules: any member, own record only; own groups need users_update and groups_view. */
async function updateAccount(ctx: AuthedContext, input: z.output<typeof accountUpdateInput>) {
  const id = ctx.user.id;
  if (await changesGroups(ctx, id, input.groups)) {
    if (!ctx.user.permissions.has('users_update') || !ctx.user.permissions.has('groups_view')) {
      throw new Refusal('eigene Gruppen (fehlende Berechtigung users_update und groups_view)', GROUPS_NOT_EDITABLE);
    }
    refuseProtectedUser(id, 'Änderung der Gruppen');
  }
  await proveOwnPassword(ctx, input);
  const record = await saveUser(ctx.services, { id }, input, { actorId: id, keepSessionId: ctx.sessionId, notice: noticeOf(ctx) });
  await ctx.log(`Eigene Daten geändert: ${describeUser(record)}${input.password ? ' (neues Passwort)' : ''}`);
  return { message: 'Gepeichert', data: record };
}

/** Validates like `.input()` does, for a procedure that learns only on the server which rules apply. */
function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Ungültige Eingabe', cause: result.error });
  return result.data;
}

export const usersRouter = router({
  list: can('users_view').query(({ ctx }) => listUserRecords(ctx.services.db)),

  /**
   * A member may always read their own record; others need users_view, checked before the
   * lookup so that an unknown shooter number and a forbidden one answer alike.
   */
  get: authedProcedure.input(userRefInput).query(async ({ ctx, input }) => {
    if (!refersTo(input.ref, ctx.user) && !ctx.user.permissions.has('users_view')) {
      throw new Refusal(`users.get ${input.ref.trim().slice(0, 16)} (fehlende Berechtigung users_view)`);
    }
    const id = await resolveUserId(ctx.services.db, input.ref);
    const record = await findUserRecord(ctx.services.db, id);
    if (!record) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    return record;
  }),

  create: can('users_create')
    .input(userCreateInput)
    .mutation(async ({ ctx, input }) => {
      if (input.groups !== undefined && !ctx.user.permissions.has('groups_view')) {
        throw new Refusal('Gruppenzuordnung beim Anlegen (fehlende Berechtigung groups_view)', GROUPS_NOT_EDITABLE);
      }
      const record = await saveUser(ctx.services, { id: null }, input, { actorId: ctx.user.id });
      await ctx.log(`${describeUser(record)} angelegt`);
      return { message: 'Benutzer angelegt', data: record };
    }),

  update: can('users_update')
    .input(userUpdateInput)
    .mutation(({ ctx, input, path }) => {
      if (refersTo(input.ref, ctx.user)) refuseAppPassword(ctx.user, path);
      return updateUser(ctx, input);
    }),

  /**
   * One save for `{uid or id}`: the own record follows 'My account' (no users_update
   * needed, e-mail and phone up to 255), anyone else's the admin dialog (users_update).
   */
  save: authedProcedure.input(userSaveInput).mutation(({ ctx, input, path }) => {
    if (refersTo(input.ref, ctx.user)) {
      refuseAppPassword(ctx.user, path);
      return updateAccount(ctx, parseWith(accountUpdateInput, input));
    }
    if (!ctx.user.permissions.has('users_update')) throw new Refusal('users.save (fehlende Berechtigung users_update)');
    return updateUser(ctx, parseWith(userUpdateInput, input));
  }),

  /**
   * An administrator switches a member's second factor off, e.g. after a lost phone
   * without recovery codes; only for members whose permissions they hold themselves, and
   * not their own (that goes through Meine Daten with the password). Logged.
   */
  disableSecondFactor: can('users_update', accountProcedure)
    .input(userRefInput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const id = await resolveUserId(db, input.ref);
      refuseProtectedUser(id, 'Ausschalten des zweiten Faktors');
      if (id === ctx.user.id) throw new AppError('FORBIDDEN', OWN_SECOND_FACTOR_HERE);
      const record = await db.transaction().execute(async (trx) => {
        const found = await findUserRecord(trx, id);
        if (!found) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
        await assertMayManageMember(trx, ctx.user.id, id, `Zweiter Faktor von Benutzer ${id}`, MEMBER_SECOND_FACTOR_REFUSED);
        if (!(await removeSecondFactor(trx, id))) throw new AppError('CONFLICT', NO_SECOND_FACTOR);
        const { actorName, address } = noticeOf(ctx);
        await queueSecurityNoticeFor(trx, ctx.services, id, [{ kind: 'secondFactorOff', by: { admin: actorName } }], { address });
        return found;
      });
      ctx.services.credentials.forgetUser(id);
      ctx.services.mail.wake();
      await ctx.log(`Zweiten Faktor von ${describeUser(record)} ausgeschaltet`);
      const saved = await findUserRecord(db, id);
      if (!saved) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      return { message: 'Zweiter Faktor ausgeschaltet', data: saved };
    }),

  /** The years a member holds an annual pass for the 3D course (the user dialog's checkboxes). */
  annualPasses: can('users_view')
    .input(userRefInput)
    .query(async ({ ctx, input }) => {
      const id = await resolveUserId(ctx.services.db, input.ref);
      if (!(await findUserRecord(ctx.services.db, id))) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      return annualPassYears(ctx.services.db, id);
    }),

  /** A volunteer marks who paid the annual pass (or clears it); the check-in reads it. Logged. */
  setAnnualPass: can('users_update')
    .input(annualPassInput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const id = await resolveUserId(db, input.ref);
      const record = await findUserRecord(db, id);
      if (!record) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      if (await setAnnualPass(db, id, input.year, input.pass, toClubDateTime(ctx.services.clock.now()))) {
        await ctx.log(`Jahreskarte Bogenparcours ${input.year} für ${describeUser(record)} ${input.pass ? 'eingetragen' : 'entfernt'}`);
      }
      const years = await annualPassYears(db, id);
      return { message: input.pass ? `Jahreskarte ${input.year} eingetragen` : `Jahreskarte ${input.year} entfernt`, data: years };
    }),

  delete: can('users_delete')
    .input(userRefInput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const id = await resolveUserId(db, input.ref);
      refuseProtectedUser(id, 'Löschen');
      if (id === ctx.user.id) throw new Refusal(`Selbstlöschung von Benutzer ${id}`, 'Du kannst dich nicht selbst löschen.');
      const record = await db.transaction().execute(async (trx) => {
        const found = await findUserRecord(trx, id);
        if (!found) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
        await assertMayManageMember(trx, ctx.user.id, id, `Löschen von Benutzer ${id}`, MEMBER_DELETE_REFUSED);
        // Memberships and sessions go with the row (ON DELETE CASCADE); roster slots naming
        // the member are set to null and read as 'ungeklärt' (ON DELETE SET NULL).
        await trx.deleteFrom('users').where('id', '=', id).execute();
        return found;
      });
      ctx.services.credentials.forgetUser(id);
      ctx.services.publicCache.invalidate(HOSTS_CACHE_AREA);
      await ctx.log(`${describeUser(record)} gelöscht`);
      return { message: 'Benutzer gelöscht', data: { id } };
    }),
});

/** Meine Daten: every member edits their own record (SPEC §5 'My account'). */
export const accountRouter = router({
  update: accountProcedure.input(accountUpdateInput).mutation(({ ctx, input }) => updateAccount(ctx, input)),

  /**
   * 'Meine Daten herunterladen' (DSGVO Art. 15 and 20): everything the site keeps about the
   * member, never a secret (export.ts), with the file name the browser saves it under. A
   * mutation: each download is written to the log, and the browser fetches it only on the
   * click. Not with an app password: a program's key must not read the whole account.
   */
  export: accountProcedure.mutation(async ({ ctx }) => {
    const { db, clock, config } = ctx.services;
    const now = clock.now();
    const data = await exportMemberData(db, { userId: ctx.user.id, sessionId: ctx.sessionId, now, publicUrl: config.publicUrl });
    await ctx.log('Eigene Daten heruntergeladen (Auskunft nach Art. 15 DSGVO)');
    const filename = exportFilename(ctx.user.uid, now);
    return { message: `Deine Daten werden als „${filename}“ heruntergeladen.`, filename, data };
  }),
});
