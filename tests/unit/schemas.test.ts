import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginInput } from '../../src/shared/schemas/auth.ts';
import {
  EMAIL_MESSAGES,
  PASSWORD_MESSAGES,
  UID_MESSAGES,
  emailSchema,
  newPasswordSchema,
  optionalPasswordSchema,
  requiredText,
  uidSchema,
} from '../../src/shared/schemas/fields.ts';

/** The messages zod reports, in order, for a value that fails. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the login messages of SPEC §5', () => {
  it('has the exact German texts', () => {
    expect(UID_MESSAGES).toEqual({
      empty: 'Die Schützennummer darf nicht leer gelassen werden!',
      length: 'Die Schützennummer muss genau 8 Zeichen lang sein!',
      range: 'Die Schützennummer muss zwischen 0 und 99999999 liegen!',
    });
    expect(PASSWORD_MESSAGES.empty).toBe('Das Passwort darf nicht leer gelassen werden!');
  });

  it.each([
    ['', UID_MESSAGES.empty],
    ['   ', UID_MESSAGES.empty],
    [undefined, UID_MESSAGES.empty],
    [null, UID_MESSAGES.empty],
    ['123', UID_MESSAGES.length],
    ['123456789', UID_MESSAGES.length],
    ['abcdefgh', UID_MESSAGES.range],
    ['-1234567', UID_MESSAGES.range],
    ['1234567.', UID_MESSAGES.range],
  ])('shooter number %j fails with only "%s"', (value, message) => {
    expect(messages(uidSchema, value)).toEqual([message]);
  });

  it.each(['00000000', '00000001', '99999999', ' 12345678 '])('accepts shooter number %j', (value) => {
    expect(uidSchema.parse(value)).toBe(value.trim());
  });

  it('reports the first failing field first and one message per field', () => {
    const result = loginInput.safeParse({ username: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', UID_MESSAGES.empty],
      ['password', PASSWORD_MESSAGES.empty],
    ]);
    expect(messages(loginInput, {})).toEqual([UID_MESSAGES.empty, PASSWORD_MESSAGES.empty]);
    expect(messages(loginInput, { username: '123', password: 'x' })).toEqual([UID_MESSAGES.length]);
    expect(messages(loginInput, { username: 'abcdefgh', password: 'x' })).toEqual([UID_MESSAGES.range]);
  });

  it('accepts any non-empty password at login (the rules apply to new passwords)', () => {
    expect(loginInput.parse({ username: '00000001', password: 'x' })).toEqual({ username: '00000001', password: 'x' });
  });
});

describe('passwords (SPEC §9: at least 8 characters with a letter and a digit)', () => {
  it.each(['abcdefg1', 'Admin1234', 'Schütze2026', 'äöüßäöü1'])('accepts %s', (password) => {
    expect(newPasswordSchema.parse(password)).toBe(password);
  });

  it.each(['abc1', 'abcdefgh', '12345678', '!!!!!!!1'])('rejects %s as weak', (password) => {
    expect(messages(newPasswordSchema, password)).toEqual([PASSWORD_MESSAGES.weak]);
  });

  it('requires a new password', () => {
    expect(messages(newPasswordSchema, '')).toEqual([PASSWORD_MESSAGES.empty]);
    expect(messages(newPasswordSchema, undefined)).toEqual([PASSWORD_MESSAGES.empty]);
  });

  it('keeps the old password when the optional one is blank', () => {
    expect(optionalPasswordSchema.parse('')).toBeUndefined();
    expect(optionalPasswordSchema.parse(undefined)).toBeUndefined();
    expect(optionalPasswordSchema.parse('neues1Passwort')).toBe('neues1Passwort');
    expect(messages(optionalPasswordSchema, 'kurz1')).toEqual([PASSWORD_MESSAGES.weak]);
  });
});

describe('text and e-mail fields', () => {
  it('uses the product message pattern for required texts', () => {
    const name = requiredText('Der Sponsorname');
    expect(messages(name, '')).toEqual(['Der Sponsorname darf nicht leer gelassen werden!']);
    expect(messages(name, '  ')).toEqual(['Der Sponsorname darf nicht leer gelassen werden!']);
    expect(messages(name, 'x'.repeat(256))).toEqual(['Der Sponsorname darf nicht länger als 255 Zeichen sein!']);
    expect(name.parse(' x'.repeat(100))).toHaveLength(199);
  });

  it('validates e-mail addresses with the German messages', () => {
    const email = emailSchema(190);
    expect(messages(email, '')).toEqual([EMAIL_MESSAGES.empty]);
    expect(messages(email, 'kein-at-zeichen')).toEqual([EMAIL_MESSAGES.invalid]);
    expect(messages(email, `${'a'.repeat(190)}@example.org`)).toEqual(['Die E-Mail-Adresse darf nicht länger als 190 Zeichen sein!']);
    expect(email.parse(' info@example.org ')).toBe('info@example.org');
  });
});
