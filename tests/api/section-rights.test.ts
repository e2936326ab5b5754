import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Section } from '../../src/shared/constants.ts';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filesIn, namesInDatabase, pdf, postForm, type FormPart } from '../helpers/multipart.ts';

/**
 * Rights per section (issue 28.1): a group limited to sections reaches with its content
 * permissions only the content of those sections, over tRPC and REST alike, with a German
 * 403 that names the missing section; a member of several groups has the union; a group
 * without a limit keeps every right; the limit is handed out as permissions are.
 */

const CONTENT: PermissionName[] = ['dashboard_view', 'dashboard_create', 'dashboard_update', 'dashboard_delete', 'calendar_view', 'calendar_create', 'calendar_update', 'calendar_delete'];
const refusal = (section: string) => `Diese Änderung ist nur für Mitglieder mit Rechten für die Sparte ${section} möglich.`;
const SECTIONS_REFUSED = 'Du kannst Inhaltsrechte nur für Sparten vergeben, für die du sie selbst besitzt.';

let t: TestApp;
let uidCounter = 28100000;
const nextUid = () => String(++uidCounter);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await filesIn(t.uploadsDir)).toEqual(await namesInDatabase(t.db));
});

/** A member whose one group holds `permissions`, limited to `sections` (none: all). */
async function memberLimitedTo(sections: Section[], permissions: PermissionName[] = CONTENT) {
  const member = await t.createMember(permissions, nextUid());
  if (sections.length > 0) await t.db.insertInto('group_sections').values(sections.map((section) => ({ group_id: member.groupId, section }))).execute();
  return member;
}

function mutate(path: string, input: unknown, headers: Record<string, string>) {
  return t.inject({ method: 'POST', url: `/trpc/${path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}
function rest(method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) {
  return t.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}
async function album(section: Section): Promise<number> {
  const response = await mutate('galleries.createAlbum', { name: `Album ${section}`, section }, t.admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data.data.id;
}
function expectRefused(response: { statusCode: number; json: () => { error?: { message: string }; message?: string } }, section: string) {
  expect(response.statusCode).toBe(403);
  const body = response.json();
  expect(body.error?.message ?? body.message).toBe(refusal(section));
}

describe('galleries and albums', () => {
  it('a Bogen head creates, renames and deletes Bogen albums; LG/LP albums answer the German 403 over tRPC and REST', async () => {
    const head = await memberLimitedTo(['arch']);
    const own = await mutate('galleries.createAlbum', { name: 'Turnier', section: 'arch' }, head.auth);
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json().result.data.data.id as number;
    expectRefused(await mutate('galleries.createAlbum', { name: 'Rundenwettkampf', section: 'gun' }, head.auth), 'LG/LP');
    expectRefused(await rest('POST', '/api/albums', head.auth, { name: 'Rundenwettkampf', section: 'gun' }), 'LG/LP');
    expect(await t.db.selectFrom('albums').select('id').where('name', '=', 'Rundenwettkampf').execute()).toEqual([]);

    const gun = await album('gun');
    expectRefused(await rest('PUT', `/api/albums/${gun}`, head.auth, { name: 'Umbenannt' }), 'LG/LP');
    expectRefused(await mutate('galleries.updateAlbum', { id: gun, name: 'Umbenannt' }, head.auth), 'LG/LP');
    // Moving one's own album into another section needs that section too.
    expectRefused(await mutate('galleries.updateAlbum', { id: ownId, name: 'Turnier', section: 'gun' }, head.auth), 'LG/LP');
    expectRefused(await rest('DELETE', `/api/albums/${gun}`, head.auth), 'LG/LP');
    expect((await t.db.selectFrom('albums').select(['name', 'section']).where('id', 'in', [gun, ownId]).orderBy('id').execute())).toEqual([
      { name: 'Turnier', section: 'arch' },
      { name: 'Album gun', section: 'gun' },
    ]);
    expect((await rest('PUT', `/api/albums/${ownId}`, head.auth, { name: 'Turnier 2026' })).statusCode).toBe(200);
    expect((await rest('DELETE', `/api/albums/${ownId}`, head.auth)).statusCode).toBe(200);
    // An unknown album stays a 404, not a refusal.
    expect((await rest('DELETE', '/api/albums/999999', head.auth)).statusCode).toBe(404);
    expect(await t.db.selectFrom('log_entries').select('message').where('message', 'like', '%nicht für die Sparte gun%').execute()).not.toEqual([]);
  });

  it('an upload into another section’s album is refused before any file is stored', async () => {
    const head = await memberLimitedTo(['arch']);
    const gun = await album('gun');
    const check = await t.inject({ method: 'GET', url: `/trpc/galleries.checkUpload?input=${encodeURIComponent(JSON.stringify({ album_id: gun }))}`, headers: head.auth });
    expectRefused(check, 'LG/LP');
    expectRefused(await postForm(t, '/api/images', [{ name: 'album_id', value: String(gun) }, { name: 'files[]', filename: 'a.png', content: Buffer.from('x') }], head.auth), 'LG/LP');
  });
});

describe('results and their texts', () => {
  const parts = (section: string): FormPart[] => [
    { name: 'section', value: section },
    { name: 'internal', value: '1' },
    { name: 'file', filename: 'Ergebnis.pdf', content: pdf() },
  ];

  it('a Blasrohr head uploads and deletes Blasrohr results only; texts and the live result follow their section', async () => {
    const head = await memberLimitedTo(['blowpipe']);
    const own = await postForm(t, '/api/results', parts('blowpipe'), head.auth);
    expect(own.statusCode, own.body).toBe(201);
    expectRefused(await postForm(t, '/api/results', parts('arch'), head.auth), 'Bogen');
    const arch = await postForm(t, '/api/results', parts('arch'), t.admin);
    expectRefused(await rest('DELETE', `/api/results/${arch.json().data.id}`, head.auth), 'Bogen');
    expect((await rest('DELETE', `/api/results/${own.json().data.id}`, head.auth)).statusCode).toBe(200);
    expect((await rest('DELETE', `/api/results/${arch.json().data.id}`, t.admin)).statusCode).toBe(200);

    expect((await mutate('content.updateInfo', { identifier: 'saison_blowpipe', text: 'Saison' }, head.auth)).statusCode).toBe(200);
    expectRefused(await mutate('content.updateInfo', { identifier: 'gunking_senior', text: 'König' }, head.auth), 'LG/LP');
    expectRefused(await rest('PUT', '/api/info/challangecup_senior', head.auth, { text: 'Cup' }), 'Bogen');
    expectRefused(await rest('PUT', '/api/sectionalert/liveresult', head.auth, { enabled: 0, text: '' }), 'Bogen');
  });
});

describe('notices, shooting times, course and range', () => {
  it('a Bogen head edits the Bogen and course notices, times and course facts; Verein and LG/LP are refused', async () => {
    const head = await memberLimitedTo(['arch']);
    expect((await mutate('content.updateAlert', { identifier: 'archparcours', enabled: true, text: 'Offen' }, head.auth)).statusCode).toBe(200);
    expectRefused(await mutate('content.updateAlert', { identifier: 'contact', enabled: true, text: 'Kontakt' }, head.auth), 'Verein');
    expectRefused(await mutate('content.updateAlert', { identifier: 'gun', enabled: true, text: 'LG' }, head.auth), 'LG/LP');
    expect((await mutate('content.updateInfo', { identifier: 'archparcours_usage', text: 'Nutzung' }, head.auth)).statusCode).toBe(200);
    expectRefused(await mutate('content.updateInfo', { identifier: 'shootingtimes_gun', text: 'Zeiten' }, head.auth), 'LG/LP');
    // Unknown identifiers stay a 404.
    expect((await mutate('content.updateInfo', { identifier: 'gibtsnicht', text: 'x' }, head.auth)).statusCode).toBe(404);

    const entry = { weekday: 3, from: '18:00', to: '20:00', what: 'Training', note: '' };
    const own = await mutate('timetables.create', { section: 'arch', ...entry }, head.auth);
    expect(own.statusCode, own.body).toBe(200);
    expectRefused(await mutate('timetables.create', { section: 'gun', ...entry }, head.auth), 'LG/LP');
    const gun = await mutate('timetables.create', { section: 'gun', ...entry }, t.admin);
    const gunId = gun.json().result.data.data.id as number;
    expectRefused(await mutate('timetables.update', { id: gunId, ...entry, what: 'Anders' }, head.auth), 'LG/LP');
    expectRefused(await mutate('timetables.delete', { id: gunId }, head.auth), 'LG/LP');
    expectRefused(await mutate('timetables.reorder', { section: 'gun', ids: [gunId] }, head.auth), 'LG/LP');
    expect((await mutate('timetables.delete', { id: own.json().result.data.data.id }, head.auth)).statusCode).toBe(200);

    // The section is known before the input is read: the course's facts pass to their checks (422), the range's are refused.
    expect((await rest('PUT', '/api/club/course', head.auth, {})).statusCode).toBe(422);
    expectRefused(await rest('PUT', '/api/club/range', head.auth, {}), 'LG/LP');
    expectRefused(await rest('PUT', '/api/club', head.auth, {}), 'Verein');
    expectRefused(await rest('PUT', '/api/club/home', head.auth, {}), 'Verein');
    expectRefused(await rest('DELETE', '/api/downloads/1', head.auth), 'Verein');
  });
});

describe('appointments', () => {
  it('count for their section group’s section, any other group for Verein', async () => {
    const bogen = await t.db.selectFrom('groups').select('id').where('name', '=', 'Bogen').executeTakeFirstOrThrow();
    const other = await t.createMember([], nextUid());
    const head = await memberLimitedTo(['arch']);
    const appointment = (assignment: number) => ({
      name: 'Bogentraining',
      datetime_begin: '2030-05-05 10:00:00',
      datetime_end: '2030-05-05 12:00:00',
      location: 'Parcours',
      visibility: 1,
      description: '',
      notes: '',
      assignment,
      status: 1,
      attachments: [],
      notify: 0,
    });
    const own = await rest('POST', '/api/calendar', head.auth, appointment(bogen.id));
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json().data.id as number;
    expectRefused(await rest('POST', '/api/calendar', head.auth, appointment(other.groupId)), 'Verein');
    expectRefused(await rest('PUT', `/api/calendar/${ownId}`, head.auth, appointment(other.groupId)), 'Verein');
    const club = await rest('POST', '/api/calendar', t.admin, appointment(other.groupId));
    expectRefused(await rest('DELETE', `/api/calendar/${club.json().data.id}`, head.auth), 'Verein');
    expect((await rest('PUT', `/api/calendar/${ownId}`, head.auth, { ...appointment(bogen.id), name: 'Bogenturnier' })).statusCode).toBe(200);
    expect((await rest('DELETE', `/api/calendar/${ownId}`, head.auth)).statusCode).toBe(200);
    expect((await rest('DELETE', `/api/calendar/${club.json().data.id}`, t.admin)).statusCode).toBe(200);
  });

  it('sign-ups follow their appointment’s section (issue 29): the Bogen head opens Bogen sign-ups only, reads every list', async () => {
    const head = await memberLimitedTo(['arch']);
    const bogen = await t.db.selectFrom('groups').select('id').where('name', '=', 'Bogen').executeTakeFirstOrThrow();
    const other = await t.createMember([], nextUid());
    const appointmentOf = async (assignment: number) =>
      Number(
        (
          await t.db
            .insertInto('appointments')
            .values({ name: 'Kurs', datetime_begin: '2099-05-05 10:00:00', datetime_end: '2099-05-05 12:00:00', location: 'Parcours', visibility: 1, description: '', notes: '', assignment, status: 0, notify: 0, created_at: '2026-11-27 10:00:00', updated_at: '2026-11-27 10:00:00' })
            .executeTakeFirstOrThrow()
        ).insertId,
      );
    const arch = await appointmentOf(bogen.id);
    const club = await appointmentOf(other.groupId);
    expect((await rest('PUT', `/api/registrations/${arch}`, head.auth, { places: 8 })).statusCode).toBe(200);
    expectRefused(await rest('PUT', `/api/registrations/${club}`, head.auth, { places: 8 }), 'Verein');
    expect((await rest('PUT', `/api/registrations/${club}`, t.admin, { places: 8 })).statusCode).toBe(200);
    expectRefused(await rest('POST', `/api/registrations/${club}`, head.auth, { prename: 'A', lastname: 'B', email: 'a@example.org' }), 'Verein');
    expectRefused(await rest('DELETE', `/api/registrations/${club}`, head.auth), 'Verein');
    // Reading needs calendar_view, which no section limits.
    expect((await t.inject({ method: 'GET', url: `/api/registrations/${club}`, headers: head.auth })).statusCode).toBe(200);
  });
});

describe('several groups and unlimited groups', () => {
  it('a member of a Bogen and an LG/LP group has both; Blasrohr stays refused', async () => {
    const member = await memberLimitedTo(['arch']);
    const second = await memberLimitedTo(['gun']);
    await t.db.insertInto('user_groups').values({ user_id: member.id, group_id: second.groupId }).execute();
    for (const section of ['arch', 'gun'] as const) {
      expect((await mutate('galleries.createAlbum', { name: `Beide ${section}`, section }, member.auth)).statusCode).toBe(200);
    }
    expectRefused(await mutate('galleries.createAlbum', { name: 'Blasrohr', section: 'blowpipe' }, member.auth), 'Blasrohr');
    const session = await t.inject({ method: 'GET', url: '/trpc/auth.me', headers: member.auth });
    expect(session.json().result.data.section_rights.dashboard_create).toEqual({ all: false, sections: ['gun', 'arch'] });
  });

  it('one unlimited group among limited ones reaches all; a group without a limit is unchanged', async () => {
    const member = await memberLimitedTo(['arch']);
    const unlimited = await memberLimitedTo([]);
    await t.db.insertInto('user_groups').values({ user_id: member.id, group_id: unlimited.groupId }).execute();
    expect((await mutate('galleries.createAlbum', { name: 'Alle', section: 'blowpipe' }, member.auth)).statusCode).toBe(200);
    expect((await rest('PUT', '/api/sectionalert/contact', unlimited.auth, { enabled: 0, text: 'Kontakt' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/trpc/auth.me', headers: unlimited.auth })).json().result.data.section_rights.dashboard_update).toEqual({ all: true });
  });

  it('a limit narrows only the content permissions of its own group', async () => {
    // The limited group holds nothing of the dashboard; the other one holds dashboard_update without a limit.
    const member = await memberLimitedTo(['arch'], ['users_view']);
    const other = await memberLimitedTo([], ['dashboard_update']);
    await t.db.insertInto('user_groups').values({ user_id: member.id, group_id: other.groupId }).execute();
    expect((await mutate('content.updateInfo', { identifier: 'saison_gun', text: 'Saison' }, member.auth)).statusCode).toBe(200);
  });
});

describe('the group’s limit', () => {
  const groupsTable = async () => (await t.inject({ method: 'GET', url: '/api/groups', headers: t.admin })).json().data as { id: number; sections: string[] }[];
  const ids = async (...names: PermissionName[]) =>
    (await t.db.selectFrom('permissions').select('id').where('name', 'in', names).orderBy('id').execute()).map((row) => row.id);

  it('is saved with the group over tRPC and REST, listed, logged, and kept when an update leaves it out', async () => {
    const created = await rest('POST', '/api/groups', t.admin, { name: 'Bogenleitung', permissions: await ids('dashboard_update'), sections: ['arch', 'club', 'arch'] });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.sections).toEqual(['club', 'arch']);
    expect((await groupsTable()).find((group) => group.id === id)?.sections).toEqual(['club', 'arch']);
    // The legacy program knows no sections: its update leaves them.
    expect((await rest('PUT', `/api/groups/${id}`, t.admin, { name: 'Bogenleitung', permissions: await ids('dashboard_update') })).json().data.sections).toEqual(['club', 'arch']);
    const cleared = await mutate('groups.update', { id, name: 'Bogenleitung', permissions: await ids('dashboard_update'), sections: [] }, t.admin);
    expect(cleared.json().result.data.data.sections).toEqual([]);
    const wrong = await mutate('groups.create', { name: 'Falsch', permissions: [], sections: ['bogen'] }, t.admin);
    expect(wrong.json().error.message).toBe('Diese Sparte gibt es nicht!');
    const log = await t.db.selectFrom('log_entries').select('message').where('message', 'like', 'Gruppe „Bogenleitung“%').execute();
    expect(log.map((row) => row.message)).toEqual(
      expect.arrayContaining(['Gruppe „Bogenleitung“ angelegt (nur für Sparten Verein, Bogen)', 'Gruppe „Bogenleitung“ geändert (für alle Sparten)']),
    );
  });

  it('follows the grant rule: a Bogen head hands out content rights for Bogen only and cannot widen a limit', async () => {
    const head = await memberLimitedTo(['arch'], [...CONTENT, 'groups_view', 'groups_create', 'groups_update']);
    const update = await ids('dashboard_update');
    const unlimited = await mutate('groups.create', { name: 'Helfer ohne Grenze', permissions: update }, head.auth);
    expect(unlimited.statusCode).toBe(403);
    expect(unlimited.json().error.message).toBe(SECTIONS_REFUSED);
    expect((await mutate('groups.create', { name: 'Helfer LG', permissions: update, sections: ['gun'] }, head.auth)).statusCode).toBe(403);
    const helpers = await mutate('groups.create', { name: 'Bogenhelfer', permissions: update, sections: ['arch'] }, head.auth);
    expect(helpers.statusCode, helpers.body).toBe(200);
    const helpersId = helpers.json().result.data.data.id as number;
    // Widening the helpers or their own group is refused; nothing changes.
    const widen = await rest('PUT', `/api/groups/${helpersId}`, head.auth, { name: 'Bogenhelfer', permissions: update, sections: [] });
    expect(widen.statusCode).toBe(403);
    expect(widen.json()).toEqual({ message: SECTIONS_REFUSED });
    const own = await mutate('groups.update', { id: head.groupId, name: `Testgruppe ${head.uid}`, permissions: await ids(...CONTENT, 'groups_view', 'groups_create', 'groups_update'), sections: ['arch', 'gun'] }, head.auth);
    expect(own.statusCode).toBe(403);
    expect((await groupsTable()).find((group) => group.id === head.groupId)?.sections).toEqual(['arch']);
    // A group without content permissions may have any limit: it hands out nothing.
    expect((await mutate('groups.create', { name: 'Nur lesen', permissions: await ids('dashboard_view'), sections: ['gun'] }, head.auth)).statusCode).toBe(200);
    // The administrator, whose rights are whole, may set any limit.
    expect((await mutate('groups.update', { id: helpersId, name: 'Bogenhelfer', permissions: update, sections: ['gun', 'arch'] }, t.admin)).statusCode).toBe(200);
  });

  it('adding a member to a limited group needs the rights in its sections', async () => {
    const head = await memberLimitedTo(['arch'], [...CONTENT, 'users_view', 'users_update', 'groups_view']);
    const gunGroup = await memberLimitedTo(['gun'], ['dashboard_update']);
    const archGroup = await memberLimitedTo(['arch'], ['dashboard_update']);
    const member = await t.createMember([], nextUid());
    const groupsOf = (groupId: number) => ({ uid: member.uid, prename: 'Test', lastname: `Mitglied ${member.uid}`, email: `${member.uid}@example.org`, phone: '', groups: [groupId] });
    const refused = await rest('PUT', `/api/users/${member.id}`, head.auth, groupsOf(gunGroup.groupId));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ message: SECTIONS_REFUSED });
    const allowed = await rest('PUT', `/api/users/${member.id}`, head.auth, groupsOf(archGroup.groupId));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('taking over a member needs their rights in every section they reach', async () => {
    const head = await memberLimitedTo(['arch'], [...CONTENT, 'users_view', 'users_update', 'groups_view']);
    const unlimited = await memberLimitedTo([], ['dashboard_update']);
    const archer = await memberLimitedTo(['arch'], ['dashboard_update']);
    const record = (member: { uid: string; groupId: number }) => ({
      uid: member.uid,
      prename: 'Test',
      lastname: `Mitglied ${member.uid}`,
      email: `neu${member.uid}@example.org`,
      phone: '',
      groups: [member.groupId],
    });
    const refused = await rest('PUT', `/api/users/${unlimited.id}`, head.auth, record(unlimited));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toEqual({ message: 'Du kannst Passwort, Schützennummer, E-Mail und Gruppen nur bei Mitgliedern ändern, deren Berechtigungen du selbst besitzt.' });
    const allowed = await rest('PUT', `/api/users/${archer.id}`, head.auth, record(archer));
    expect(allowed.statusCode, allowed.body).toBe(200);
  });
});

describe('articles (issue 27)', () => {
  const NEWS: PermissionName[] = ['news_view', 'news_create', 'news_update', 'news_delete'];
  const article = (section: Section, id?: number) => ({
    ...(id === undefined ? {} : { id }),
    title: `Bericht ${section} ${id ?? 'neu'}`,
    teaser: '',
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Text' }] }] },
    section,
    coverImageId: null,
    appointmentId: null,
    albumId: null,
    state: 'draft',
  });
  const sectionOf = async (id: number) => (await t.db.selectFrom('news_articles').select('section').where('id', '=', id).executeTakeFirstOrThrow()).section;

  it('a Bogen head writes, moves within and deletes Bogen articles; LG/LP articles and a move to LG/LP answer the German 403', async () => {
    const head = await memberLimitedTo(['arch'], NEWS);
    const own = await mutate('news.create', article('arch'), head.auth);
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json().result.data.data.id as number;
    expectRefused(await mutate('news.create', article('gun'), head.auth), 'LG/LP');
    expect(await t.db.selectFrom('news_articles').select('id').where('title', '=', 'Bericht gun neu').execute()).toEqual([]);

    const other = await mutate('news.create', article('gun'), t.admin);
    expect(other.statusCode, other.body).toBe(200);
    const otherId = other.json().result.data.data.id as number;
    expectRefused(await mutate('news.update', article('gun', otherId), head.auth), 'LG/LP');
    // Moving one's own article into another section needs that section too, and the other way round.
    expectRefused(await mutate('news.update', article('gun', ownId), head.auth), 'LG/LP');
    expectRefused(await mutate('news.update', article('arch', otherId), head.auth), 'LG/LP');
    expectRefused(await mutate('news.delete', { id: otherId }, head.auth), 'LG/LP');
    expect([await sectionOf(ownId), await sectionOf(otherId)]).toEqual(['arch', 'gun']);

    expect((await mutate('news.update', article('arch', ownId), head.auth)).statusCode).toBe(200);
    expect((await mutate('news.delete', { id: ownId }, head.auth)).statusCode).toBe(200);
    // An unlimited group keeps every section.
    const editor = await memberLimitedTo([], NEWS);
    expect((await mutate('news.delete', { id: otherId }, editor.auth)).statusCode).toBe(200);
  });
});
