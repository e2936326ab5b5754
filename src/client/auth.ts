import type { PermissionName } from '../shared/permissions.ts';
import type { Section } from '../shared/constants.ts';
import { scopeReaches, sectionTooltip, type SectionPermission } from '../shared/sectionRights.ts';
import { ADMIN_SCREENS } from './pages/admin/screens.ts';
import { trpc, type CurrentUser } from './trpc.ts';

/**
 * Who is logged in, from the HttpOnly session cookie (DESIGN §4: the browser keeps no
 * password): the own record, or null when nobody is.
 */
export function useCurrentUser() {
  return trpc.auth.session.useQuery(undefined, {
    meta: { errorPrefix: 'Fehler beim Abrufen deiner Berechtigungen' },
    staleTime: 60_000,
  });
}

/**
 * The member inside the back office, where AdminLayout renders its pages only once
 * `auth.session` has answered with a member.
 */
export function useSignedInUser(): CurrentUser {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser wird nur innerhalb der Verwaltung verwendet');
  return data;
}

export function hasPermission(user: Pick<CurrentUser, 'permissions'>, permission: PermissionName): boolean {
  return user.permissions.includes(permission);
}

/**
 * Rights per section (issue 28.1): whether the member's groups holding `permission` reach
 * `section`. A control of another section's content is disabled with `sectionDenial`'s tooltip.
 */
export function hasSectionRight(user: Pick<CurrentUser, 'section_rights'>, permission: SectionPermission, section: Section): boolean {
  return scopeReaches(user.section_rights[permission], section);
}

/** Why a control is disabled: the tooltip naming the missing section, or undefined when the member may. */
export function sectionDenial(user: Pick<CurrentUser, 'section_rights'>, permission: SectionPermission, section: Section): string | undefined {
  return hasSectionRight(user, permission, section) ? undefined : sectionTooltip(section);
}

/**
 * The tooltip of a control the member may use by permission but not for `section`'s
 * content; undefined when they may, or when they lack the permission altogether (then the
 * panel is read-only as before).
 */
export function useSectionDenial(permission: SectionPermission, section: Section): string | undefined {
  const user = useSignedInUser();
  return hasPermission(user, permission) ? sectionDenial(user, permission, section) : undefined;
}

/** A group of the member requires a second factor they have not set up: Meine Daten's setup comes before anything else. */
export function mustSetUpSecondFactor(user: Pick<CurrentUser, 'second_factor' | 'second_factor_required'>): boolean {
  return user.second_factor_required && !user.second_factor;
}

/** After the login: the dashboard for those who may see it, everyone else their own data (SPEC §4). */
export function landingPathFor(user: Pick<CurrentUser, 'permissions' | 'second_factor' | 'second_factor_required'>): string {
  if (mustSetUpSecondFactor(user)) return ADMIN_SCREENS.account.path;
  return hasPermission(user, 'dashboard_view') ? ADMIN_SCREENS.dashboard.path : ADMIN_SCREENS.account.path;
}
