import type { PermissionName } from '../../../shared/permissions.ts';
import { MESSAGES_PATH } from '../../../shared/setupChecklist.ts';

export interface AdminScreen {
  path: string;
  /** The menu entry and the page title. */
  label: string;
  /** Needed to see the menu entry and open the screen; null: every member (SPEC §6). */
  permission: PermissionName | null;
  /** The heading of the screen's section in docs/verwaltung.md, which its help button opens (issue 28.7). */
  manual: string;
}

/**
 * The back-office screens of SPEC §2 in menu order. Kept apart from the pages so the
 * public bundle can route to them without loading them.
 */
export const ADMIN_SCREENS = {
  dashboard: { path: '/admin/dash', label: 'Dashboard', permission: 'dashboard_view', manual: 'Dashboard' },
  news: { path: '/admin/aktuelles', label: 'Aktuelles', permission: 'news_view', manual: 'Aktuelles' },
  // The inbox of issue 27.5: what visitors sent through the contact form.
  messages: { path: MESSAGES_PATH, label: 'Nachrichten', permission: 'messages_view', manual: 'Nachrichten' },
  calendar: { path: '/admin/kalender', label: 'Kalender', permission: 'calendar_view', manual: 'Kalender' },
  // The 3D course's state and closures (issue 30.1).
  parcours: { path: '/admin/parcours', label: 'Parcours', permission: 'parcours_view', manual: 'Parcours' },
  // The course book: today's groups live, the month list and the poster (issue 30.2–30.3).
  courseBook: { path: '/admin/parcoursbuch', label: 'Parcoursbuch', permission: 'parcours_view', manual: 'Parcoursbuch' },
  hosts: { path: '/admin/standaufsicht_bewirtung', label: 'Standaufsicht & Bewirtung', permission: 'hosts_view', manual: 'Standaufsicht & Bewirtung' },
  groups: { path: '/admin/gruppen', label: 'Gruppen', permission: 'groups_view', manual: 'Gruppen' },
  users: { path: '/admin/benutzer', label: 'Benutzer', permission: 'users_view', manual: 'Benutzer' },
  account: { path: '/admin/ich', label: 'Meine Daten', permission: null, manual: 'Meine Daten' },
  log: { path: '/admin/log', label: 'Log', permission: 'log_view', manual: 'Log' },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenName = keyof typeof ADMIN_SCREENS;

export const ADMIN_MENU_ORDER: readonly AdminScreenName[] = ['dashboard', 'news', 'messages', 'calendar', 'parcours', 'courseBook', 'hosts', 'groups', 'users', 'account', 'log'];

/** Carried by each back-office route as its `handle`, read by AdminLayout's guard. */
export interface AdminRouteHandle {
  screen: AdminScreenName;
}

export function isAdminRouteHandle(handle: unknown): handle is AdminRouteHandle {
  return typeof handle === 'object' && handle !== null && 'screen' in handle && typeof handle.screen === 'string' && handle.screen in ADMIN_SCREENS;
}

/** `/admin/kalender/2026/03`: the calendar route of one month. */
export function calendarMonthPath(year: number, month: number): string {
  return `${ADMIN_SCREENS.calendar.path}/${year}/${String(month).padStart(2, '0')}`;
}
