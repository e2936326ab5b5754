import { describe, expect, it } from 'vitest';
import { formatAddress, routePlannerUrl } from '../../src/shared/clubProfile.ts';
import { clubProfileSchema } from '../../src/shared/schemas/clubProfile.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS } from '../../src/shared/constants.ts';
import { ALERT_LABELS, INFO_LABELS } from '../../src/shared/content.ts';
import { alertUpdateInput, infoUpdateInput, textLength } from '../../src/shared/schemas/content.ts';

const TOO_LONG = 'Der Text darf nicht länger als 255 Zeichen sein!';
const BAD_URL = 'Die eingegebene Internetadresse ist nicht gültig! Eine Internetadresse muss mit http:// oder https:// beginnen.';

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('info and alert texts (SPEC §5 Texts)', () => {
  it('allows 255 characters and refuses 256', () => {
    expect(infoUpdateInput.safeParse({ identifier: 'saison_gun', text: 'a'.repeat(255) }).success).toBe(true);
    expect(messages(infoUpdateInput.safeParse({ identifier: 'saison_gun', text: 'a'.repeat(256) }))).toEqual([TOO_LONG]);
    expect(messages(alertUpdateInput.safeParse({ identifier: 'gun', enabled: true, text: 'ä'.repeat(256) }))).toEqual([TOO_LONG]);
  });

  it('counts an emoji as one character, as a person does', () => {
    expect(textLength('🎯'.repeat(3))).toBe(3);
    expect(infoUpdateInput.safeParse({ identifier: 'saison_gun', text: '🎯'.repeat(255) }).success).toBe(true);
    expect(messages(infoUpdateInput.safeParse({ identifier: 'saison_gun', text: '🎯'.repeat(256) }))).toEqual([TOO_LONG]);
  });

  it('keeps the text exactly as typed, spaces and markup included', () => {
    const text = '  <script>alert("x")</script> "Zitat" \'a\' ÄÖÜß 🏹 [fett:an]x  ';
    expect(infoUpdateInput.parse({ identifier: 'saison_gun', text }).text).toBe(text);
    expect(alertUpdateInput.parse({ identifier: 'gun', enabled: false, text }).text).toBe(text);
  });

  it('accepts the switch as boolean or 0/1', () => {
    for (const [given, expected] of [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['false', false],
    ] as const) {
      expect(alertUpdateInput.parse({ identifier: 'gun', enabled: given, text: '' }).enabled).toBe(expected);
    }
    expect(alertUpdateInput.safeParse({ identifier: 'gun', enabled: 2, text: '' }).success).toBe(false);
    expect(alertUpdateInput.safeParse({ identifier: 'gun', text: '' }).success).toBe(false);
  });

  it('requires an http(s) address for the live result', () => {
    for (const text of ['www.example.org', 'ftp://example.org/x', 'javascript:alert(1)', 'http://', 'https://exa mple.org']) {
      expect(messages(alertUpdateInput.safeParse({ identifier: 'liveresult', enabled: true, text }))).toEqual([BAD_URL]);
      expect(messages(alertUpdateInput.safeParse({ identifier: 'liveresult', enabled: false, text }))).toEqual([BAD_URL]);
    }
    expect(messages(alertUpdateInput.safeParse({ identifier: 'liveresult', enabled: true, text: '' }))).toEqual([BAD_URL]);
    expect(alertUpdateInput.safeParse({ identifier: 'liveresult', enabled: false, text: '' }).success).toBe(true);
    expect(alertUpdateInput.safeParse({ identifier: 'liveresult', enabled: true, text: 'https://ergebnisse.example.org/live?t=1' }).success).toBe(true);
    expect(alertUpdateInput.safeParse({ identifier: 'liveresult', enabled: true, text: 'http://example.org' }).success).toBe(true);
    // Only the live result is an address; other alerts are free text.
    expect(alertUpdateInput.safeParse({ identifier: 'arch', enabled: true, text: 'www.example.org' }).success).toBe(true);
  });

  it('has a German label for every identifier', () => {
    expect(Object.keys(INFO_LABELS).sort()).toEqual([...INFO_IDENTIFIERS].sort());
    expect(Object.keys(ALERT_LABELS).sort()).toEqual([...ALERT_IDENTIFIERS].sort());
  });
});

describe('club profile file', () => {
  const minimal = { name: 'Schützenverein', course: { lat: 50.55, lon: 9.7 } };

  it('leaves out what is not configured', () => {
    const profile = clubProfileSchema.parse({ ...minimal, phone: '', email: ' ' });
    expect(profile).toEqual({
      name: 'Schützenverein',
      street: '',
      postalCode: '',
      city: '',
      phone: undefined,
      email: undefined,
      social: [],
      course: { lat: 50.55, lon: 9.7, parking: { street: '', postalCode: '', city: '' } },
    });
    expect(routePlannerUrl(profile)).toBe('https://www.openstreetmap.org/directions?route=%3B50.55%2C9.7');
  });

  it('routes to the parking address when there is one', () => {
    const profile = clubProfileSchema.parse({ ...minimal, course: { ...minimal.course, parking: { street: 'Waldweg 3', postalCode: '36037', city: 'Fulda' } } });
    expect(formatAddress(profile.course.parking)).toBe('Waldweg 3, 36037 Fulda');
    expect(routePlannerUrl(profile)).toBe('https://www.openstreetmap.org/search?query=Waldweg%203%2C%2036037%20Fulda');
  });

  it('refuses social links that are no web addresses and unknown networks', () => {
    expect(clubProfileSchema.safeParse({ ...minimal, social: [{ kind: 'facebook', url: 'javascript:alert(1)' }] }).success).toBe(false);
    expect(clubProfileSchema.safeParse({ ...minimal, social: [{ kind: 'myspace', url: 'https://myspace.com/x' }] }).success).toBe(false);
    expect(clubProfileSchema.safeParse({ ...minimal, email: 'kein-mail' }).success).toBe(false);
    expect(clubProfileSchema.safeParse({ name: 'x' }).success).toBe(false);
  });
});
