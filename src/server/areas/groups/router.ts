import { PROTECTED_GROUP_ID } from '../../../shared/permissions.ts';
import { groupCreateInput, groupUpdateInput, idInput } from '../../../shared/schemas/groups.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { AppError, MESSAGES, Refusal } from '../../errors.ts';
import type { Context } from '../../trpc/context.ts';
import { can, router } from '../../trpc/index.ts';
import { CALENDAR_CACHE_AREA } from '../calendar/cache-area.ts';
import { assertMayChangeSecondFactor, assertMayGrantPermissions } from './grants.ts';
import {
  assertGroupNameFree,
  assertPermissionsExist,
  groupNameTaken,
  findGroup,
  listGroups,
  listPermissions,
  memberIdsOfGroup,
  replaceGroupPermissions,
} from './queries.ts';

const GROUP_IN_USE = 'Die Gruppe ist noch Terminen zugeordnet und kann nicht gelöscht werden.';

function refuseProtectedGroup(id: number, action: string): void {
  if (id === PROTECTED_GROUP_ID) throw new Refusal(`${action} von Gruppe ${id} (geschützt)`, MESSAGES.protected);
}

/** The unique key on the name decides, also between two saves at once. */
async function withNameKey<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw groupNameTaken(name);
    throw error;
  }
}

/** Members of a changed group get their new permissions on their next request; the cache must not outlive that. */
async function forgetMembers(ctx: Context, groupId: number): Promise<void> {
  for (const userId of await memberIdsOfGroup(ctx.services.db, groupId)) ctx.services.credentials.forgetUser(userId);
}

/** How the log names the group's 'Zweiter Faktor erforderlich'. */
function secondFactorNote(required: boolean, changed = false): string {
  if (required) return ' (zweiter Faktor erforderlich)';
  return changed ? ' (zweiter Faktor nicht mehr erforderlich)' : '';
}

export const groupsRouter = router({
  list: can('groups_view').query(({ ctx }) => listGroups(ctx.services.db)),

  create: can('groups_create')
    .input(groupCreateInput)
    .mutation(async ({ ctx, input }) => {
      const group = await withNameKey(input.name, () => ctx.services.db.transaction().execute(async (trx) => {
        await assertPermissionsExist(trx, input.permissions);
        await assertMayGrantPermissions(trx, ctx.user.id, input.permissions, `Berechtigungen für neue Gruppe ${input.name}`);
        await assertGroupNameFree(trx, input.name);
        const inserted = await trx
          .insertInto('groups')
          .values({ name: input.name, require_second_factor: input.require_second_factor ? 1 : 0 })
          .executeTakeFirstOrThrow();
        const id = Number(inserted.insertId);
        await replaceGroupPermissions(trx, id, input.permissions);
        return findGroup(trx, id);
      }));
      await ctx.log(`Gruppe ${group.id} (${group.name}) angelegt${secondFactorNote(group.require_second_factor)}`);
      return { message: 'Gruppe angelegt', data: group };
    }),

  update: can('groups_update')
    .input(groupUpdateInput)
    .mutation(async ({ ctx, input }) => {
      refuseProtectedGroup(input.id, 'Änderung');
      const saved = await withNameKey(input.name, () => ctx.services.db.transaction().execute(async (trx) => {
        const before = await findGroup(trx, input.id);
        await assertPermissionsExist(trx, input.permissions);
        // Taking permissions away grants nothing; only the new ones must be the actor's own.
        const had = new Set(before.permissions.map((permission) => permission.id));
        const added = input.permissions.filter((permissionId) => !had.has(permissionId));
        await assertMayGrantPermissions(trx, ctx.user.id, added, `Berechtigungen für Gruppe ${input.id}`);
        await assertGroupNameFree(trx, input.name, input.id);
        const required = input.require_second_factor;
        if (required !== undefined && required !== before.require_second_factor) {
          await assertMayChangeSecondFactor(trx, ctx.user.id, before.permissions.map((permission) => permission.name), `Zweiter Faktor erforderlich für Gruppe ${input.id}`);
        }
        await trx
          .updateTable('groups')
          .set(required === undefined ? { name: input.name } : { name: input.name, require_second_factor: required ? 1 : 0 })
          .where('id', '=', input.id)
          .execute();
        await replaceGroupPermissions(trx, input.id, input.permissions);
        return { before, after: await findGroup(trx, input.id) };
      }));
      const { before, after: group } = saved;
      await forgetMembers(ctx, group.id);
      // The group's name is the public `section` of its appointments.
      ctx.services.publicCache.invalidate(CALENDAR_CACHE_AREA);
      const changedRequirement = before.require_second_factor === group.require_second_factor ? '' : secondFactorNote(group.require_second_factor, true);
      await ctx.log(`Gruppe ${group.id} (${group.name}) geändert${changedRequirement}`);
      return { message: 'Gruppe gespeichert', data: group };
    }),

  delete: can('groups_delete')
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      refuseProtectedGroup(input.id, 'Löschen');
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
