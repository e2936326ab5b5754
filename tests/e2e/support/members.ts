import { bcryptHasher } from '../../../src/server/areas/auth/passwords.ts';
import { openDatabase } from '../../../src/server/db/connection.ts';
import type { PermissionName } from '../../../src/shared/permissions.ts';
import { toClubDateTime } from '../../../src/shared/dates.ts';

export interface Member {
  uid: string;
  password: string;
}

/**
 * Adds a member in a new group holding exactly these permissions, straight into the
 * running site's SQLite file: the groups and users screens are not what these tests are about.
 */
export async function createMember(databaseFile: string, member: Member & { groupName: string; permissions: PermissionName[] }): Promise<void> {
  const { db } = openDatabase(`sqlite:${databaseFile}`);
  try {
    const passwordHash = await bcryptHasher(4).hash(member.password);
    const now = toClubDateTime(new Date());
    await db.transaction().execute(async (trx) => {
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
          prename: 'Erika',
          lastname: 'Musterfrau',
          uid: member.uid,
          password_hash: passwordHash,
          email: `${member.uid}@example.org`,
          phone: '',
          created_at: now,
          updated_at: now,
        })
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_groups').values({ user_id: Number(user.insertId), group_id: groupId }).execute();
    });
  } finally {
    await db.destroy();
  }
}
