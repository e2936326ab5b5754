/** Permission areas and actions of SPEC §6; a permission is named `area_action`. */
export const PERMISSION_AREAS = ['dashboard', 'calendar', 'hosts', 'groups', 'users', 'log', 'news'] as const;
export const PERMISSION_ACTIONS = ['create', 'view', 'update', 'delete'] as const;

export type PermissionArea = (typeof PERMISSION_AREAS)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];
export type PermissionName = `${PermissionArea}_${PermissionAction}`;

export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSION_AREAS.flatMap((area) =>
  PERMISSION_ACTIONS.map((action) => `${area}_${action}` as const),
);

export function isPermissionName(name: string): name is PermissionName {
  return (PERMISSION_NAMES as readonly string[]).includes(name);
}

/** Group 1 and user 1 can be neither changed nor deleted (SPEC §4). */
export const PROTECTED_GROUP_ID = 1;
export const PROTECTED_USER_ID = 1;

export const ADMIN_GROUP_NAME = 'Administratoren';
export const SUPERVISOR_GROUP_NAME = 'Standaufsichtsberechtigte';
