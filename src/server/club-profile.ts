import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClubProfile } from '../shared/clubProfile.ts';
import { parseClubProfile } from '../shared/schemas/clubProfile.ts';
import type { Config } from './config.ts';

/** club.json in the project root, unless CLUB_PROFILE names another file (README "Vereinsdaten"). */
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

/** `social[0].url`, the way the field reads in the file. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('').replace(/^\./, '');
}
