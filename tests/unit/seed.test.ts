import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS, generatePassword } from '../../db/seed.ts';
import { ALERT_IDENTIFIERS, INFO_IDENTIFIERS, LIMITS } from '../../src/shared/constants.ts';
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
      expect(text.length).toBeLessThanOrEqual(LIMITS.text);
    }
  });

  it('carry the facts of SPEC §9', () => {
    const all = [...Object.values(DEFAULT_INFO_TEXTS), ...Object.values(DEFAULT_ALERT_TEXTS)].join('\n');
    for (const fact of ['28', '600 m', '10 Ständen', '12 Jahre', '12,00 EUR', '8,00 EUR', '5,00 EUR', '150 EUR', '90 EUR', '60 EUR']) {
      expect(all).toContain(fact);
    }
  });
});
