import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS_MESSAGES } from '../../src/server/areas/hosts/router.ts';
import { AppError, describeError, MESSAGES } from '../../src/server/errors.ts';
import { SUPERVISOR_GROUP_NAME } from '../../src/shared/permissions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { deleteElsewhere, MeanwhilePlugin } from '../helpers/race.ts';

/**
 * Saves that name a row another member deletes between the save's check and its write:
 * the foreign key refuses the write, and the member gets a German 422 instead of a 500,
 * with nothing changed. On MySQL the row is really deleted by another connection meanwhile.
 */

const meanwhile = new MeanwhilePlugin();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { plugins: [meanwhile] });
});
afterAll(() => t.close());

/** Runs the save and returns what it threw, with the status the REST shim would answer. */
async function refusal(save: () => Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await save().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, body } = describeError(error);
  return { status, message: body.message };
}

async function newGroup(name: string): Promise<number> {
  const inserted = await t.db.insertInto('groups').values({ name }).executeTakeFirstOrThrow();
  return Number(inserted.insertId);
}

describe('a member deleted while a roster entry is saved', () => {
  it('create answers 422 naming the gone member and stores no entry', async () => {
    const gone = await t.createMember([]);
    const caller = await t.callerAs(1);
    meanwhile.afterNextSelectFrom('users', () => deleteElsewhere(t, 'users', gone.id));
    const answer = await refusal(() => caller.hosts.create({ date: '2026-12-04', supervisor: -1, host: gone.id }));
    expect(answer).toEqual({ status: 422, message: HOSTS_MESSAGES.memberGone });
    expect(await t.db.selectFrom('host_entries').selectAll().execute()).toEqual([]);
  });

  it('update answers 422 and leaves the entry as it was', async () => {
    const gone = await t.createMember([]);
    const supervisors = await t.db.selectFrom('groups').select('id').where('name', '=', SUPERVISOR_GROUP_NAME).executeTakeFirstOrThrow();
    await t.db.insertInto('user_groups').values({ user_id: gone.id, group_id: supervisors.id }).execute();
    const caller = await t.callerAs(1);
    const { data } = await caller.hosts.create({ date: '2026-12-11', supervisor: -1, host: -2 });
    // The supervisor check reads user_groups joined with groups; the write follows it.
    meanwhile.afterNextSelectFrom('user_groups', () => deleteElsewhere(t, 'users', gone.id));
    const answer = await refusal(() => caller.hosts.update({ id: data.id, date: '2026-12-11', supervisor: gone.id, host: -2 }));
    expect(answer).toEqual({ status: 422, message: HOSTS_MESSAGES.memberGone });
    expect(await caller.hosts.list()).toEqual([{ id: data.id, date: '2026-12-11', supervisor: -1, host: -2, cancelled: false }]);
  });
});

describe('a group deleted while something is assigned to it', () => {
  it('an appointment answers 422 and is not stored', async () => {
    const groupId = await newGroup('Gleich weg (Termin)');
    const caller = await t.callerAs(1);
    // The first read of the group is the rights per section (its section); the second the procedure's own check.
    meanwhile.afterNextSelectFrom('groups', () => deleteElsewhere(t, 'groups', groupId), 2);
    const answer = await refusal(() =>
      caller.calendar.create({
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
      }),
    );
    expect(answer).toEqual({ status: 422, message: MESSAGES.referenceGone });
    expect(await t.db.selectFrom('appointments').select('id').execute()).toEqual([]);
  });

  it('a new member in that group answers 422 and is not stored', async () => {
    const groupId = await newGroup('Gleich weg (Mitglied)');
    const caller = await t.callerAs(1);
    meanwhile.afterNextSelectFrom('groups', () => deleteElsewhere(t, 'groups', groupId));
    const answer = await refusal(() =>
      caller.users.create({
        prename: 'Erna',
        lastname: 'Neu',
        uid: '47110815',
        password: 'Geheim123',
        email: 'erna@example.org',
        phone: '',
        groups: [groupId],
      }),
    );
    expect(answer).toEqual({ status: 422, message: MESSAGES.referenceGone });
    expect(await t.db.selectFrom('users').select('id').where('uid', '=', '47110815').executeTakeFirst()).toBeUndefined();
  });
});
