import { describe, expect, it } from 'vitest';
import { HOST_MESSAGES, hostCreateInput, isApiDate, isSpecialHostValue, specialHostLabel } from '../../src/shared/schemas/hosts.ts';

/** The shared rules of a roster entry (SPEC §4, §5), which the screen and the server both use. */

function messages(input: unknown): Record<string, string[]> {
  const result = hostCreateInput.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
  return found;
}

describe('host entry schema', () => {
  it('names every missing field with its German message', () => {
    expect(messages({ date: '', supervisor: null, host: null })).toEqual({
      date: [HOST_MESSAGES.dateEmpty],
      supervisor: [HOST_MESSAGES.supervisorEmpty],
      host: [HOST_MESSAGES.hostEmpty],
    });
    expect(HOST_MESSAGES.dateEmpty).toBe('Das Datum darf nicht leer gelassen werden!');
    expect(HOST_MESSAGES.supervisorEmpty).toBe('Die Standaufsicht muss angegeben werden!');
    expect(HOST_MESSAGES.hostEmpty).toBe('Die Bewirtung muss angegeben werden!');
  });

  it('takes member ids and the five special values, as numbers or digit strings', () => {
    expect(hostCreateInput.parse({ date: ' 2026-12-04 ', supervisor: '-3', host: 17 })).toEqual({ date: '2026-12-04', supervisor: -3, host: 17 });
    for (const value of [-1, -2, -3, -4, -5]) expect(messages({ date: '2026-12-04', supervisor: value, host: value })).toEqual({});
  });

  it('refuses other numbers and values', () => {
    for (const value of [0, -6, 2.5, 'Max', true, 2_147_483_648]) {
      expect(messages({ date: '2026-12-04', supervisor: value, host: -1 })).toEqual({ supervisor: [HOST_MESSAGES.supervisorInvalid] });
    }
  });
});

describe('isApiDate', () => {
  it('accepts real days in YYYY-MM-DD only', () => {
    expect(isApiDate('2028-02-29')).toBe(true);
    expect(isApiDate('2027-02-29')).toBe(false);
    expect(isApiDate('2026-13-01')).toBe(false);
    expect(isApiDate('04.12.2026')).toBe(false);
    expect(isApiDate('2026-12-04T10:00')).toBe(false);
    expect(isApiDate('0999-01-01')).toBe(false);
  });
});

describe('special values (SPEC §4, spelling as in the product)', () => {
  it('have their labels', () => {
    expect([-1, -2, -3, -4, -5].map((value) => specialHostLabel(value))).toEqual([
      'Migliederteam',
      'ungeklärt',
      'entfällt - siehe Kalender',
      'keine*r',
      'abgesagt',
    ]);
    expect(isSpecialHostValue(-6)).toBe(false);
    expect(specialHostLabel(3)).toBeUndefined();
  });
});
