import type { AlertIdentifier, InfoIdentifier, ResultSection } from './constants.ts';

/** German names of the info texts and section alerts of SPEC §3, as the dashboard shows them. */

export const INFO_LABELS = {
  shootingtimes_gun: 'Schießzeiten LG/LP',
  shootingtimes_arch: 'Schießzeiten Bogen',
  shootingtimes_blowpipe: 'Schießzeiten Blasrohr',
  archparcours_tourneys: 'Turniere',
  archparcours_openings: 'Öffnungszeiten',
  archparcours_closings: 'Schließungen',
  archparcours_usage: 'Nutzung',
  gunking_senior: 'Schützenkönig',
  gunking_junior: 'Jugendschützenkönig',
  challangecup_senior: 'Challenge-Cup Erwachsene',
  challangecup_junior: 'Challenge-Cup Jugend',
  most_active: 'Fleißigste Schützin / fleißigster Schütze',
  most_active_blowpipe: 'Fleißigste Blasrohrschützin / fleißigster Blasrohrschütze',
  best_shot: 'Bester Schuss',
  saison_gun: 'Saison LG/LP',
  saison_arch: 'Saison Bogen',
  saison_blowpipe: 'Saison Blasrohr',
} as const satisfies Record<InfoIdentifier, string>;

export const ALERT_LABELS = {
  gun: 'LG/LP',
  arch: 'Bogen',
  contact: 'Kontakt',
  appointments: 'Termine',
  archparcours: 'Bogenparcours',
  blowpipe: 'Blasrohr',
  liveresult: 'Live-Ergebnis',
} as const satisfies Record<AlertIdentifier, string>;

/** Dashboard panel 'Schießzeiten' (SPEC §2). */
export const SHOOTING_TIME_IDENTIFIERS = ['shootingtimes_gun', 'shootingtimes_arch', 'shootingtimes_blowpipe'] as const satisfies readonly InfoIdentifier[];

/** Each section's times text, shown as a note under its timetable (issue 26, point 2). */
export const SHOOTING_TIME_IDENTIFIER = {
  gun: 'shootingtimes_gun',
  arch: 'shootingtimes_arch',
  blowpipe: 'shootingtimes_blowpipe',
} as const satisfies Record<ResultSection, (typeof SHOOTING_TIME_IDENTIFIERS)[number]>;

/** Dashboard panel 'Bogenparcours'. */
export const ARCHPARCOURS_IDENTIFIERS = [
  'archparcours_tourneys',
  'archparcours_openings',
  'archparcours_closings',
  'archparcours_usage',
] as const satisfies readonly InfoIdentifier[];

/** Texts of the tabs of 'Sportliche Leistungen' and of the public results pages, per section. */
export const RESULT_TEXT_IDENTIFIERS = {
  gun: ['saison_gun', 'gunking_senior', 'gunking_junior', 'best_shot', 'most_active'],
  arch: ['saison_arch', 'challangecup_senior', 'challangecup_junior'],
  blowpipe: ['saison_blowpipe', 'most_active_blowpipe'],
} as const satisfies Record<'gun' | 'arch' | 'blowpipe', readonly InfoIdentifier[]>;

/** Panel 'Hinweise': every alert but the live result, which the archery results tab edits (SPEC §2). */
export const NOTICE_ALERT_IDENTIFIERS = ['gun', 'arch', 'contact', 'appointments', 'archparcours', 'blowpipe'] as const satisfies readonly AlertIdentifier[];
