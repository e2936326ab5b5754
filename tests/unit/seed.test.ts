import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_TEXTS, DEFAULT_INFO_TEXTS, generatePassword } from '../../db/seed.ts';
import { DEFAULT_COURSE_FACTS, describeOpeningRule, formatEuro } from '../../src/shared/courseFacts.ts';
import { courseFactsInput } from '../../src/shared/schemas/courseFacts.ts';
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

  it('state no figure the club keeps as data (lanes, minimum age, targets, prices), so none appears twice', () => {
    const all = plainText([...Object.values(DEFAULT_INFO_TEXTS), ...Object.values(DEFAULT_ALERT_TEXTS)].join('\n'));
    for (const figure of [/\d+ Ständen/, /\d+ Zielen/, /Mindestalter/, /ab \d+ Jahren/, /€/]) expect(all).not.toMatch(figure);
  });

  it('leave the course’s prices and opening rule to the course facts, so no text repeats them', () => {
    expect(plainText(DEFAULT_INFO_TEXTS.archparcours_usage)).not.toMatch(/€|\d/);
    expect(plainText(DEFAULT_INFO_TEXTS.archparcours_openings)).not.toMatch(/\d/);
    // The course page's notice neither: the page states targets and walk from the facts.
    expect(plainText(DEFAULT_ALERT_TEXTS.archparcours)).not.toMatch(/\d/);
  });
});

describe('the course facts of a new database (SPEC §9)', () => {
  it('hold the prices, 28 targets, 600 m and the opening rule', () => {
    expect(DEFAULT_COURSE_FACTS.targets).toBe(28);
    expect(DEFAULT_COURSE_FACTS.walkMeters).toBe(600);
    expect(DEFAULT_COURSE_FACTS.dayPrices.map((row) => [row.section, row.persons, formatEuro(row.price)])).toEqual([
      ['Bogen', 'Erwachsene', '12,00 €'],
      ['Bogen', 'Jugendliche (13–17 Jahre)', '8,00 €'],
      ['Bogen', 'Kinder (unter 13 Jahren)', '5,00 €'],
      ['Blasrohr', 'alle', '8,00 €'],
    ]);
    expect(DEFAULT_COURSE_FACTS.annualPrices.map((row) => formatEuro(row.price))).toEqual(['150,00 €', '90,00 €', '60,00 €']);
    expect(DEFAULT_COURSE_FACTS.annualNote).toBe('nur für Mitglieder, gültig vom 1. Januar bis 31. Dezember');
    expect(DEFAULT_COURSE_FACTS.opening).toEqual({ earliestOpen: '08:00', latestClose: '19:00', minutesAfterSunrise: 60, minutesBeforeSunset: 60 });
  });

  it('pass their own schema', () => {
    expect(courseFactsInput.parse(DEFAULT_COURSE_FACTS)).toEqual(DEFAULT_COURSE_FACTS);
  });

  it('are formatted the German way and state the rule in correct words', () => {
    expect(formatEuro(1500)).toBe('1.500,00 €');
    expect(formatEuro(4.5)).toBe('4,50 €');
    expect(describeOpeningRule(DEFAULT_COURSE_FACTS.opening)).toBe(
      'Geöffnet ab einer Stunde nach Sonnenaufgang, frühestens um 08:00 Uhr, bis eine Stunde vor Sonnenuntergang, spätestens um 19:00 Uhr; die Zeiten sind auf die Viertelstunde gerundet.',
    );
    expect(describeOpeningRule({ earliestOpen: '07:30', latestClose: '20:00', minutesAfterSunrise: 0, minutesBeforeSunset: 120 })).toBe(
      'Geöffnet ab Sonnenaufgang, frühestens um 07:30 Uhr, bis 2 Stunden vor Sonnenuntergang, spätestens um 20:00 Uhr; die Zeiten sind auf die Viertelstunde gerundet.',
    );
  });
});
