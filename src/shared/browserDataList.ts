import {
  COOKIE_NOTICE_STORAGE_KEY,
  DAY_MS,
  DEVICE_COOKIE,
  DEVICE_COOKIE_LIFETIME_MS,
  MAP_CONSENT_KEY,
  SESSION_COOKIE,
  SESSION_LIFETIME_MS,
  SESSION_MAX_AGE_MS,
} from './browserData.ts';

/**
 * Everything the site keeps in a visitor's browser, as the privacy page lists it: name,
 * purpose, lifetime and whether the logout ends it, with the names and lifetimes the code
 * uses (browserData.ts). tests/api/browser-data.test.ts and tests/e2e/browser-data.test.ts
 * compare it with what the server and the client really set.
 */

export interface BrowserDataItem {
  /** The name the browser shows; a cookie is called `__Host-<name>` under https (cookieNameFor). */
  name: string;
  kind: 'cookie' | 'localStorage';
  /** What the privacy page calls it. */
  label: string;
  purpose: string;
  /** A cookie's Max-Age as the server sends it; null: kept until deleted or withdrawn (localStorage has no expiry). */
  maxAgeMs: number | null;
  /** The lifetime in words, with the figures of the constants in browserData.ts. */
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
