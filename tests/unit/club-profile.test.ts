import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLUB_PROFILE_PATH, loadClubProfile } from '../../src/server/club-profile.ts';
import { readConfig } from '../../src/server/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'club-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const full = {
  name: 'Schützengilde Beispielstadt e. V.',
  street: 'Am Schießstand 1',
  postalCode: '36037',
  city: 'Beispielstadt',
  phone: '0661 123456',
  email: 'info@example.org',
  social: [{ kind: 'instagram', url: 'https://www.instagram.com/beispiel/' }],
  course: { lat: 50.5, lon: 9.6, parking: { street: 'Waldweg', postalCode: '36037', city: 'Beispielstadt' } },
};

describe('club profile file (CLUB_PROFILE, default club.json)', () => {
  it('reads the shipped club.json by default: no invented contacts or social links', () => {
    const profile = loadClubProfile(readConfig({}));
    expect(DEFAULT_CLUB_PROFILE_PATH).toMatch(/club\.json$/);
    expect(profile).toMatchObject({ name: 'Schützenverein', street: '', social: [], course: { lat: 50.55, lon: 9.7 } });
    expect(profile.phone).toBeUndefined();
    expect(profile.email).toBeUndefined();
  });

  it('reads the file named by CLUB_PROFILE', () => {
    const path = file('full.json', JSON.stringify(full));
    expect(loadClubProfile(readConfig({ CLUB_PROFILE: path }))).toEqual(full);
  });

  it('lets CLUB_LAT and CLUB_LON override the course coordinates', () => {
    const path = file('coords.json', JSON.stringify(full));
    const profile = loadClubProfile(readConfig({ CLUB_PROFILE: path, CLUB_LAT: '51.1', CLUB_LON: '10.25' }));
    expect(profile.course).toEqual({ ...full.course, lat: 51.1, lon: 10.25 });
  });

  it('reads the optional coordinates of the club house and the range, and checks them', () => {
    const withPlaces = { ...full, clubHouse: { lat: 50.56, lon: 9.68 }, range: { lat: 50.57, lon: 9.69 } };
    expect(loadClubProfile(readConfig({ CLUB_PROFILE: file('places.json', JSON.stringify(withPlaces)) }))).toEqual(withPlaces);
    const invalid = file('places-invalid.json', JSON.stringify({ ...full, clubHouse: { lat: 91, lon: 9 }, range: { lat: 50 } }));
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: invalid }))).toThrow('- clubHouse.lat: muss zwischen -90 und 90 liegen');
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: invalid }))).toThrow('- range.lon: muss eine Zahl sein');
  });

  it('stops the start with a German message naming file and field', () => {
    const broken = file('broken.json', '{ "name": ');
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: broken }))).toThrow(`Die Vereinsdaten in ${broken} sind kein gültiges JSON`);
    const invalid = file('invalid.json', JSON.stringify({ ...full, social: [{ kind: 'facebook', url: 'facebook.com/x' }], course: { lat: 'Norden', lon: 9 } }));
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: invalid }))).toThrow(`Die Vereinsdaten in ${invalid} sind ungültig:\n`);
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: invalid }))).toThrow('- course.lat: muss eine Zahl sein');
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: invalid }))).toThrow(
      '- social[0].url: muss eine Internetadresse mit http:// oder https:// sein',
    );
    const missing = join(dir, 'fehlt.json');
    expect(() => loadClubProfile(readConfig({ CLUB_PROFILE: missing }))).toThrow(`Die Vereinsdaten in ${missing} sind nicht lesbar.`);
  });
});
