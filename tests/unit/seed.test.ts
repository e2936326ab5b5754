import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS, generatePassword } from '../../db/seed.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS, LIMITS } from '../../src/shared/constants.ts';
import { plainText } from '../../src/shared/richText.ts';
import { infoTextSchema, textLength } from '../../src/shared/schemas/content.ts';
import { newPasswordSchema } from '../../src/shared/schemas/fields.ts';

describe('generatePassword', () => {
  it('always meets the password rules of SPEC §9', () => {
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      expect(newPasswordSchema.safeParse(password).success, password).toBe(true);
      expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    }
  });

  it('differs every time', () => {
    const passwords = new Set(Array.from({ length: 100 }, () => generatePassword()));
    expect(passwords.size).toBe(100);
  });
});

describe('default texts', () => {
  it('exist for every identifier and fit the 255 characters of the columns', () => {
    expect(Object.keys(DEFAULT_INFO_TEXTS).sort()).toEqual([...INFO_IDENTIFIERS].sort());
    expect(Object.keys(DEFAULT_ALERT_TEXTS).sort()).toEqual([...ALERT_IDENTIFIERS].sort());
    for (const text of [...Object.values(DEFAULT_INFO_TEXTS), ...Object.values(DEFAULT_ALERT_TEXTS)]) {
      expect(textLength(text)).toBeLessThanOrEqual(LIMITS.text);
      expect(infoTextSchema.safeParse(text).success).toBe(true);
    }
  });

  it('carry the facts of SPEC §9', () => {
    const all = [...Object.values(DEFAULT_INFO_TEXTS), ...Object.values(DEFAULT_ALERT_TEXTS)].join('\n');
    const shown = plainText(all);
    for (const fact of [
      '28 Zielen',
      '600 m Fußweg vom Parkplatz',
      '10 Ständen',
      'Mindestalter 12 Jahre',
      'Erwachsene 12,00 €',
      'Jugendliche (13–17) 8,00 €',
      'Kinder unter 13 5,00 €',
      'Blasrohr 8,00 €',
      'nur für Mitglieder, gültig 1. Januar bis 31. Dezember: 150 € / 90 € / 60 €',
    ]) {
      expect(shown).toContain(fact);
    }
  });
});
