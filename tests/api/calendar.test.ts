import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeOrphanAttachments } from '../../src/server/areas/calendar/cleanup.ts';
import { buildAppointmentMails, NOTIFY_INTERVAL_MS } from '../../src/server/areas/calendar/notify.ts';
import { findAppointmentRow } from '../../src/server/areas/calendar/queries.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, namesInDatabase, pdf, postForm } from '../helpers/multipart.ts';

/** The club's clock stands still at Monday 23.11.2026 11:00 Berlin time unless a test moves it. */
let now = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let viewer: { authorization: string };
let creator: { authorization: string };
let updater: { authorization: string };
let deleter: { authorization: string };
let nobody: { authorization: string };
let groupId: number;

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  viewer = (await t.createMember(['calendar_view'])).auth;
  const c = await t.createMember(['calendar_create']);
  creator = c.auth;
  groupId = c.groupId;
  updater = (await t.createMember(['calendar_update'])).auth;
  deleter = (await t.createMember(['calendar_delete'])).auth;
  nobody = (await t.createMember(['dashboard_view', 'hosts_view', 'groups_view'])).auth;
});
afterAll(() => t.close());
afterEach(async () => {
  now = new Date('2026-11-23T10:00:00Z');
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

function appointment(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Vereinsmeisterschaft',
    datetime_begin: '2026-12-05 10:00:00',
    datetime_end: '2026-12-05 16:00:00',
    location: 'Schützenhaus',
    visibility: 1,
    description: 'Alle Disziplinen',
    notes: 'Schlüssel bei Hans',
    assignment: groupId,
    status: 1,
    attachments: [],
    notify: 0,
    ...overrides,
  };
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

async function create(overrides: Record<string, unknown> = {}, headers = creator) {
  const response = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(headers), payload: JSON.stringify(appointment(overrides)) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; sequence: number; attachments: { id: number; url: string }[] };
}

async function update(id: number, overrides: Record<string, unknown> = {}, headers = updater) {
  return t.inject({ method: 'PUT', url: `/api/calendar/${id}`, headers: json(headers), payload: JSON.stringify(appointment(overrides)) });
}

async function uploadFiles(headers: Record<string, string>, files: { filename: string; content: Buffer | string }[]) {
  return postForm(t, '/api/calendar/upload', files.map((file) => ({ name: 'attachments[]', ...file })), headers);
}

async function feed(): Promise<ICAL.Component> {
  const response = await t.inject({ method: 'GET', url: '/api/public/calendar.ics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return new ICAL.Component(ICAL.parse(response.body) as unknown[]);
}

function eventsOf(calendar: ICAL.Component): ICAL.Event[] {
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

describe('permissions and shapes', () => {
  it('create needs calendar_create, update calendar_update, delete calendar_delete, the month calendar_view', async () => {
    const anonymous = await t.inject({ method: 'POST', url: '/api/calendar', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(appointment()) });
    expect(anonymous.statusCode).toBe(401);
    for (const headers of [viewer, updater, deleter, nobody]) {
      const response = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(headers), payload: JSON.stringify(appointment()) });
      expect(response.statusCode).toBe(403);
    }
    const created = await create();
    for (const headers of [viewer, creator, deleter, nobody]) expect((await update(created.id, {}, headers)).statusCode).toBe(403);
    for (const headers of [viewer, creator, updater, nobody]) {
      expect((await t.inject({ method: 'DELETE', url: `/api/calendar/${created.id}`, headers })).statusCode).toBe(403);
    }
    for (const headers of [creator, updater, deleter, nobody]) {
      expect((await t.inject({ method: 'GET', url: '/api/calendar/2026-12', headers })).statusCode).toBe(403);
    }
    expect((await t.inject({ method: 'GET', url: '/api/calendar/2026-12' })).statusCode).toBe(401);
    expect(await t.db.selectFrom('appointments').select('id').execute()).toHaveLength(1);
    expect((await t.inject({ method: 'DELETE', url: `/api/calendar/${created.id}`, headers: deleter })).json()).toEqual({ message: 'Termin gelöscht', data: { id: created.id } });
  });

  it('stores every field, answers the view, grows SEQUENCE on update and logs', async () => {
    const created = await create();
    const month = await t.inject({ method: 'GET', url: '/api/calendar/2026-12', headers: viewer });
    const row = month.json().data.find((entry: { id: number }) => entry.id === created.id);
    expect(row).toEqual({
      id: created.id,
      name: 'Vereinsmeisterschaft',
      datetime_begin: '2026-12-05 10:00:00',
      datetime_end: '2026-12-05 16:00:00',
      location: 'Schützenhaus',
      visibility: true,
      description: 'Alle Disziplinen',
      notes: 'Schlüssel bei Hans',
      assignment: groupId,
      section: expect.stringMatching(/^Testgruppe/),
      status: 1,
      notify: false,
      sequence: 0,
      attachments: [],
      series: null,
      occurrence_date: null,
      detached: false,
      cancelled: false,
    });
    const changed = await update(created.id, { name: 'Vereinsmeisterschaft 2026', status: 2, visibility: false });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ message: 'Termin gespeichert', data: { name: 'Vereinsmeisterschaft 2026', status: 2, visibility: false, sequence: 1 } });
    expect((await update(created.id)).json().data.sequence).toBe(2);
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((entry) => entry.message);
    expect(log).toContain('Termin „Vereinsmeisterschaft“ am 05.12.2026 10:00 angelegt');
    expect(log).toContain('Termin „Vereinsmeisterschaft 2026“ am 05.12.2026 10:00 geändert');
    await t.inject({ method: 'DELETE', url: `/api/calendar/${created.id}`, headers: deleter });
    expect((await update(created.id)).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/calendar/${created.id}`, headers: deleter })).statusCode).toBe(404);
  });

  it('works over tRPC as well', async () => {
    const response = await t.inject({ method: 'GET', url: `/trpc/calendar.month?input=${encodeURIComponent(JSON.stringify({ year: 2026, month: 12 }))}`, headers: viewer });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json().result.data)).toBe(true);
  });
});

describe('the month', () => {
  it('lists an appointment from 30.11. to 02.12. in November and December, not in October or January; both spellings of the path', async () => {
    const across = await create({ name: 'Lehrgang', datetime_begin: '2026-11-30 18:00:00', datetime_end: '2026-12-02 12:00:00' });
    const ids = async (url: string) => ((await t.inject({ method: 'GET', url, headers: viewer })).json().data as { id: number }[]).map((entry) => entry.id);
    expect(await ids('/api/calendar/2026-11')).toContain(across.id);
    expect(await ids('/api/calendar/2026-12')).toContain(across.id);
    expect(await ids('/api/calendar/2026/11')).toContain(across.id);
    expect(await ids('/api/calendar/2026/12')).toContain(across.id);
    expect(await ids('/api/calendar/2026-10')).not.toContain(across.id);
    expect(await ids('/api/calendar/2027-01')).not.toContain(across.id);
    const edge = await create({ name: 'Silvester', datetime_begin: '2026-12-31 23:00:00', datetime_end: '2027-01-01 00:00:00' });
    expect(await ids('/api/calendar/2027-01')).toContain(edge.id);
    expect(await ids('/api/calendar/2026-12')).toContain(edge.id);
  });

  it('refuses a malformed month with 422', async () => {
    for (const url of ['/api/calendar/2026-13', '/api/calendar/abc', '/api/calendar/2026/0']) {
      const response = await t.inject({ method: 'GET', url, headers: viewer });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message).toBe('Der Monat muss im Format JJJJ-MM angegeben werden!');
    }
  });
});

describe('rules of SPEC §5', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['end before begin', { datetime_end: '2026-12-05 09:59:00' }, 'datetime_end', 'Das Ende muss nach dem Beginnzeitpunkt liegen!'],
    ['no group', { assignment: null }, 'assignment', 'Eine Gruppenzuordnung muss angegeben werden!'],
    ['empty group', { assignment: '' }, 'assignment', 'Eine Gruppenzuordnung muss angegeben werden!'],
    ['unknown group', { assignment: 999999 }, 'assignment', 'Die gewählte Gruppe gibt es nicht.'],
    ['no name', { name: ' ' }, 'name', 'Der Titel darf nicht leer gelassen werden!'],
    ['long name', { name: 'x'.repeat(256) }, 'name', 'Der Titel darf nicht länger als 255 Zeichen sein!'],
    ['no location', { location: '' }, 'location', 'Der Ort darf nicht leer gelassen werden!'],
    ['long location', { location: 'x'.repeat(256) }, 'location', 'Der Ort darf nicht länger als 255 Zeichen sein!'],
    ['long description', { description: 'x'.repeat(1024) }, 'description', 'Die Beschreibung darf nicht länger als 1023 Zeichen sein!'],
    ['long notes', { notes: 'x'.repeat(2048) }, 'notes', 'Die Notizen dürfen nicht länger als 2047 Zeichen sein!'],
    ['no begin', { datetime_begin: '' }, 'datetime_begin', 'Der Beginn darf nicht leer gelassen werden!'],
    ['no end', { datetime_end: undefined }, 'datetime_end', 'Das Ende darf nicht leer gelassen werden!'],
    ['bad date', { datetime_begin: '2026-02-30 10:00:00' }, 'datetime_begin', 'Bitte gib Datum und Uhrzeit im Format TT.MM.JJJJ HH:mm oder JJJJ-MM-TT HH:mm an!'],
    ['bad German date', { datetime_begin: '30.02.2026 10:00' }, 'datetime_begin', 'Bitte gib Datum und Uhrzeit im Format TT.MM.JJJJ HH:mm oder JJJJ-MM-TT HH:mm an!'],
    ['German date without time', { datetime_end: '05.12.2026' }, 'datetime_end', 'Bitte gib Datum und Uhrzeit im Format TT.MM.JJJJ HH:mm oder JJJJ-MM-TT HH:mm an!'],
    ['bad status', { status: 3 }, 'status', 'Der Status muss Neu, In Organisation oder Organisation abgeschlossen sein!'],
    ['no status', { status: undefined }, 'status', 'Der Status darf nicht leer gelassen werden!'],
    ['unknown attachment', { attachments: [999999] }, 'attachments', 'Ein Anhang wurde nicht gefunden. Bitte lade ihn erneut hoch.'],
  ];

  it.each(cases)('%s: 422 with the German message, nothing stored or changed', async (_label, overrides, field, message) => {
    const before = await t.db.selectFrom('appointments').select('id').execute();
    const response = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(creator), payload: JSON.stringify(appointment(overrides)) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message, errors: { [field]: [message] } });
    expect(await t.db.selectFrom('appointments').select('id').execute()).toEqual(before);
  });

  it('takes the German TT.MM.JJJJ HH:mm the format message names, as well as YYYY-MM-DD HH:mm', async () => {
    const created = await create({ datetime_begin: '05.12.2026 18:30', datetime_end: '2026-12-05 21:00' });
    const row = await findAppointmentRow(t.db, created.id);
    expect([String(row.datetime_begin), String(row.datetime_end)]).toEqual(['2026-12-05 18:30:00', '2026-12-05 21:00:00']);
    const changed = await update(created.id, { datetime_begin: '06.12.2026 09:15', datetime_end: '06.12.2026 12:00' });
    expect(changed.statusCode).toBe(200);
    const after = await findAppointmentRow(t.db, created.id);
    expect([String(after.datetime_begin), String(after.datetime_end)]).toEqual(['2026-12-06 09:15:00', '2026-12-06 12:00:00']);
  });

  it('keeps the limits exactly (255, 1023, 2047) and an end equal to the begin', async () => {
    const created = await create({
      name: 'ä'.repeat(255),
      location: 'ö'.repeat(255),
      description: 'ü'.repeat(1023),
      notes: 'ß'.repeat(2047),
      datetime_end: '2026-12-05 10:00:00',
    });
    const row = await findAppointmentRow(t.db, created.id);
    expect([row.name.length, row.location.length, row.description.length, row.notes.length]).toEqual([255, 255, 1023, 2047]);
    const refused = await update(created.id, { datetime_end: '2026-12-04 10:00:00' });
    expect(refused.statusCode).toBe(422);
    expect((await findAppointmentRow(t.db, created.id)).name).toBe('ä'.repeat(255));
  });

  it('refuses 02:30 on the last Sunday of March (the clocks skip it) in German, takes the October hour that comes twice', async () => {
    const skipped = await t.inject({
      method: 'POST',
      url: '/api/calendar',
      headers: json(creator),
      payload: JSON.stringify(appointment({ datetime_begin: '2027-03-28 02:30:00', datetime_end: '2027-03-28 04:00:00' })),
    });
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors.datetime_begin).toEqual([
      'Diesen Zeitpunkt gibt es wegen der Umstellung auf Sommerzeit nicht (die Uhr springt von 02:00 auf 03:00). Bitte wähle eine andere Uhrzeit!',
    ]);
    const twice = await create({ name: 'Zeitumstellung', datetime_begin: '2026-10-25 02:30:00', datetime_end: '2026-10-25 03:30:00' });
    now = new Date('2026-10-01T10:00:00Z');
    t.app.services.publicCache.invalidate('calendar');
    const event = eventsOf(await feed()).find((entry) => entry.uid.startsWith(`termin-${twice.id}@`))!;
    // 02:30 summer time is 00:30 UTC; 03:30 after the change is winter time, 02:30 UTC.
    expect(event.startDate.toUnixTime()).toBe(Date.parse('2026-10-25T00:30:00Z') / 1000);
    expect(event.endDate.toUnixTime()).toBe(Date.parse('2026-10-25T02:30:00Z') / 1000);
    t.app.services.publicCache.invalidate('calendar');
  });
});

describe('attachments', () => {
  it('upload needs calendar_create or calendar_update; stores several files of any type; the appointment names them', async () => {
    expect((await uploadFiles({}, [{ filename: 'a.txt', content: 'a' }])).statusCode).toBe(401);
    for (const headers of [viewer, deleter, nobody]) expect((await uploadFiles(headers, [{ filename: 'a.txt', content: 'a' }])).statusCode).toBe(403);
    expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));

    const response = await uploadFiles(creator, [
      { filename: 'Ausschreibung.pdf', content: pdf() },
      { filename: 'Anfahrt.txt', content: 'Über die Brücke' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      message: 'Anhänge hochgeladen',
      data: [
        { id: expect.any(Number), filename: 'Ausschreibung.pdf', url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.pdf$/), size: pdf().length, type: 'application/pdf' },
        { id: expect.any(Number), filename: 'Anfahrt.txt', url: expect.stringMatching(/^\/files\/[a-f0-9-]+\.txt$/), size: Buffer.byteLength('Über die Brücke'), type: 'text/plain' },
      ],
    });
    expect((await uploadFiles(updater, [{ filename: 'b.bin', content: Buffer.from([1, 2, 3]) }])).statusCode).toBe(201);

    // The upload answer itself is the list the appointment names.
    const created = await create({ attachments: body.data });
    expect(created.attachments.map((entry) => entry.id)).toEqual(body.data.map((entry: { id: number }) => entry.id));
    const served = await t.inject({ method: 'GET', url: created.attachments[0]!.url });
    expect(served.rawPayload.equals(pdf())).toBe(true);

    // Another appointment cannot take them over.
    const stolen = await t.inject({ method: 'POST', url: '/api/calendar', headers: json(creator), payload: JSON.stringify(appointment({ attachments: [created.attachments[0]!.id] })) });
    expect(stolen.statusCode).toBe(422);

    // Dropping one on update removes its row and file; deleting the appointment removes the rest.
    const kept = await update(created.id, { attachments: [created.attachments[1]!.id] });
    expect(kept.json().data.attachments.map((entry: { id: number }) => entry.id)).toEqual([created.attachments[1]!.id]);
    expect((await t.inject({ method: 'GET', url: created.attachments[0]!.url })).statusCode).toBe(404);
    const before = await filesIn(t.uploadsDir);
    await t.inject({ method: 'DELETE', url: `/api/calendar/${created.id}`, headers: deleter });
    const after = await filesIn(t.uploadsDir);
    expect(before.length - after.length).toBe(1);
    expect(await t.db.selectFrom('attachments').select('id').where('appointment_id', '=', created.id).execute()).toEqual([]);
  });

  it('refuses a file over 25 MB with 413 and keeps nothing of the request', async () => {
    const small = await createTestApp({ uploadLimits: { attachment: 1024 } });
    try {
      const member = await small.createMember(['calendar_create']);
      const response = await postForm(small, '/api/calendar/upload', [
        { name: 'attachments[]', filename: 'klein.txt', content: 'klein' },
        { name: 'attachments[]', filename: 'gross.bin', content: Buffer.alloc(2048, 1) },
      ], member.auth);
      expect(response.statusCode).toBe(413);
      expect(await filesIn(small.uploadsDir)).toEqual([]);
      expect(await small.db.selectFrom('attachments').select('id').execute()).toEqual([]);
    } finally {
      await small.close();
    }
    expect(t.app.services.storage.limits.attachment).toBe(25 * 1024 * 1024);
  });

  it('an upload without a file answers 422', async () => {
    const response = await t.inject({ method: 'POST', url: '/api/calendar/upload', headers: json(creator), payload: '{}' });
    expect(response.statusCode).toBe(422);
  });

  it('removes uploads no appointment names after a day, not sooner, and never named ones', async () => {
    // Leftovers of earlier tests first, so that the counts below are this test's own.
    await removeOrphanAttachments(t.db, t.app.services.storage, new Date(now.getTime() + 48 * 3_600_000));
    const orphan = (await uploadFiles(creator, [{ filename: 'vergessen.txt', content: 'weg' }])).json().data[0];
    const named = (await uploadFiles(creator, [{ filename: 'behalten.txt', content: 'da' }])).json().data[0];
    const owner = await create({ attachments: [named.id] });
    expect(await removeOrphanAttachments(t.db, t.app.services.storage, new Date(now.getTime() + 23 * 3_600_000))).toBe(0);
    expect(await removeOrphanAttachments(t.db, t.app.services.storage, new Date(now.getTime() + 25 * 3_600_000))).toBe(1);
    expect((await t.inject({ method: 'GET', url: orphan.url })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: named.url })).statusCode).toBe(200);
    await t.inject({ method: 'DELETE', url: `/api/calendar/${owner.id}`, headers: deleter });
  });
});

describe('public calendar', () => {
  it('lists upcoming public appointments with the section group as section, never notes or status; writes drop the cached answer', async () => {
    const upcoming = await create({ name: 'Königsschießen', datetime_begin: '2026-11-28 14:00:00', datetime_end: '2026-11-28 18:00:00' });
    const hidden = await create({ name: 'Vorstandssitzung', visibility: 0 });
    const past = await create({ name: 'Herbstfest', datetime_begin: '2026-11-20 14:00:00', datetime_end: '2026-11-20 18:00:00' });
    const running = await create({ name: 'Läuft noch', datetime_begin: '2026-11-23 08:00:00', datetime_end: '2026-11-23 12:00:00' });
    const response = await t.inject({ method: 'GET', url: '/api/public/calendar' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Record<string, unknown>[];
    const ids = data.map((entry) => entry.id);
    expect(ids).toContain(upcoming.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(past.id);
    const entry = data.find((item) => item.id === upcoming.id)!;
    expect(Object.keys(entry).sort()).toEqual(['attachments', 'datetime_begin', 'datetime_end', 'description', 'id', 'location', 'name', 'section'].sort());
    // A group that is no section stays internal (issue 26).
    expect(entry.section).toBe('');
    const begins = data.map((item) => String(item.datetime_begin));
    expect(begins).toEqual([...begins].sort());

    const etag = String(response.headers.etag);
    expect((await t.inject({ method: 'GET', url: '/api/public/calendar', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await update(upcoming.id, { name: 'Königsschießen 2026', datetime_begin: '2026-11-28 14:00:00', datetime_end: '2026-11-28 18:00:00' });
    const fresh = await t.inject({ method: 'GET', url: '/api/public/calendar', headers: { 'if-none-match': etag } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.map((item: { name: string }) => item.name)).toContain('Königsschießen 2026');
    // Made a section, the group's name is the section at once; renaming it renames the section.
    const kept = await t.db.selectFrom('group_permissions').select('permission_id').where('group_id', '=', groupId).execute();
    const groupName = (await t.db.selectFrom('groups').select('name').where('id', '=', groupId).executeTakeFirstOrThrow()).name;
    const saveGroup = (body: Record<string, unknown>) =>
      t.inject({ method: 'PUT', url: `/api/groups/${groupId}`, headers: json(t.admin), payload: JSON.stringify({ permissions: kept.map((row) => row.permission_id), ...body }) });
    const sectionsNow = async () => (await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data.map((item: { section: string }) => item.section);
    expect((await saveGroup({ name: groupName, public_section: true })).statusCode).toBe(200);
    expect(await sectionsNow()).toContain(groupName);
    const renamed = await saveGroup({ name: 'Sparte Bogen' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await sectionsNow()).toContain('Sparte Bogen');
    expect((await saveGroup({ name: groupName, public_section: false })).statusCode).toBe(200);
    expect(await sectionsNow()).not.toContain(groupName);
    for (const id of [upcoming.id, hidden.id, past.id, running.id]) await t.inject({ method: 'DELETE', url: `/api/calendar/${id}`, headers: deleter });
    expect((await t.inject({ method: 'GET', url: '/api/public/calendar' })).json().data.map((item: { id: number }) => item.id)).not.toContain(upcoming.id);
  });
});

describe('iCal feed', () => {
  it('is an RFC 5545 calendar: CRLF, folded lines, escaped text round-trips, no notes, stable UID, growing SEQUENCE', async () => {
    const tricky = 'Anmeldung: Name, Vorname; Verein\\Sparte\nZweite Zeile mit Umlauten äöüß und einem langen Text, der über 75 Bytes hinausgeht, damit gefaltet wird.';
    const created = await create({ name: 'Königsschießen; Finale, 2026', location: 'Schützenhaus, Saal 1', description: tricky, notes: 'GEHEIME NOTIZ' });
    const hidden = await create({ name: 'Intern', visibility: 0 });
    const old = await create({ name: 'Vor 40 Tagen', datetime_begin: '2026-10-10 10:00:00', datetime_end: '2026-10-10 12:00:00' });
    const recent = await create({ name: 'Vor 20 Tagen', datetime_begin: '2026-11-03 10:00:00', datetime_end: '2026-11-03 12:00:00' });

    const response = await t.inject({ method: 'GET', url: '/api/public/calendar.ics' });
    const text = response.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).not.toContain('GEHEIME NOTIZ');

    const events = eventsOf(await feed());
    const uids = events.map((event) => event.uid);
    const uid = `termin-${created.id}@localhost`;
    expect(uids).toContain(uid);
    expect(uids).toContain(`termin-${recent.id}@localhost`);
    expect(uids).not.toContain(`termin-${hidden.id}@localhost`);
    expect(uids).not.toContain(`termin-${old.id}@localhost`);
    const event = events.find((entry) => entry.uid === uid)!;
    expect(event.summary).toBe('Königsschießen; Finale, 2026');
    expect(event.location).toBe('Schützenhaus, Saal 1');
    expect(event.description).toBe(tricky);
    expect(event.sequence).toBe(0);
    // 10:00 in Berlin in December is 09:00 UTC.
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T15:00:00.000Z');

    await update(created.id, { name: 'Geändert', notes: 'GEHEIME NOTIZ' });
    await update(created.id, { name: 'Nochmal geändert' });
    const changed = eventsOf(await feed()).find((entry) => entry.uid === uid)!;
    expect(changed.summary).toBe('Nochmal geändert');
    expect(changed.sequence).toBe(2);

    const etag = String((await t.inject({ method: 'GET', url: '/api/public/calendar.ics' })).headers.etag);
    expect((await t.inject({ method: 'GET', url: '/api/public/calendar.ics', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    for (const id of [created.id, hidden.id, old.id, recent.id]) await t.inject({ method: 'DELETE', url: `/api/calendar/${id}`, headers: deleter });
    expect(eventsOf(await feed()).map((entry) => entry.uid)).not.toContain(uid);
  });
});

describe('notification mails', () => {
  it('one mail per member with an address, German text and the event as .ics with UID and SEQUENCE; an update says so', () => {
    const base = {
      id: 7,
      name: 'Arbeitseinsatz',
      datetime_begin: '2026-12-05 09:00:00',
      datetime_end: '2026-12-05 13:00:00',
      location: 'Parcours',
      description: 'Bitte Handschuhe mitbringen; danke, euer Vorstand',
      section: 'Bogen',
      sequence: 0,
      updated_at: '2026-11-23 11:00:00',
    };
    const site = { publicUrl: 'https://verein.example.org', clubName: 'Schützenverein' };
    const recipients = [
      { prename: 'Anna', lastname: 'Bogen', email: 'anna@example.org' },
      { prename: 'Ben', lastname: 'Pfeil', email: 'ben@example.org' },
    ];
    const mails = buildAppointmentMails(base, recipients, site);
    expect(mails.map((mail) => mail.to)).toEqual(['anna@example.org', 'ben@example.org']);
    expect(mails[0]!.subject).toBe('Neuer Termin: Arbeitseinsatz am 05.12.2026 09:00');
    expect(mails[0]!.text).toContain('Hallo Anna Bogen,');
    expect(mails[0]!.text).toContain('Ort: Parcours');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(mails[0]!.attachments[0]!.content) as unknown[]).getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('termin-7@verein.example.org');
    expect(event.sequence).toBe(0);
    expect(event.description).toBe(base.description);

    const later = buildAppointmentMails({ ...base, sequence: 3 }, recipients.slice(0, 1), site);
    expect(later[0]!.subject).toBe('Termin geändert: Arbeitseinsatz am 05.12.2026 09:00');
    const updated = new ICAL.Event(new ICAL.Component(ICAL.parse(later[0]!.attachments[0]!.content) as unknown[]).getFirstSubcomponent('vevent')!);
    expect(updated.uid).toBe('termin-7@verein.example.org');
    expect(updated.sequence).toBe(3);
  });

  it('saving with notify queues one mail per member with an address (same UID, growing SEQUENCE); without notify none; the rest are counted in the log', async () => {
    const withAddress = await t.createMember([], '41000001');
    const withoutAddress = await t.createMember([], '41000002');
    const group = await t.db.insertInto('groups').values({ name: 'Benachrichtigte' }).executeTakeFirstOrThrow();
    const notified = Number(group.insertId);
    for (const member of [withAddress, withoutAddress]) await t.db.insertInto('user_groups').values({ user_id: member.id, group_id: notified }).execute();
    await t.db.updateTable('users').set({ email: 'schuetze@example.org' }).where('id', '=', withAddress.id).execute();
    await t.db.updateTable('users').set({ email: '' }).where('id', '=', withoutAddress.id).execute();
    const outbox = () =>
      t.db
        .selectFrom('mail_outbox')
        .select(['id', 'recipient', 'subject', 'body', 'kind'])
        .where('kind', '=', 'calendar')
        .orderBy('id')
        .execute();
    const before = (await outbox()).length;

    const created = await create({ assignment: notified, notify: 1, name: 'Arbeitseinsatz, Parcours' });
    let mails = (await outbox()).slice(before);
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([['schuetze@example.org', 'Neuer Termin: Arbeitseinsatz, Parcours am 05.12.2026 10:00']]);
    expect(mails[0]!.body).toContain('Ort: Schützenhaus');
    expect(mails[0]!.body).not.toContain('Schlüssel bei Hans');
    const icsOf = async (mailId: number) => {
      const attachment = await t.db.selectFrom('mail_attachments').select(['filename', 'content_type', 'content']).where('mail_id', '=', mailId).executeTakeFirstOrThrow();
      expect(attachment.filename).toBe('termin.ics');
      expect(attachment.content_type).toMatch(/^text\/calendar/);
      return new ICAL.Event(new ICAL.Component(ICAL.parse(attachment.content) as unknown[]).getFirstSubcomponent('vevent')!);
    };
    const first = await icsOf(mails[0]!.id);
    expect(first.uid).toBe(`termin-${created.id}@localhost`);
    expect(first.sequence).toBe(0);
    expect(first.summary).toBe('Arbeitseinsatz, Parcours');

    // A change without notify sends nothing; the next one with notify is the update.
    await update(created.id, { assignment: notified, notify: 0 });
    expect((await outbox()).length).toBe(before + 1);
    now = new Date(now.getTime() + NOTIFY_INTERVAL_MS);
    await update(created.id, { assignment: notified, notify: 1, location: 'Parcours' });
    mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Termin geändert: Vereinsmeisterschaft am 05.12.2026 10:00');
    const second = await icsOf(mails[1]!.id);
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBe(2);

    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((entry) => entry.message);
    expect(log).toContain('Benachrichtigung zu Termin „Arbeitseinsatz, Parcours“ am 05.12.2026 10:00 (Version 0): 1 Mail an die Gruppe „Benachrichtigte“, 1 Mitglied ohne E-Mail-Adresse übersprungen');
    expect(log).toContain('Benachrichtigung zu Termin „Vereinsmeisterschaft“ am 05.12.2026 10:00 (Version 2): 1 Mail an die Gruppe „Benachrichtigte“, 1 Mitglied ohne E-Mail-Adresse übersprungen');
    await t.inject({ method: 'DELETE', url: `/api/calendar/${created.id}`, headers: deleter });
  });
});
