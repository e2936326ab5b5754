import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../src/client/pages/admin/log/newestFirst.ts';
import { schemaMessages } from '../../src/client/components/useSchemaForm.ts';
import { userUpdateInput } from '../../src/shared/schemas/users.ts';

describe('log view', () => {
  it('shows the newest entry first and drops empty lines (SPEC §7)', () => {
    expect(newestFirst('erste\n\nzweite\r\n  \ndritte\n')).toBe('dritte\nzweite\nerste');
    expect(newestFirst('')).toBe('');
  });
});

describe('form messages from the shared schemas', () => {
  it('gives the first German message per field, the way the dialogs show them', () => {
    const messages = schemaMessages(userUpdateInput, {
      ref: '2',
      prename: '',
      lastname: 'Mustermann',
      uid: '123',
      password: 'kurz',
      email: 'max@',
      phone: '',
      groups: [1, 'x'],
    });
    expect(messages).toEqual({
      prename: 'Der Vorname darf nicht leer gelassen werden!',
      uid: 'Die Schützennummer muss genau 8 Zeichen lang sein!',
      password: 'Das Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten!',
      email: 'Die Email-Adresse ist nicht gültig!',
      groups: expect.any(String),
    });
  });

  it('lets a blank password through on edit', () => {
    const valid = { ref: '2', prename: 'Max', lastname: 'Mustermann', uid: '30000001', password: '', email: 'max@example.org', phone: '' };
    expect(schemaMessages(userUpdateInput, valid)).toEqual({});
  });
});
