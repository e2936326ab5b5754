/** Identifiers and fixed values of SPEC §3, §4 and §9 shared by server and client. */

export const SECTIONS = ['club', 'gun', 'arch', 'blowpipe'] as const;
export type Section = (typeof SECTIONS)[number];
/** How the club calls its sections, e.g. in the dashboard's tabs and in the server log. */
export const SECTION_LABELS = { club: 'Verein', gun: 'LG/LP', arch: 'Bogen', blowpipe: 'Blasrohr' } as const satisfies Record<Section, string>;
export const RESULT_SECTIONS = ['gun', 'arch', 'blowpipe'] as const;
export type ResultSection = (typeof RESULT_SECTIONS)[number];

/** Route slugs of the public gallery (SPEC §2) and the section each stands for. */
export const GALLERY_SLUGS = { verein: 'club', 'lg-lp': 'gun', bogen: 'arch', blasrohr: 'blowpipe' } as const satisfies Record<
  string,
  Section
>;

export const INFO_IDENTIFIERS = [
  'shootingtimes_gun',
  'shootingtimes_arch',
  'shootingtimes_blowpipe',
  'archparcours_tourneys',
  'archparcours_openings',
  'archparcours_closings',
  'archparcours_usage',
  'gunking_senior',
  'gunking_junior',
  'challangecup_senior',
  'challangecup_junior',
  'most_active',
  'most_active_blowpipe',
  'best_shot',
  'saison_gun',
  'saison_arch',
  'saison_blowpipe',
] as const;
export type InfoIdentifier = (typeof INFO_IDENTIFIERS)[number];

export const ALERT_IDENTIFIERS = ['gun', 'arch', 'contact', 'appointments', 'archparcours', 'blowpipe', 'liveresult'] as const;
export type AlertIdentifier = (typeof ALERT_IDENTIFIERS)[number];

export const CONTACT_RECIPIENTS = ['info', 'vorstand', 'lg-lp', 'bogen', 'blasrohr', 'webmaster'] as const;
export type ContactRecipient = (typeof CONTACT_RECIPIENTS)[number];

/** Special supervisor/host values (SPEC §4, spelling as in the product). */
export const SPECIAL_HOST_VALUES = [
  { value: -1, label: 'Migliederteam' },
  { value: -2, label: 'ungeklärt' },
  { value: -3, label: 'entfällt - siehe Kalender' },
  { value: -4, label: 'keine*r' },
  { value: -5, label: 'abgesagt' },
] as const;

export const APPOINTMENT_STATUSES = [
  { value: 0, label: 'Neu', color: 'red' },
  { value: 1, label: 'In Organisation', color: 'yellow' },
  { value: 2, label: 'Organisation abgeschlossen', color: 'green' },
] as const;

/** Limits of SPEC §9. */
export const LIMITS = {
  text: 255,
  name: 255,
  description: 1023,
  notes: 2047,
  userEmail: 190,
  userPhone: 190,
  accountEmail: 255,
  accountPhone: 255,
  passwordMin: 8,
  /** bcrypt reads only the first 72 bytes (UTF-8) of a password. */
  passwordMaxBytes: 72,
  snackbarMs: 5000,
  dialogResetMs: 300,
  albumThumbnails: 4,
  logRows: 25,
  /** Ids in one list of an input (26 permissions exist, so groups never come near it). */
  idList: 100,
} as const;

export const PAGE_SIZES = [10, 25, 50, -1] as const;

/** Formats of SPEC §1 and DESIGN §3. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const API_DATE_FORMAT = 'YYYY-MM-DD';
export const API_DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const CLUB_TIME_ZONE = 'Europe/Berlin';

/** SPEC §2: what an empty table or list says. */
export const EMPTY_TABLE_TEXT = 'Leider sind keine Einträge vorhanden';

/**
 * The page a password reset link opens (issue 18); the token follows after `#token=`, in the
 * fragment, which browsers never send to a server: it stays out of access logs, proxies
 * and Referer headers.
 */
export const PASSWORD_RESET_PATH = '/passwort-zuruecksetzen';
