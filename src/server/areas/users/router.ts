import { PROTECTED_USER_ID } from '../../../shared/permissions.ts';
import { accountUpdateInput, userCreateInput, userRefInput, userUpdateInput } from '../../../shared/schemas/users.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import { authedProcedure, can, router } from '../../trpc/index.ts';
import type { Context } from '../../trpc/context.ts';
import { findUserRecord, groupIdsOfUser, listUserRecords, resolveUserId, USER_NOT_FOUND } from './queries.ts';
import { describeUser, saveUser } from './save.ts';

const GROUPS_NOT_EDITABLE = 'Dir fehlt die Berechtigung, Gruppenmitgliedschaften zu ändern.';

async function refuse(ctx: Context, what: string, message: string = MESSAGES.forbidden): Promise<never> {
  await ctx.log(`Zugriff verweigert: ${what}`);
  throw new AppError('FORBIDDEN', message);
}

/** Group 1 and user 1 are protected (SPEC §4): nobody changes or deletes them here. */
async function refuseProtectedUser(ctx: Context, id: number, action: string): Promise<void> {
  if (id === PROTECTED_USER_ID) await refuse(ctx, `${action} von Benutzer ${id} (geschützt)`, MESSAGES.protected);
}

/** Whether saving `wanted` would change the member's groups (sending the same ones needs no permission). */
async function changesGroups(ctx: Context, userId: number, wanted: number[] | undefined): Promise<boolean> {
  if (wanted === undefined) return false;
  const current = new Set(await groupIdsOfUser(ctx.services.db, userId));
  const next = new Set(wanted);
  return current.size !== next.size || [...next].some((id) => !current.has(id));
}

export const usersRouter = router({
  list: can('users_view').query(({ ctx }) => listUserRecords(ctx.services.db)),

  /** A member may always read their own record; others need users_view. */
  get: authedProcedure.input(userRefInput).query(async ({ ctx, input }) => {
    const id = await resolveUserId(ctx.services.db, input.ref);
    if (id !== ctx.user.id && !ctx.user.permissions.has('users_view')) await refuse(ctx, `users.get ${id} (fehlende Berechtigung users_view)`);
    const record = await findUserRecord(ctx.services.db, id);
    if (!record) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
    return record;
  }),

  create: can('users_create')
    .input(userCreateInput)
    .mutation(async ({ ctx, input }) => {
      if (input.groups !== undefined && !ctx.user.permissions.has('groups_view')) {
        await refuse(ctx, 'Gruppenzuordnung beim Anlegen (fehlende Berechtigung groups_view)', GROUPS_NOT_EDITABLE);
      }
      const record = await saveUser(ctx.services, { id: null }, input);
      await ctx.log(`${describeUser(record)} angelegt`);
      return { message: 'Benutzer angelegt', data: record };
    }),

  update: can('users_update')
    .input(userUpdateInput)
    .mutation(async ({ ctx, input }) => {
      const id = await resolveUserId(ctx.services.db, input.ref);
      await refuseProtectedUser(ctx, id, 'Änderung');
      if (!ctx.user.permissions.has('groups_view') && (await changesGroups(ctx, id, input.groups))) {
        await refuse(ctx, `Gruppen von Benutzer ${id} (fehlende Berechtigung groups_view)`, GROUPS_NOT_EDITABLE);
      }
      const keep = id === ctx.user.id ? ctx.sessionId : null;
      const record = await saveUser(ctx.services, { id }, input, keep);
      await ctx.log(`${describeUser(record)} geändert${input.password ? ' (neues Passwort)' : ''}`);
      return { message: 'Benutzer gespeichert', data: record };
    }),

  delete: can('users_delete')
    .input(userRefInput)
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const id = await resolveUserId(db, input.ref);
      await refuseProtectedUser(ctx, id, 'Löschen');
      if (id === ctx.user.id) await refuse(ctx, `Selbstlöschung von Benutzer ${id}`, 'Du kannst dich nicht selbst löschen.');
      const record = await findUserRecord(db, id);
      if (!record) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
      // Memberships and sessions go with the row (ON DELETE CASCADE).
      await db.deleteFrom('users').where('id', '=', id).execute();
      ctx.services.credentials.forgetUser(id);
      await ctx.log(`${describeUser(record)} gelöscht`);
      return { message: 'Benutzer gelöscht', data: { id } };
    }),
});

/** Meine Daten: every member edits their own record (SPEC §5 'My account'). */
export const accountRouter = router({
  update: authedProcedure.input(accountUpdateInput).mutation(async ({ ctx, input }) => {
    const id = ctx.user.id;
    if (await changesGroups(ctx, id, input.groups)) {
      if (!ctx.user.permissions.has('users_update') || !ctx.user.permissions.has('groups_view')) {
        await refuse(ctx, 'eigene Gruppen (fehlende Berechtigung users_update und groups_view)', GROUPS_NOT_EDITABLE);
      }
      await refuseProtectedUser(ctx, id, 'Änderung der Gruppen');
    }
    const record = await saveUser(ctx.services, { id }, input, ctx.sessionId);
    await ctx.log(`Eigene Daten geändert: ${describeUser(record)}${input.password ? ' (neues Passwort)' : ''}`);
    return { message: 'Gepeichert', data: record };
  }),
});
