import { describe, expect, it } from 'vitest';
import { answerText, printPages, PRINT_ROWS_PER_PAGE, sortedRows, type ParticipantRow } from '../../src/client/pages/admin/registrations/participants.ts';
import { settingsInput, settingsValues } from '../../src/client/pages/admin/registrations/RegistrationSettingsDialog.tsx';
import { registrationSettingsSchema } from '../../src/shared/schemas/registrations.ts';

/** The organiser's list and settings form (issue 29.1, 29.4): what the pages compute before React shows it. */

function row(position: number, lastname: string, club = '', answers: Record<string, string | boolean> = {}): ParticipantRow {
  return {
    id: position,
    position,
    status: 'place',
    waitingPosition: null,
    places: 1,
    prename: 'Vorname',
    lastname,
    email: `${position}@example.org`,
    phone: '',
    birthdate: '',
    club,
    answers,
    paid: false,
    present: false,
    guardianName: '',
    guardianConsentAt: null,
    member: false,
    createdAt: '2026-11-27 10:00:00',
    cancelledAt: null,
  };
}

describe('the print list', () => {
  it('puts 30 names on a page: 31 make two pages, 30 one, none one empty page', () => {
    const rows = Array.from({ length: 31 }, (_, n) => n);
    expect(PRINT_ROWS_PER_PAGE).toBe(30);
    expect(printPages(rows).map((page) => page.length)).toEqual([30, 1]);
    expect(printPages(rows.slice(0, 30)).map((page) => page.length)).toEqual([30]);
    expect(printPages([])).toEqual([[]]);
  });
});

describe('the list', () => {
  const rows = [row(1, 'Zander', 'SV Musterstadt', { fbogen: 'Recurve', fleih: true }), row(2, 'Ahrens', 'BSC Talheim', { fbogen: 'Compound' }), row(3, 'Özdemir', 'Aalen')];

  it('sorts by arrival, by name with umlauts in German order, by club or by an answer', () => {
    expect(sortedRows(rows, 'position').map((r) => r.lastname)).toEqual(['Zander', 'Ahrens', 'Özdemir']);
    expect(sortedRows(rows, 'name').map((r) => r.lastname)).toEqual(['Ahrens', 'Özdemir', 'Zander']);
    expect(sortedRows(rows, 'club').map((r) => r.lastname)).toEqual(['Özdemir', 'Ahrens', 'Zander']);
    expect(sortedRows(rows, 'answer:fbogen').map((r) => r.lastname)).toEqual(['Özdemir', 'Ahrens', 'Zander']);
  });

  it('shows yes/no answers in German and a missing answer as nothing', () => {
    expect(answerText({ key: 'fleih', type: 'yesno' }, rows[0]!.answers)).toBe('Ja');
    expect(answerText({ key: 'fleih', type: 'yesno' }, { fleih: false })).toBe('Nein');
    expect(answerText({ key: 'fleih', type: 'yesno' }, {})).toBe('');
  });
});

describe('the settings form', () => {
  it('closes at the appointment’s start unless set otherwise, and sends what the schema takes', () => {
    const values = settingsValues(null, '2027-05-01 10:00:00');
    expect(values.closesAt?.format('YYYY-MM-DD HH:mm:ss')).toBe('2027-05-01 10:00:00');
    values.places = '60';
    values.custom = [{ label: 'Bogenklasse', type: 'choice', options: 'Recurve\n Compound \n\nBlankbogen', required: true }];
    const parsed = registrationSettingsSchema.parse(settingsInput(values));
    expect(parsed.places).toBe(60);
    expect(parsed.opensAt).toBeNull();
    expect(parsed.closesAt).toBe('2027-05-01 10:00:00');
    expect(parsed.fields.custom[0]).toMatchObject({ label: 'Bogenklasse', options: ['Recurve', 'Compound', 'Blankbogen'], required: true });
  });

  it('keeps the keys of fields already saved, so answers stay with their field', () => {
    const saved = registrationSettingsSchema.parse({ places: 8, fields: { custom: [{ key: 'fbogen', label: 'Bogen', type: 'text' }] } });
    const values = settingsValues({ ...saved, fields: { ...saved.fields, custom: [{ ...saved.fields.custom[0]!, key: 'fbogen' }] } }, '2027-05-01 10:00:00');
    expect(settingsInput(values).fields.custom[0]).toMatchObject({ key: 'fbogen', options: [] });
  });
});
