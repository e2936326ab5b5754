/** Permission areas and actions of SPEC §6; a permission is named `area_action`. */
export const PERMISSION_AREAS = ['dashboard', 'calendar', 'hosts', 'groups', 'users', 'log', 'news', 'messages', 'parcours'] as const;
export const PERMISSION_ACTIONS = ['create', 'view', 'update', 'delete'] as const;

export type PermissionArea = (typeof PERMISSION_AREAS)[number];
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/**
 * Areas with only some of the actions; every other area has all four. The inbox
 * ('Nachrichten', issue 27.5): visitors create the messages and the retention deletes
 * them, so members only read them (view) and handle them (update: done, delete by hand).
 */
const LIMITED_AREA_ACTIONS = {
  messages: ['view', 'update'],
  // The 3D course's state (issue 30.1): members see it and set it; closures are part of it.
  parcours: ['view', 'update'],
} as const satisfies Partial<Record<PermissionArea, readonly PermissionAction[]>>;

type ActionOf<Area extends PermissionArea> = Area extends keyof typeof LIMITED_AREA_ACTIONS
  ? (typeof LIMITED_AREA_ACTIONS)[Area][number]
  : PermissionAction;

export type PermissionName = { [Area in PermissionArea]: `${Area}_${ActionOf<Area>}` }[PermissionArea];

/** The actions an area has, in PERMISSION_ACTIONS order. */
export function actionsOf(area: PermissionArea): readonly PermissionAction[] {
  const limited: Partial<Record<PermissionArea, readonly PermissionAction[]>> = LIMITED_AREA_ACTIONS;
  return limited[area] ?? PERMISSION_ACTIONS;
}

export const PERMISSION_NAMES: readonly PermissionName[] = PERMISSION_AREAS.flatMap((area) =>
  actionsOf(area).map((action) => `${area}_${action}` as PermissionName),
);

export function isPermissionName(name: string): name is PermissionName {
  return (PERMISSION_NAMES as readonly string[]).includes(name);
}

/** Group 1 and user 1 can be neither changed nor deleted (SPEC §4). */
export const PROTECTED_GROUP_ID = 1;
export const PROTECTED_USER_ID = 1;

export const ADMIN_GROUP_NAME = 'Administratoren';
export const SUPERVISOR_GROUP_NAME = 'Standaufsichtsberechtigte';
