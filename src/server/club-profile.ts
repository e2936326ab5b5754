import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUB_DATA_FIELDS, CONTACT_ADDRESS_FIELDS, DEFAULT_CLUB_BANK, DEFAULT_CLUB_TEXTS, SOCIAL_FIELDS, differingFieldLabels, type ClubData } from '../shared/clubData.ts';
import { SOCIAL_KINDS, type ClubProfile } from '../shared/clubProfile.ts';
import { CONTACT_RECIPIENTS } from '../shared/constants.ts';
import { parseClubProfile } from '../shared/schemas/clubProfile.ts';
import type { Config } from './config.ts';

/**
 * club.json in the project root, unless CLUB_PROFILE names another file (README "Vereinsdaten").
 * Since issue 18 the file gives only the club data of the first start (db/seed.ts); after
 * that the database holds them and members edit them in the back office.
 */
export const DEFAULT_CLUB_PROFILE_PATH = fileURLToPath(new URL('../../club.json', import.meta.url));

/**
 * Reads and checks the club's profile once at start-up: a broken file stops the start with
 * a German message naming the file and the field, rather than a contact page with holes.
 * CLUB_LAT/CLUB_LON override the course's coordinates (DESIGN §6).
 */
export function loadClubProfile(config: Pick<Config, 'clubProfilePath' | 'clubLat' | 'clubLon'>): ClubProfile {
  const path = config.clubProfilePath ? resolve(config.clubProfilePath) : DEFAULT_CLUB_PROFILE_PATH;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof SyntaxError ? `kein gültiges JSON (${error.message})` : 'nicht lesbar';
    throw new Error(`Die Vereinsdaten in ${path} sind ${reason}.`, { cause: error });
  }
  const parsed = parseClubProfile(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${fieldPath(issue.path) || '(Datei)'}: ${issue.message}`);
    throw new Error(`Die Vereinsdaten in ${path} sind ungültig:\n${lines.join('\n')}`);
  }
  const profile = parsed.data;
  return {
    ...profile,
    course: { ...profile.course, lat: config.clubLat ?? profile.course.lat, lon: config.clubLon ?? profile.course.lon },
  };
}

type StartConfig = Pick<Config, 'clubProfilePath' | 'clubLat' | 'clubLon' | 'contactTo'>;

/**
 * The club data of the first start: the profile file (with CLUB_LAT/CLUB_LON), the address
 * of each recipient from CONTACT_TO_*, and today's page texts. Throws like loadClubProfile.
 */
export function initialClubData(config: StartConfig): ClubData {
  const profile = loadClubProfile(config);
  const social = Object.fromEntries(
    SOCIAL_KINDS.map((kind) => [SOCIAL_FIELDS[kind], profile.social.find((link) => link.kind === kind)?.url ?? '']),
  ) as Record<(typeof SOCIAL_FIELDS)[keyof typeof SOCIAL_FIELDS], string>;
  const contacts = Object.fromEntries(
    CONTACT_RECIPIENTS.map((recipient) => [CONTACT_ADDRESS_FIELDS[recipient], config.contactTo[recipient] ?? '']),
  ) as Record<(typeof CONTACT_ADDRESS_FIELDS)[keyof typeof CONTACT_ADDRESS_FIELDS], string>;
  return {
    name: profile.name,
    street: profile.street,
    postalCode: profile.postalCode,
    city: profile.city,
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    ...social,
    courseLat: profile.course.lat,
    courseLon: profile.course.lon,
    parkingStreet: profile.course.parking.street,
    parkingPostalCode: profile.course.parking.postalCode,
    parkingCity: profile.course.parking.city,
    clubHouseLat: profile.clubHouse?.lat ?? null,
    clubHouseLon: profile.clubHouse?.lon ?? null,
    rangeLat: profile.range?.lat ?? null,
    rangeLon: profile.range?.lon ?? null,
    ...DEFAULT_CLUB_TEXTS,
    ...contacts,
    ...DEFAULT_CLUB_BANK,
  };
}

/**
 * What the files say differently from the stored club data, as the fields' labels: the
 * start-up tells the operator that the files are no longer read. Only the fields the files
 * give (not the page texts); an unreadable file counts as saying nothing.
 */
export function fileDifferences(config: StartConfig, stored: ClubData): string[] {
  let fromFiles: ClubData;
  try {
    fromFiles = initialClubData(config);
  } catch {
    return [];
  }
  // The files give neither the texts nor the bank account.
  const texts = new Set<string>([...Object.keys(DEFAULT_CLUB_TEXTS), ...Object.keys(DEFAULT_CLUB_BANK)]);
  return differingFieldLabels(
    fromFiles,
    stored,
    CLUB_DATA_FIELDS.filter((field) => !texts.has(field)),
  );
}

/** `social[0].url`, the way the field reads in the file. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
}
