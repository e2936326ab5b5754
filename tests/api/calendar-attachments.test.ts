import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { removeOrphanAttachments } from '../../src/server/areas/calendar/cleanup.ts';
import { MESSAGES } from '../../src/server/errors.ts';
import { APPOINTMENT_MESSAGES } from '../../src/shared/schemas/calendar.ts';
import { createTestApp, MEMBER_PASSWORD, type TestApp } from '../helpers/app.ts';
import { filesIn, namesInDatabase, pdf, postForm } from '../helpers/multipart.ts';
import { MeanwhilePlugin } from '../helpers/race.ts';

/**
 * Calendar attachments are served to anybody only while a public appointment names them;
 * the others to members who see the calendar, and an upload no appointment names yet to
 * its uploader alone. Only the uploader can attach a fresh upload, and the hourly cleanup
 * removes only the files of rows it deleted itself.
 */

const meanwhile = new MeanwhilePlugin();
let now = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

interface Member {
  id: number;
  basic: { authorization: string };
  session: { cookie: string; 'x-requested-with': string };
}

let uploader: Member;
let viewer: Member;
let rival: Member;
let nobody: Member;
let groupId: number;

async function member(permissions: Parameters<TestApp['createMember']>[0]): Promise<Member> {
  const created = await t.createMember(permissions);
  return { id: created.id, basic: created.auth, session: await t.login(created.uid, MEMBER_PASSWORD) };
}

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } }, {}, { plugins: [meanwhile] });
  // May attach, but not see the calendar: what they uploaded is theirs until it is attached.
  uploader = await member(['calendar_create', 'calendar_update']);
  viewer = await member(['calendar_view']);
  // Sees the calendar and may create appointments: still cannot take another member's upload.
  rival = await member(['calendar_view', 'calendar_create']);
  nobody = await member(['dashboard_view', 'hosts_view']);
  groupId = (await t.db.selectFrom('groups').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());
afterEach(async () => {
  now = new Date('2026-11-23T10:00:00Z');
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

function appointment(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rundenwettkampf',
    datetime_begin: '2026-12-05 10:00:00',
    datetime_end: '2026-12-05 16:00:00',
    location: 'Schützenhaus',
    visibility: 1,
    description: '',
    notes: '',
    assignment: groupId,
    status: 0,
    attachments: [],
    notify: 0,
    ...overrides,
  };
}

async function upload(by: Member, filename = 'Ausschreibung.pdf'): Promise<{ id: number; url: string }> {
  const response = await postForm(t, '/api/calendar/upload', [{ name: 'attachments[]', filename, content: pdf() }], by.session);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data[0];
}

async function save(by: Member, overrides: Record<string, unknown>, id?: number) {
  return t.inject({
    method: id === undefined ? 'POST' : 'PUT',
    url: id === undefined ? '/api/calendar' : `/api/calendar/${id}`,
    headers: json(by.basic),
    payload: JSON.stringify(appointment(overrides)),
  });
}

async function create(by: Member, overrides: Record<string, unknown>): Promise<{ id: number; attachments: { id: number; url: string }[] }> {
  const response = await save(by, overrides);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

/** The status each kind of visitor gets for the file, with the session cookie and with Basic credentials. */
async function statuses(url: string) {
  const both = async (who: Member) => {
    const [session, basic] = [(await get(url, { cookie: who.session.cookie })).statusCode, (await get(url, who.basic)).statusCode];
    expect(basic, `${url}: Basic and session disagree`).toBe(session);
    return session;
  };
  return {
    anonymous: (await get(url)).statusCode,
    nobody: await both(nobody),
    viewer: await both(viewer),
    rival: await both(rival),
    uploader: await both(uploader),
  };
}

describe('who is served an attachment', () => {
  it('an upload no appointment names yet: only its uploader, everybody else 404 as if it did not exist', async () => {
    const { url } = await upload(uploader);
    expect(await statuses(url)).toEqual({ anonymous: 404, nobody: 404, viewer: 404, rival: 404, uploader: 200 });
    const mine = await get(url, { cookie: uploader.session.cookie });
    expect(mine.rawPayload.equals(pdf())).toBe(true);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    const hidden = await get(url);
    expect(hidden.json()).toEqual({ message: 'Diese Adresse gibt es nicht.' });
    expect(hidden.headers['cache-control']).toBe('no-cache');
    // The same answer as for a name no row has: nothing tells the two apart.
    const unknown = await get('/files/00000000-0000-4000-8000-000000000000.pdf');
    expect([unknown.statusCode, unknown.headers['cache-control'], unknown.body]).toEqual([404, 'no-cache', hidden.body]);
  });

  it('attached to a public appointment: everybody, and caches must ask again (public, no-cache)', async () => {
    const file = await upload(uploader);
    await create(uploader, { visibility: 1, attachments: [file.id] });
    expect(await statuses(file.url)).toEqual({ anonymous: 200, nobody: 200, viewer: 200, rival: 200, uploader: 200 });
    const answer = await get(file.url);
    expect(answer.headers['cache-control']).toBe('public, no-cache');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('attached to a non-public appointment: members with calendar_view only (private), everybody else 404', async () => {
    const file = await upload(uploader);
    await create(uploader, { visibility: 0, attachments: [file.id] });
    expect(await statuses(file.url)).toEqual({ anonymous: 404, nobody: 404, viewer: 200, rival: 200, uploader: 404 });
    const answer = await get(file.url, { cookie: viewer.session.cookie });
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.rawPayload.equals(pdf())).toBe(true);
  });

  it('a member whose group requires a second factor they have not set up gets 403 with the German message, as from every procedure', async () => {
    const file = await upload(uploader);
    await create(uploader, { visibility: 0, attachments: [file.id] });
    const pending = await member(['calendar_view']);
    expect((await get(file.url, pending.basic)).statusCode).toBe(200);
    await t.db.updateTable('groups').set({ require_second_factor: 1 }).where('id', '=', (await t.db.selectFrom('user_groups').select('group_id').where('user_id', '=', pending.id).executeTakeFirstOrThrow()).group_id).execute();
    t.app.services.credentials.forgetUser(pending.id);
    for (const headers of [pending.basic, { cookie: pending.session.cookie }]) {
      const refused = await get(file.url, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: MESSAGES.secondFactorRequired });
      expect(refused.headers['cache-control']).toBe('no-cache');
      // The same member's procedures say the same.
      const procedure = await t.inject({ method: 'GET', url: '/api/calendar/2026-12', headers });
      expect([procedure.statusCode, procedure.json()]).toEqual([403, { message: MESSAGES.secondFactorRequired }]);
    }
    const log = (await t.db.selectFrom('log_entries').select('message').execute()).map((row) => row.message);
    expect(log).toContain(`Zugriff verweigert: ${file.url} (zweiter Faktor von der Gruppe verlangt, aber nicht eingerichtet)`);
    // A public file stays everybody's, this member's too.
    const open = await upload(uploader);
    await create(uploader, { visibility: 1, attachments: [open.id] });
    expect((await get(open.url, pending.basic)).statusCode).toBe(200);
  });

  it('wrong Basic credentials count as nobody: 404, not 401', async () => {
    const file = await upload(uploader);
    await create(uploader, { visibility: 0, attachments: [file.id] });
    const wrong = { authorization: `Basic ${Buffer.from('99999999:falsch').toString('base64')}` };
    expect((await get(file.url, wrong)).statusCode).toBe(404);
  });

  it('a file only some may read is never kept in memory: the next visitor is asked again', async () => {
    const file = await upload(uploader);
    expect((await get(file.url, { cookie: uploader.session.cookie })).statusCode).toBe(200);
    expect((await get(file.url)).statusCode).toBe(404);
    const hidden = await upload(uploader);
    await create(uploader, { visibility: 0, attachments: [hidden.id] });
    expect((await get(hidden.url, viewer.basic)).statusCode).toBe(200);
    expect((await get(hidden.url)).statusCode).toBe(404);
  });

  it('a public one is kept like other small files, and making its appointment non-public drops it at once', async () => {
    const file = await upload(uploader, 'Plakat.pdf');
    const { id } = await create(uploader, { visibility: 1, attachments: [file.id] });
    expect((await get(file.url)).statusCode).toBe(200);
    // Behind the site's back: only a kept answer still names the old file name.
    await t.db.updateTable('attachments').set({ filename: 'Umbenannt.pdf' }).where('id', '=', file.id).execute();
    expect((await get(file.url)).headers['content-disposition']).toContain('Plakat.pdf');
    const hidden = await save(uploader, { visibility: 0, attachments: [file.id] }, id);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(file.url)).statusCode).toBe(404);
    expect((await get(file.url, viewer.basic)).headers['content-disposition']).toContain('Umbenannt.pdf');
  });
});

describe('who can attach an upload', () => {
  it('another member cannot take a fresh upload by its id (422, nothing changes); its uploader can', async () => {
    const file = await upload(uploader);
    const stolen = await save(rival, { name: 'Gestohlen', attachments: [file.id] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ message: APPOINTMENT_MESSAGES.unknownAttachment, errors: { attachments: [APPOINTMENT_MESSAGES.unknownAttachment] } });
    expect(await t.db.selectFrom('appointments').select('id').where('name', '=', 'Gestohlen').execute()).toEqual([]);
    const row = await t.db.selectFrom('attachments').select(['appointment_id', 'uploaded_by']).where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ appointment_id: null, uploaded_by: uploader.id });
    const created = await create(uploader, { attachments: [file.id] });
    expect(created.attachments.map((entry) => entry.id)).toEqual([file.id]);
  });

  it('once attached, anyone allowed to edit the appointment keeps it; a guessed id of somebody else\'s upload is refused', async () => {
    const file = await upload(uploader);
    const created = await create(uploader, { attachments: [file.id] });
    const kept = await save(rival, { attachments: [file.id] }, created.id);
    // rival has no calendar_update: the edit itself is refused first.
    expect(kept.statusCode).toBe(403);
    const editor = await member(['calendar_update']);
    const edited = await save(editor, { name: 'Geändert', attachments: [file.id] }, created.id);
    expect(edited.statusCode, edited.body).toBe(200);
    const foreign = await upload(uploader, 'fremd.pdf');
    const guessed = await save(editor, { attachments: [file.id, foreign.id] }, created.id);
    expect(guessed.statusCode).toBe(422);
    const rows = await t.db.selectFrom('attachments').select(['id', 'appointment_id']).where('id', 'in', [file.id, foreign.id]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: file.id, appointment_id: created.id },
      { id: foreign.id, appointment_id: null },
    ]);
  });

  it('of two saves naming the same fresh upload, exactly one gets it', async () => {
    const file = await upload(uploader);
    const answers = await Promise.all([save(uploader, { attachments: [file.id] }), save(uploader, { attachments: [file.id] })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const winner = answers.find((answer) => answer.statusCode === 201)!.json().data;
    const row = await t.db.selectFrom('attachments').select('appointment_id').where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.appointment_id).toBe(winner.id);
  });

  it('an upload the cleanup removed meanwhile answers 422, and the appointment is not stored', async () => {
    const file = await upload(uploader);
    // The save reads its group first and claims afterwards; the cleanup comes in between.
    meanwhile.afterNextSelectFrom('groups', async () => {
      if (t.sqlite) t.sqlite.prepare('delete from attachments where id = ?').run(file.id);
      else await t.db.deleteFrom('attachments').where('id', '=', file.id).execute();
    });
    const answer = await save(uploader, { name: 'Zu spät', attachments: [file.id] });
    expect(answer.statusCode).toBe(422);
    expect(await t.db.selectFrom('appointments').select('id').where('name', '=', 'Zu spät').execute()).toEqual([]);
    // SQLite undid the delete with the failed save; MariaDB's cleanup committed it, so the file goes as the cleanup's would.
    const left = await t.db.selectFrom('attachments').select('id').where('id', '=', file.id).execute();
    if (left.length === 0) await t.app.services.storage.remove(file.url.slice('/files/'.length));
  });
});

describe('the hourly cleanup', () => {
  it('removes only the files of rows it deleted: an upload attached between its select and its delete keeps row and file', async () => {
    const late = new Date(now.getTime() + 25 * 3_600_000);
    // Leftovers of earlier tests first, so that the counts below are this test's own.
    await removeOrphanAttachments(t.db, t.app.services.storage, late);
    const claimed = await upload(uploader, 'gerettet.pdf');
    const abandoned = await upload(uploader, 'vergessen.pdf');
    let appointmentId = 0;
    // The cleanup has read its candidates; the uploader saves the appointment before it deletes.
    meanwhile.afterNextSelectFrom('attachments', async () => {
      appointmentId = (await create(uploader, { visibility: 1, attachments: [claimed.id] })).id;
    });
    expect(await removeOrphanAttachments(t.db, t.app.services.storage, late)).toBe(1);
    expect(appointmentId).toBeGreaterThan(0);
    expect((await get(claimed.url)).statusCode).toBe(200);
    expect((await get(abandoned.url, uploader.basic)).statusCode).toBe(404);
    const rows = await t.db.selectFrom('attachments').select(['id', 'appointment_id']).where('id', 'in', [claimed.id, abandoned.id]).execute();
    expect(rows).toEqual([{ id: claimed.id, appointment_id: appointmentId }]);
  });

  it('keeps a fresh upload for a day and records who uploaded it', async () => {
    const file = await upload(uploader);
    expect(await removeOrphanAttachments(t.db, t.app.services.storage, new Date(now.getTime() + 23 * 3_600_000))).toBe(0);
    const row = await t.db.selectFrom('attachments').select('uploaded_by').where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.uploaded_by).toBe(uploader.id);
    expect(await removeOrphanAttachments(t.db, t.app.services.storage, new Date(now.getTime() + 25 * 3_600_000))).toBe(1);
  });
});

describe('a deleted member', () => {
  it('leaves an upload nobody can read or attach, which the cleanup removes', async () => {
    const leaving = await member(['calendar_create']);
    const file = await upload(leaving);
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();
    const row = await t.db.selectFrom('attachments').select('uploaded_by').where('id', '=', file.id).executeTakeFirstOrThrow();
    expect(row.uploaded_by).toBeNull();
    expect(await statuses(file.url)).toEqual({ anonymous: 404, nobody: 404, viewer: 404, rival: 404, uploader: 404 });
    expect((await save(uploader, { attachments: [file.id] })).statusCode).toBe(422);
    expect(await removeOrphanAttachments(t.db, t.app.services.storage, new Date(now.getTime() + 25 * 3_600_000))).toBe(1);
  });
});
