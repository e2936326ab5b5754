/**
 * The dashboard's checklist of what a fresh installation has not set up yet (issue 18,
 * `club.checklist`): one entry per open point, in German, with where it is fixed. An entry
 * disappears once its point is done.
 */

/** Where an entry is fixed: a screen of the back office, or (for the server's environment) a section of docs/betrieb.md. */
export type SetupLink =
  | { kind: 'screen'; path: string; label: string }
  | { kind: 'operations'; section: string };

export interface SetupItem {
  /** Stable, for tests and React keys. */
  id: SetupItemId;
  text: string;
  link: SetupLink;
}

export const SETUP_ITEM_IDS = ['club_data', 'contact_address', 'smtp', 'contact_inbox', 'https', 'initial_password', 'admin_second_factor'] as const;
export type SetupItemId = (typeof SETUP_ITEM_IDS)[number];

/** The panel 'Vereinsdaten' on the dashboard (DashboardPanel opens it for this anchor). */
export const CLUB_DATA_ANCHOR = 'vereinsdaten';
export const CLUB_DATA_PATH = `/admin/dash#${CLUB_DATA_ANCHOR}`;

/** The inbox 'Nachrichten' (issue 27.5), where contact messages wait while no mail server is set up. */
export const MESSAGES_PATH = '/admin/nachrichten';
