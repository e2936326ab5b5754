import { PROTECTED_GROUP_ID } from '../../../shared/permissions.ts';
import { groupCreateInput, groupUpdateInput, idInput } from '../../../shared/schemas/groups.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { AppError, MESSAGES } from '../../errors.ts';
import type { Context } from '../../trpc/context.ts';
import { can, router } from '../../trpc/index.ts';
import {
  assertGroupNameFree,
  assertPermissionsExist,
  findGroup,
  listGroups,
  listPermissions,
  memberIdsOfGroup,
  replaceGroupPermissions,
} from './queries.ts';

const GROUP_IN_USE = 'Die Gruppe ist noch Terminen zugeordnet und kann nicht gelöscht werden.';

async function refuseProtectedGroup(ctx: Context, id: number, action: string): Promise<void> {
  if (id !== PROTECTED_GROUP_ID) return;
  await ctx.log(`Zugriff verweigert: ${action} von Gruppe ${id} (geschützt)`);
  throw new AppError('FORBIDDEN', MESSAGES.protected);
}

/** Members of a changed group get their new permissions on their next request; the cache must not outlive that. */
async function forgetMembers(ctx: Context, groupId: number): Promise<void> {
  for (const userId of await memberIdsOfGroup(ctx.services.db, groupId)) ctx.services.credentials.forgetUser(userId);
}

export const groupsRouter = router({
  list: can('groups_view').query(({ ctx }) => listGroups(ctx.services.db)),

  create: can('groups_create')
    .input(groupCreateInput)
    .mutation(async ({ ctx, input }) => {
      const group = await ctx.services.db.transaction().execute(async (trx) => {
        await assertGroupNameFree(trx, input.name);
        await assertPermissionsExist(trx, input.permissions);
        const inserted = await trx.insertInto('groups').values({ name: input.name }).executeTakeFirstOrThrow();
        const id = Number(inserted.insertId);
        await replaceGroupPermissions(trx, id, input.permissions);
        return findGroup(trx, id);
      });
      await ctx.log(`Gruppe ${group.id} (${group.name}) angelegt`);
      return { message: 'Gruppe angelegt', data: group };
    }),

  update: can('groups_update')
    .input(groupUpdateInput)
    .mutation(async ({ ctx, input }) => {
      await refuseProtectedGroup(ctx, input.id, 'Änderung');
      const group = await ctx.services.db.transaction().execute(async (trx) => {
        await findGroup(trx, input.id);
        await assertGroupNameFree(trx, input.name, input.id);
        await assertPermissionsExist(trx, input.permissions);
        await trx.updateTable('groups').set({ name: input.name }).where('id', '=', input.id).execute();
        await replaceGroupPermissions(trx, input.id, input.permissions);
        return findGroup(trx, input.id);
      });
      await forgetMembers(ctx, group.id);
      await ctx.log(`Gruppe ${group.id} (${group.name}) geändert`);
      return { message: 'Gruppe gespeichert', data: group };
    }),

  delete: can('groups_delete')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      await refuseProtectedGroup(ctx, input.id, 'Löschen');
      const { db } = ctx.services;
      const group = await findGroup(db, input.id);
      await forgetMembers(ctx, input.id);
      // Appointments restrict the delete (ON DELETE RESTRICT): the key decides, also in a race.
      try {
        await db.deleteFrom('groups').where('id', '=', input.id).execute();
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', GROUP_IN_USE);
        throw error;
      }
      await ctx.log(`Gruppe ${group.id} (${group.name}) gelöscht`);
      return { message: 'Gruppe gelöscht', data: { id: input.id } };
    }),
});

export const permissionsRouter = router({
  list: can('groups_view').query(({ ctx }) => listPermissions(ctx.services.db)),
});
