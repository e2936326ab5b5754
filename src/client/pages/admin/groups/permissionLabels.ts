import { type PermissionAction, type PermissionArea } from '../../../../shared/permissions.ts';

/** The areas as the back-office menu names them (SPEC §2). */
export const AREA_LABELS: Record<PermissionArea, string> = {
  dashboard: 'Dashboard',
  calendar: 'Kalender',
  hosts: 'Standaufsicht & Bewirtung',
  groups: 'Gruppen',
  users: 'Benutzer',
  log: 'Log',
  news: 'Aktuelles',
  messages: 'Nachrichten',
  parcours: 'Parcours',
};

export const ACTION_LABELS: Record<PermissionAction, string> = {
  create: 'Anlegen',
  view: 'Ansehen',
  update: 'Bearbeiten',
  delete: 'Löschen',
};

/** The order in which a group's rights read best: seeing comes first. */
export const ACTION_ORDER: readonly PermissionAction[] = ['view', 'create', 'update', 'delete'];


/** The name of an area's action; an area without that action (e.g. messages_create) names a permission nobody holds. */
export function permissionName(area: PermissionArea, action: PermissionAction): string {
  return `${area}_${action}`;
}

/** 'Kalender: Ansehen', the name of a checkbox in the group dialog. */
export function permissionLabel(area: PermissionArea, action: PermissionAction): string {
  return `${AREA_LABELS[area]}: ${ACTION_LABELS[action]}`;
}

/** The actions of one area that a set of permission names holds, in ACTION_ORDER. */
export function actionsHeld(names: ReadonlySet<string>, area: PermissionArea): PermissionAction[] {
  return ACTION_ORDER.filter((action) => names.has(permissionName(area, action)));
}
