/**
 * Everything the site keeps in a visitor's browser: the cookies the server sets and the keys
 * the client writes to localStorage. The privacy page renders this list and the code takes
 * the names and lifetimes from it, so the page cannot say one thing while the code does
 * another; tests/api/browser-data.test.ts and tests/e2e/browser-data.test.ts compare it with
 * what the server and the client really set.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

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

export interface BrowserDataItem {
  /** The name the browser shows; a cookie is called `__Host-<name>` under https (cookieNameFor). */
  name: string;
  kind: 'cookie' | 'localStorage';
  /** What the privacy page calls it. */
  label: string;
  purpose: string;
  /** A cookie's Max-Age as the server sends it; null: kept until deleted or withdrawn (localStorage has no expiry). */
  maxAgeMs: number | null;
  /** The lifetime in words, with the figures of the constants above. */
  lifetime: string;
  /** The logout (menu entry 'Logout') deletes it. */
  endsAtLogout: boolean;
}

/** `14 Tage` */
export function formatDays(ms: number): string {
  const days = Math.round(ms / DAY_MS);
  return `${days} ${days === 1 ? 'Tag' : 'Tage'}`;
}

export const BROWSER_DATA: readonly BrowserDataItem[] = [
  {
    name: SESSION_COOKIE,
    kind: 'cookie',
    label: 'Sitzungs-Cookie',
    purpose:
      'Hält die Anmeldung eines Mitglieds im Verwaltungsbereich aufrecht; gesetzt erst bei der Anmeldung. ' +
      'Es enthält nur eine zufällige Kennung, auf dem Server steht dazu die Sitzung.',
    maxAgeMs: SESSION_LIFETIME_MS,
    lifetime:
      `${formatDays(SESSION_LIFETIME_MS)} nach der letzten Nutzung (die Nutzung verlängert es); ` +
      `die Sitzung endet spätestens ${formatDays(SESSION_MAX_AGE_MS)} nach der Anmeldung.`,
    endsAtLogout: true,
  },
  {
    name: DEVICE_COOKIE,
    kind: 'cookie',
    label: 'Gerätecookie',
    purpose:
      'Merkt sich, dass sich in diesem Browser schon einmal ein Mitglied erfolgreich angemeldet hat; gesetzt bei jeder Anmeldung. ' +
      'Gibt jemand absichtlich viele falsche Passwörter für eine Schützennummer ein, wird die Anmeldung für unbekannte Browser ' +
      'gesperrt, nicht aber für den eigenen: So kann niemand ein Mitglied aussperren. Es enthält eine zufällige Kennung und ' +
      'eine Signatur, nicht die Schützennummer.',
    maxAgeMs: DEVICE_COOKIE_LIFETIME_MS,
    lifetime: `${formatDays(DEVICE_COOKIE_LIFETIME_MS)} nach der letzten Anmeldung in diesem Browser.`,
    endsAtLogout: false,
  },
  {
    name: COOKIE_NOTICE_STORAGE_KEY,
    kind: 'localStorage',
    label: 'Vermerk zum Cookie-Hinweis',
    purpose: 'Vermerkt, dass du den Hinweis zu Cookies mit „OK“ bestätigt hast, damit er nicht bei jedem Besuch erscheint.',
    maxAgeMs: null,
    lifetime: 'Bis du die Website-Daten in deinem Browser löschst.',
    endsAtLogout: false,
  },
  {
    name: MAP_CONSENT_KEY,
    kind: 'localStorage',
    label: 'Einwilligung in die Karten',
    purpose: 'Vermerkt, dass du dem Laden der Karten auf der Kontaktseite zugestimmt hast (siehe „Karten auf der Kontaktseite“).',
    maxAgeMs: null,
    lifetime: 'Bis du die Einwilligung widerrufst oder die Website-Daten in deinem Browser löschst.',
    endsAtLogout: false,
  },
];
