import type { Db } from '../../db/connection.ts';
import { AppError, MESSAGES, Refusal } from '../../errors.ts';
import type { PermissionName } from '../../../shared/permissions.ts';
import type { Section } from '../../../shared/constants.ts';
import { SECTION_PERMISSIONS, unitedScope, type SectionRights } from '../../../shared/sectionRights.ts';

/**
 * How the request proved who it is (DESIGN §10): the session cookie, Basic with the
 * account password, or Basic with an app password. An app password is for programs and
 * never reaches what manages the account itself (trpc/index.ts, `accountProcedure`).
 * The secret address of a member's duty feed (`feedAddress`) reads that feed and nothing else.
 */
export type AuthenticatedVia = 'session' | 'password' | 'appPassword' | 'feedAddress';

/** Who is asking: the logged-in member and the permission names of all their groups. */
export interface Principal {
  via: AuthenticatedVia;
  id: number;
  uid: string;
  prename: string;
  lastname: string;
  permissions: ReadonlySet<PermissionName>;
  /**
   * Rights per section (issue 28.1): the sections each content permission the member holds
   * reaches, united over their groups holding it (trpc/index.ts, `canIn`).
   */
  sectionRights: SectionRights;
  /**
   * A group of the member requires a second factor that they have not set up: until they
   * have, every procedure but the setup refuses them (trpc/index.ts).
   */
  secondFactorPending: boolean;
}

/**
 * The one question every protected read and write asks of whoever is asking (DESIGN §10):
 * a logged-in member, and none whose group requires a second factor they have not set up,
 * unless `beforeSecondFactor` (the setup itself and who one is). `authedProcedure` asks it
 * for every procedure, and so does every path that authenticates outside them (`/files`),
 * so that no door answers a member whom the procedures refuse. `what` names the thing in
 * the refusal's log line.
 */
export function admittedMember(user: Principal | null, what: string, options: { beforeSecondFactor?: boolean } = {}): Principal {
  if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
  if (user.secondFactorPending && !options.beforeSecondFactor) {
    throw new Refusal(`${what} (zweiter Faktor von der Gruppe verlangt, aber nicht eingerichtet)`, MESSAGES.secondFactorRequired);
  }
  return user;
}

export async function permissionNamesOf(db: Db, userId: number): Promise<PermissionName[]> {
  const rows = await db
    .selectFrom('user_groups')
    .innerJoin('group_permissions', 'group_permissions.group_id', 'user_groups.group_id')
    .innerJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .select('permissions.name')
    .distinct()
    .where('user_groups.user_id', '=', userId)
    .orderBy('permissions.name')
    .execute();
  return rows.map((row) => row.name as PermissionName);
}

/** A member's rights per section as their groups give them now (the grant rule reads them inside its transaction). */
export async function sectionRightsOfMember(db: Db, userId: number): Promise<SectionRights> {
  const rows = await db
    .selectFrom('user_groups')
    .leftJoin('group_permissions', 'group_permissions.group_id', 'user_groups.group_id')
    .leftJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .leftJoin('group_sections', 'group_sections.group_id', 'user_groups.group_id')
    .select(['user_groups.group_id', 'permissions.name as permission', 'group_sections.section'])
    .where('user_groups.user_id', '=', userId)
    .execute();
  return sectionRightsOf(rows);
}

/**
 * A member as authentication sees them, in one query (it runs on every request of a
 * logged-in member or program): the stored password hash and whether they have a confirmed
 * second factor (then Basic authentication takes app passwords only), the permission names
 * of all their groups, and whether one of those groups requires a second factor.
 */
export async function findUserWithHash(db: Db, by: { id: number } | { uid: string }) {
  const query = db
    .selectFrom('users')
    .leftJoin('second_factors', (join) => join.onRef('second_factors.user_id', '=', 'users.id').on('second_factors.confirmed_ms', 'is not', null))
    .leftJoin('user_groups', 'user_groups.user_id', 'users.id')
    .leftJoin('groups', 'groups.id', 'user_groups.group_id')
    .leftJoin('group_permissions', 'group_permissions.group_id', 'user_groups.group_id')
    .leftJoin('permissions', 'permissions.id', 'group_permissions.permission_id')
    .leftJoin('group_sections', 'group_sections.group_id', 'user_groups.group_id')
    .select([
      'users.id',
      'users.uid',
      'users.prename',
      'users.lastname',
      'users.password_hash',
      'second_factors.user_id as second_factor_of',
      'permissions.name as permission',
      'groups.require_second_factor',
      'user_groups.group_id',
      'group_sections.section',
    ]);
  // One row per permission and section of each group (or one without any).
  const rows = await ('id' in by ? query.where('users.id', '=', by.id) : query.where('users.uid', '=', by.uid)).execute();
  const first = rows[0];
  if (!first) return undefined;
  return {
    id: first.id,
    uid: first.uid,
    prename: first.prename,
    lastname: first.lastname,
    password_hash: first.password_hash,
    second_factor: first.second_factor_of !== null,
    permissions: new Set(rows.flatMap((row) => (row.permission === null ? [] : [row.permission as PermissionName]))),
    secondFactorRequired: rows.some((row) => Number(row.require_second_factor) === 1),
    sectionRights: sectionRightsOf(rows),
  };
}

/** Each section permission held, with the sections of the groups holding it united (a group without a limit: all). */
export function sectionRightsOf(rows: readonly { group_id: number | null; permission: string | null; section: string | null }[]): SectionRights {
  const groupSections = new Map<number, Set<Section>>();
  const groupsHolding = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.group_id === null) continue;
    const sections = groupSections.get(row.group_id) ?? new Set<Section>();
    if (row.section !== null) sections.add(row.section as Section);
    groupSections.set(row.group_id, sections);
    if (row.permission !== null) groupsHolding.set(row.permission, (groupsHolding.get(row.permission) ?? new Set()).add(row.group_id));
  }
  const rights: SectionRights = {};
  for (const permission of SECTION_PERMISSIONS) {
    const groups = groupsHolding.get(permission);
    if (groups) rights[permission] = unitedScope([...groups].map((group) => [...(groupSections.get(group) ?? [])]));
  }
  return rights;
}

export type UserWithHash = NonNullable<Awaited<ReturnType<typeof findUserWithHash>>>;

/** Who the member is to the procedures; a group's required second factor they have not set up keeps them at its setup. */
export function principalOf(user: UserWithHash, via: AuthenticatedVia): Principal {
  const { id, uid, prename, lastname, permissions, sectionRights } = user;
  return { via, id, uid, prename, lastname, permissions, sectionRights, secondFactorPending: user.secondFactorRequired && !user.second_factor };
}

export async function loadPrincipal(db: Db, userId: number, via: AuthenticatedVia = 'session'): Promise<Principal | null> {
  const user = await findUserWithHash(db, { id: userId });
  return user ? principalOf(user, via) : null;
}

/** How a member appears in the server log: shooter number and name. */
export function describePrincipal(principal: Pick<Principal, 'uid' | 'prename' | 'lastname'>): string {
  return `${principal.uid} (${principal.prename} ${principal.lastname})`;
}
