import { describe, expect, it } from 'vitest';
import { closureText, courseDays, formatCourseDay, isCourseTournament, targetsInputText, targetsText, todayClosureText, type PublicCourseState } from '../../src/shared/courseState.ts';
import { formatIban, ibanProblem, isBic, IBAN_MESSAGES, normalizeIban } from '../../src/shared/iban.ts';
import { parseTargets } from '../../src/shared/schemas/courseState.ts';
import type { OpeningDay } from '../../src/shared/openingHours.ts';

/** The pure parts of the course state (issue 30.1) and of the IBAN check (30.5). */

describe('closed targets', () => {
  it('are read from a list with ranges, in any order, each once', () => {
    expect(parseTargets('12, 4, 17-19')).toEqual([4, 12, 17, 18, 19]);
    expect(parseTargets('3;3 5–6')).toEqual([3, 5, 6]);
    expect(parseTargets('')).toEqual([]);
    expect(parseTargets([7, 2, 7])).toEqual([2, 7]);
    for (const wrong of ['drei', '0', '5-3', '1-501', '4,,x', [1.5], ['3']]) expect(parseTargets(wrong)).toBeUndefined();
  });

  it('are named as German writes a list, and shown in the form with runs as ranges', () => {
    expect(targetsText([4])).toBe('Ziel 4');
    expect(targetsText([4, 12])).toBe('Ziele 4 und 12');
    expect(targetsText([4, 12, 17])).toBe('Ziele 4, 12 und 17');
    expect(targetsInputText([4, 5, 12, 17, 18, 19])).toBe('4, 5, 12, 17–19');
  });
});

describe('closures', () => {
  const day = (date: string, label: string): OpeningDay => ({ date, label, open: '09:00', close: '16:00', closed: false });
  const state: PublicCourseState = {
    closedTargets: [],
    detour: '',
    closures: [{ from: '2026-11-28', to: '2026-11-29', reason: 'storm', text: closureText('storm', '') }],
  };

  it('replace the times of the days they cover by "geschlossen" and the reason', () => {
    const days = courseDays([day('2026-11-27', 'Fr, 27.11.2026'), day('2026-11-28', 'Sa, 28.11.2026'), day('2026-11-30', 'Mo, 30.11.2026')], state);
    expect(days.map(formatCourseDay)).toEqual(['Fr, 27.11.2026 09:00 – 16:00', 'Sa, 28.11.2026 geschlossen (Sturm)', 'Mo, 30.11.2026 09:00 – 16:00']);
    expect(todayClosureText(state, '2026-11-28')).toBe('Der Parcours ist heute bis einschließlich 29.11.2026 geschlossen (Sturm).');
    expect(todayClosureText(state, '2026-11-29')).toBe('Der Parcours ist heute geschlossen (Sturm).');
    expect(todayClosureText(state, '2026-11-30')).toBeUndefined();
  });

  it('say their reason: the label with a note, or the note alone for "Sonstiges"', () => {
    expect(closureText('forestry', ' Holzernte ')).toBe('Forstarbeiten: Holzernte');
    expect(closureText('other', 'Vereinsfest')).toBe('Vereinsfest');
    expect(closureText('tournament', '')).toBe('Turnier');
  });

  it('come from a tournament appointment at the course only', () => {
    expect(isCourseTournament({ name: '3D-Turnier', location: '3D-Bogenparcours' })).toBe(true);
    expect(isCourseTournament({ name: 'Turniertag', location: 'PARCOURS' })).toBe(true);
    expect(isCourseTournament({ name: 'Turnier in Fulda', location: 'Sporthalle' })).toBe(false);
    expect(isCourseTournament({ name: 'Arbeitseinsatz', location: 'Parcours' })).toBe(false);
  });
});

describe('the IBAN', () => {
  it('is accepted with valid check digits, with spaces and in lower case', () => {
    expect(normalizeIban(' de89 3704 0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(ibanProblem('DE89370400440532013000')).toBeUndefined();
    expect(ibanProblem('AT611904300234573201')).toBeUndefined();
    expect(ibanProblem('GB29NWBK60161331926819')).toBeUndefined();
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('is refused with the reason in German: a digit changed or swapped, a wrong length, no country', () => {
    expect(ibanProblem('DE89370400440532013001')).toBe(IBAN_MESSAGES.checksum);
    expect(ibanProblem('DE89370400440532031000')).toBe(IBAN_MESSAGES.checksum);
    expect(IBAN_MESSAGES.checksum).toBe('Die IBAN ist ungültig (Prüfziffer stimmt nicht).');
    expect(ibanProblem('DE8937040044053201300')).toBe('Die IBAN ist ungültig (eine IBAN aus Deutschland hat 22 Zeichen).');
    expect(ibanProblem('8937040044053201300012')).toBe(IBAN_MESSAGES.format);
  });

  it('has a BIC of 8 or 11 characters', () => {
    expect(isBic('COBADEFF')).toBe(true);
    expect(isBic('COBADEFFXXX')).toBe(true);
    expect(isBic('COBADEFFX')).toBe(false);
    expect(isBic('C0BADEFF')).toBe(false);
  });
});
