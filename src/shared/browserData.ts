/**
 * The names and lifetimes of everything the site keeps in a visitor's browser: the cookies
 * the server sets and the keys the client writes to localStorage. The server and the client
 * take them from here, and the privacy page's list (browserDataList.ts) is built from them,
 * so the page cannot say one thing while the code does another. The list is a module of its
 * own so that the first script (boot.ts, for the cookie notice) carries only the names.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The session cookie (src/server/areas/auth/sessions.ts). */
export const SESSION_COOKIE = 'sv_session';
/** A session ends after this long without use; the cookie's Max-Age, sent again when the session is extended... */
export const SESSION_LIFETIME_MS = 14 * DAY_MS;
/** ...and this long after its login at the latest, however active: a stolen cookie does not live for ever. */
export const SESSION_MAX_AGE_MS = 90 * DAY_MS;

/** The device cookie of the login limits (src/server/areas/auth/device-cookies.ts). */
export const DEVICE_COOKIE = 'sv_device';
/** A browser stays known for a year after its last successful login (each login issues a new cookie). */
export const DEVICE_COOKIE_LIFETIME_MS = 365 * DAY_MS;

/** The cookie notice was confirmed (src/client/cookieNotice.ts). */
export const COOKIE_NOTICE_STORAGE_KEY = 'cookie-notice-accepted';
/** The consent to the maps of the contact page (src/client/mapConsent.ts). */
export const MAP_CONSENT_KEY = 'sv-map-consent';

/**
 * Under https a cookie carries the __Host- prefix: browsers then accept it only when Secure,
 * for the whole site and without a Domain, so no subdomain can plant one.
 */
export function cookieNameFor(name: string, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}
