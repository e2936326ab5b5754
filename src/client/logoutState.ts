/**
 * How the back office's Logout entry tells /logout that the member chose it: router
 * navigation state, which only this site's own scripts can set. A link from another site
 * (or a typed address) reaches /logout without it and only shows the login screen, so no
 * page elsewhere can log a member out.
 */
export const LOGOUT_FROM_MENU = { logout: true } as const;

export function cameFromLogoutEntry(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'logout' in state && state.logout === true;
}
