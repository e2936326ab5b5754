import { describe, expect, it } from 'vitest';
import {
  ageOn,
  participantSchema,
  REGISTRATION_MESSAGES,
  registrationSettingsSchema,
  registrationStateText,
  signupFieldErrors,
  type RegistrationSettings,
} from '../../src/shared/schemas/registrations.ts';

const settings = (overrides: Partial<RegistrationSettings> = {}): RegistrationSettings => ({
  places: 10,
  placesPerSignup: 1,
  opensAt: null,
  closesAt: null,
  audience: 'everyone',
  note: '',
  guardianConsent: false,
  fields: { phone: 'off', birthdate: 'off', club: 'off', custom: [] },
  ...overrides,
});

const participant = (values: Record<string, unknown> = {}) => participantSchema.parse({ prename: 'Lena', lastname: 'Groß', email: 'lena@example.org', ...values });

describe('age on the appointment’s date', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2009-03-06', '2027-03-06')).toBe(18);
    expect(ageOn('2009-03-07', '2027-03-06')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('what the settings ask', () => {
  it('needs guardian name and consent only from a minor, and only when the organiser asks for it', () => {
    const minor = participant({ birthdate: '2015-01-01' });
    expect(signupFieldErrors(settings({ fields: { phone: 'off', birthdate: 'required', club: 'off', custom: [] } }), minor, '2027-03-06')).toEqual({});
    const withConsent = settings({ guardianConsent: true, fields: { phone: 'off', birthdate: 'required', club: 'off', custom: [] } });
    expect(signupFieldErrors(withConsent, minor, '2027-03-06')).toEqual({
      guardianName: [REGISTRATION_MESSAGES.guardianName],
      guardianConsent: [REGISTRATION_MESSAGES.guardianConsent],
    });
    expect(signupFieldErrors(withConsent, participant({ birthdate: '2015-01-01', guardianName: 'Eva Groß', guardianConsent: true }), '2027-03-06')).toEqual({});
    expect(signupFieldErrors(withConsent, participant({ birthdate: '1990-01-01' }), '2027-03-06')).toEqual({});
    expect(signupFieldErrors(withConsent, participant(), '2027-03-06')).toEqual({ birthdate: ['Das Geburtsdatum darf nicht leer gelassen werden!'] });
  });

  it('refuses answers to fields the sign-up does not have, and a birth date after the appointment', () => {
    expect(signupFieldErrors(settings(), participant({ answers: { fabc: 'x' } }), '2027-03-06')).toEqual({ 'answers.fabc': [REGISTRATION_MESSAGES.unknownField] });
    expect(signupFieldErrors(settings(), participant({ birthdate: '2027-03-07' }), '2027-03-06')).toEqual({ birthdate: [REGISTRATION_MESSAGES.birthdateFuture] });
  });

  it('keeps options only for choices and refuses the same option twice', () => {
    const parsed = registrationSettingsSchema.parse({ places: 5, fields: { custom: [{ label: 'Bemerkung', type: 'text', options: ['a', 'b'] }] } });
    expect(parsed.fields.custom[0]!.options).toEqual([]);
    const twice = registrationSettingsSchema.safeParse({ places: 5, fields: { custom: [{ label: 'Klasse', type: 'choice', options: ['A', 'A'] }] } });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe(REGISTRATION_MESSAGES.duplicateOption);
  });
});

describe('the public line', () => {
  it('says it in German', () => {
    expect(registrationStateText({ state: 'open', free: 12 })).toBe('noch 12 Plätze frei');
    expect(registrationStateText({ state: 'open', free: 1 })).toBe('noch 1 Platz frei');
    expect(registrationStateText({ state: 'waitingList' })).toBe('ausgebucht – Warteliste');
    expect(registrationStateText({ state: 'notYet', opensAt: '2027-03-01 18:00:00' })).toBe('Anmeldung ab 01.03.');
    expect(registrationStateText({ state: 'closed', closesAt: '2027-03-05 12:00:00' })).toBe('Anmeldeschluss war am 05.03.2027 um 12:00 Uhr');
  });
});
