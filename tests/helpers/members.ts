import type { Db } from '../../src/server/db/connection.ts';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { toClubDateTime } from '../../src/shared/dates.ts';

export interface NewMember {
  uid: string;
  passwordHash: string;
  prename: string;
  lastname: string;
  groupName: string;
  permissions: readonly PermissionName[];
}

/**
 * A member in a new group holding exactly these permissions, written straight into the
 * database: for tests whose subject is not the users and groups screens themselves.
 */
export async function insertMember(db: Db, member: NewMember): Promise<{ id: number; groupId: number }> {
  const now = toClubDateTime(new Date());
  return db.transaction().execute(async (trx) => {
    const group = await trx.insertInto('groups').values({ name: member.groupName }).executeTakeFirstOrThrow();
    const groupId = Number(group.insertId);
    if (member.permissions.length > 0) {
      const permissions = await trx.selectFrom('permissions').select('id').where('name', 'in', member.permissions).execute();
      await trx
        .insertInto('group_permissions')
        .values(permissions.map((permission) => ({ group_id: groupId, permission_id: permission.id })))
        .execute();
    }
    const user = await trx
      .insertInto('users')
      .values({
        prename: member.prename,
        lastname: member.lastname,
        uid: member.uid,
        password_hash: member.passwordHash,
        email: `${member.uid}@example.org`,
        phone: '',
        created_at: now,
        updated_at: now,
      })
      .executeTakeFirstOrThrow();
    const id = Number(user.insertId);
    await trx.insertInto('user_groups').values({ user_id: id, group_id: groupId }).execute();
    return { id, groupId };
  });
}
