import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';
import type { AppCaller } from '../../src/server/router.ts';

/**
 * A log a person can read (issue 28, point 4): one action per area, each line naming
 * things as members know them – appointments by title and start, members by name and
 * shooter number, the roster's special values, sections and notices by their labels,
 * dates as DD.MM.YYYY HH:mm – and no internal code.
 */

let t: TestApp;
let admin: AppCaller;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date('2026-11-23T10:00:00Z') } });
  const row = await t.db.selectFrom('users').select('id').where('uid', '=', ADMIN_UID).executeTakeFirstOrThrow();
  admin = await t.callerAs(row.id);
});
afterAll(() => t.close());

async function lastLine(): Promise<string> {
  const row = await t.db.selectFrom('log_entries').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  return row.message;
}

describe('log lines', () => {
  it('name an appointment by its title and start', async () => {
    const group = await t.db.selectFrom('groups').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    await admin.calendar.create({
      name: 'Training',
      datetime_begin: '2026-12-01 18:30:00',
      datetime_end: '2026-12-01 20:00:00',
      location: 'Schützenhaus',
      visibility: 1,
      description: '',
      notes: '',
      assignment: group.id,
      status: 1,
      attachments: [],
      notify: 0,
    });
    expect(await lastLine()).toBe('Termin „Training“ am 01.12.2026 18:30 angelegt');
  });

  it('name a series and its occurrences by title and date', async () => {
    const group = await t.db.selectFrom('groups').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const created = await admin.calendar.create({
      name: 'Bogentraining',
      datetime_begin: '2026-12-01 18:00:00',
      datetime_end: '2026-12-01 20:00:00',
      location: 'Halle',
      visibility: 1,
      description: '',
      notes: '',
      assignment: group.id,
      status: 1,
      attachments: [],
      notify: 0,
      recurrence: { frequency: 'weekly', interval: 1, weekdays: ['TU'], end: { count: 4 } },
    });
    expect(await lastLine()).toBe('Terminserie „Bogentraining“ (jeden Dienstag, 4 Termine) mit 4 Terminen ab 01.12.2026 18:00 angelegt');
    const occurrences = await t.db.selectFrom('appointments').select('id').where('series_id', '=', created.data.series!.id).orderBy('occurrence_date').execute();
    await admin.calendar.delete({ id: occurrences[1]!.id, scope: 'single' });
    expect(await lastLine()).toBe('Termin „Bogentraining“ am 08.12.2026 18:00 der Terminserie „Bogentraining“ abgesagt');
    await admin.calendar.restore({ id: occurrences[1]!.id });
    expect(await lastLine()).toBe('Absage von Termin „Bogentraining“ am 08.12.2026 18:00 zurückgenommen');
    await admin.calendar.delete({ id: occurrences[2]!.id, scope: 'following' });
    expect(await lastLine()).toBe('Terminserie „Bogentraining“ ab 15.12.2026 gelöscht');
  });

  it('name a member by name and shooter number', async () => {
    await admin.users.create({ prename: 'Max', lastname: 'Mustermann', uid: '00000042', password: 'Geheim123', email: 'max@example.org', phone: '' });
    expect(await lastLine()).toBe('Benutzer Max Mustermann (00000042) angelegt');
  });

  it('name the roster’s special values by their labels and its members by name', async () => {
    await admin.hosts.create({ date: '2026-12-04', supervisor: -1, host: -2 });
    expect(await lastLine()).toBe('Standaufsicht & Bewirtung am 04.12.2026 angelegt – Standaufsicht: Migliederteam; Bewirtung: ungeklärt');
    const max = await t.db.selectFrom('users').select('id').where('uid', '=', '00000042').executeTakeFirstOrThrow();
    await admin.hosts.create({ date: '2026-12-11', supervisor: -4, host: max.id });
    expect(await lastLine()).toBe('Standaufsicht & Bewirtung am 11.12.2026 angelegt – Standaufsicht: keine*r; Bewirtung: Max Mustermann (00000042)');
  });

  it('name a notice by its label', async () => {
    await admin.content.updateAlert({ identifier: 'archparcours', enabled: true, text: 'Parcours gesperrt' });
    expect(await lastLine()).toBe('Hinweis „Bogenparcours“ eingeschaltet: Parcours gesperrt');
  });

  it('name an album by its name and section', async () => {
    const album = await admin.galleries.createAlbum({ name: 'Sommerfest', section: 'club' });
    expect(await lastLine()).toBe('Album „Sommerfest“ (Verein) angelegt');
    await admin.galleries.updateAlbum({ id: album.data.id, name: 'Sommerfest 2026', section: 'arch' });
    expect(await lastLine()).toBe('Album „Sommerfest“ (Verein) geändert: „Sommerfest 2026“ (Bogen)');
  });

  it('name a shooting time by its section and time', async () => {
    await admin.timetables.create({ section: 'blowpipe', weekday: 3, from: '17:00', to: '19:00', what: 'Training', note: 'Blasrohre liegen bereit' });
    expect(await lastLine()).toBe('Schießzeit Blasrohr angelegt: Mittwoch 17:00–19:00 Uhr Training, Anmerkung „Blasrohre liegen bereit“');
  });

  it('name a group by its name and its contact recipients by their labels', async () => {
    await admin.groups.create({ name: 'Festausschuss', permissions: [], message_recipients: ['lg-lp', 'vorstand'] });
    expect(await lastLine()).toBe('Gruppe „Festausschuss“ angelegt (Nachrichten nur an Vorstand, LG/LP)');
  });
});
