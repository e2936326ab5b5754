import { bcryptHasher } from '../../../src/server/areas/auth/passwords.ts';
import { openDatabase } from '../../../src/server/db/connection.ts';
import type { PermissionName } from '../../../src/shared/permissions.ts';
import { insertMember } from '../../helpers/members.ts';

export interface Member {
  uid: string;
  password: string;
}

/**
 * Adds a member in a new group holding exactly these permissions, straight into the
 * running site's SQLite file: the groups and users screens are not what these tests are about.
 * Named Erika Musterfrau unless the test names them; returns the ids of member and group.
 */
export async function createMember(
  databaseFile: string,
  member: Member & { groupName: string; permissions: PermissionName[]; prename?: string; lastname?: string },
): Promise<{ id: number; groupId: number }> {
  const { db } = openDatabase(`sqlite:${databaseFile}`);
  try {
    return await insertMember(db, {
      ...member,
      passwordHash: await bcryptHasher(4).hash(member.password),
      prename: member.prename ?? 'Erika',
      lastname: member.lastname ?? 'Musterfrau',
    });
  } finally {
    await db.destroy();
  }
}
