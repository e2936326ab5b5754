import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionName } from '../../src/shared/permissions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * The permission matrix of the members areas: every procedure over tRPC and every REST
 * path, as anonymous (401), as a member without the permission (403) and with it (2xx).
 */

let t: TestApp;
let counter = 0;

interface Fixture {
  userId: number;
  uid: string;
  groupId: number;
}

async function fixture(): Promise<Fixture> {
  counter += 1;
  const member = await t.createMember([], String(50000000 + counter));
  return { userId: member.id, uid: member.uid, groupId: member.groupId };
}

function newUser(suffix: number) {
  return {
    prename: 'Erika',
    lastname: 'Muster',
    uid: String(60000000 + suffix),
    password: 'Geheim123',
    email: `erika${suffix}@example.org`,
    phone: '',
  };
}

interface Case {
  name: string;
  permissions: PermissionName[];
  trpc: { path: string; type: 'query' | 'mutation'; input?: (fx: Fixture) => unknown };
  rest?: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: (fx: Fixture) => string; body?: (fx: Fixture) => unknown };
}

const cases: Case[] = [
  { name: 'users.list', permissions: ['users_view'], trpc: { path: 'users.list', type: 'query' }, rest: { method: 'GET', url: () => '/api/users' } },
  {
    name: 'users.get (someone else)',
    permissions: ['users_view'],
    trpc: { path: 'users.get', type: 'query', input: (fx) => ({ ref: fx.uid }) },
    rest: { method: 'GET', url: (fx) => `/api/users/${fx.uid}` },
  },
  {
    name: 'users.create',
    permissions: ['users_create'],
    trpc: { path: 'users.create', type: 'mutation', input: (fx) => newUser(fx.userId) },
    rest: { method: 'POST', url: () => '/api/users', body: (fx) => newUser(fx.userId + 1000) },
  },
  {
    name: 'users.update',
    permissions: ['users_update'],
    trpc: {
      path: 'users.update',
      type: 'mutation',
      input: (fx) => ({ ref: String(fx.userId), prename: 'Neu', lastname: 'Name', uid: fx.uid, email: 'neu@example.org', phone: '' }),
    },
    rest: {
      method: 'PUT',
      url: (fx) => `/api/users/${fx.uid}`,
      body: (fx) => ({ prename: 'Neu', lastname: 'Name', uid: fx.uid, email: 'neu@example.org', phone: '' }),
    },
  },
  {
    name: 'users.delete',
    permissions: ['users_delete'],
    trpc: { path: 'users.delete', type: 'mutation', input: (fx) => ({ ref: String(fx.userId) }) },
    rest: { method: 'DELETE', url: (fx) => `/api/users/${fx.userId}` },
  },
  { name: 'groups.list', permissions: ['groups_view'], trpc: { path: 'groups.list', type: 'query' }, rest: { method: 'GET', url: () => '/api/groups' } },
  {
    name: 'groups.create',
    permissions: ['groups_create'],
    trpc: { path: 'groups.create', type: 'mutation', input: (fx) => ({ name: `Neue Gruppe ${fx.userId}`, permissions: [1, 2] }) },
    rest: { method: 'POST', url: () => '/api/groups', body: (fx) => ({ name: `REST Gruppe ${fx.userId}`, permissions: [3] }) },
  },
  {
    name: 'groups.update',
    permissions: ['groups_update'],
    trpc: { path: 'groups.update', type: 'mutation', input: (fx) => ({ id: fx.groupId, name: `Umbenannt ${fx.groupId}`, permissions: [] }) },
    rest: { method: 'PUT', url: (fx) => `/api/groups/${fx.groupId}`, body: (fx) => ({ name: `REST ${fx.groupId}`, permissions: [5] }) },
  },
  {
    name: 'groups.delete',
    permissions: ['groups_delete'],
    trpc: { path: 'groups.delete', type: 'mutation', input: (fx) => ({ id: fx.groupId }) },
    rest: { method: 'DELETE', url: (fx) => `/api/groups/${fx.groupId}` },
  },
  {
    name: 'permissions.list',
    permissions: ['groups_view'],
    trpc: { path: 'permissions.list', type: 'query' },
    rest: { method: 'GET', url: () => '/api/permissions' },
  },
  { name: 'log.read', permissions: ['log_view'], trpc: { path: 'log.read', type: 'query' }, rest: { method: 'GET', url: () => '/api/log' } },
  { name: 'log.clear', permissions: ['log_delete'], trpc: { path: 'log.clear', type: 'mutation' }, rest: { method: 'DELETE', url: () => '/api/log' } },
  { name: 'content.info', permissions: ['dashboard_view'], trpc: { path: 'content.info', type: 'query' }, rest: { method: 'GET', url: () => '/api/info' } },
  {
    name: 'content.alerts',
    permissions: ['dashboard_view'],
    trpc: { path: 'content.alerts', type: 'query' },
    rest: { method: 'GET', url: () => '/api/sectionalert' },
  },
  {
    name: 'content.updateInfo',
    permissions: ['dashboard_update'],
    trpc: { path: 'content.updateInfo', type: 'mutation', input: (fx) => ({ identifier: 'best_shot', text: `Bester Schuss ${fx.userId}` }) },
    rest: { method: 'PUT', url: () => '/api/info/best_shot', body: (fx) => ({ text: `REST ${fx.userId}` }) },
  },
  {
    name: 'content.updateAlert',
    permissions: ['dashboard_update'],
    trpc: { path: 'content.updateAlert', type: 'mutation', input: (fx) => ({ identifier: 'contact', enabled: true, text: `Hinweis ${fx.userId}` }) },
    rest: { method: 'PUT', url: () => '/api/sectionalert/contact', body: (fx) => ({ enabled: 0, text: `REST ${fx.userId}` }) },
  },
];

async function callTrpc(c: Case, fx: Fixture, headers: Record<string, string>) {
  const input = c.trpc.input?.(fx);
  if (c.trpc.type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return t.inject({ method: 'GET', url: `/trpc/${c.trpc.path}${query}`, headers });
  }
  return t.inject({
    method: 'POST',
    url: `/trpc/${c.trpc.path}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input ?? null),
  });
}

async function callRest(c: Case, fx: Fixture, headers: Record<string, string>) {
  const rest = c.rest!;
  const body = rest.body?.(fx);
  return t.inject({
    method: rest.method,
    url: rest.url(fx),
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe.each(cases)('$name', (c) => {
  it('refuses anonymous callers with 401', async () => {
    const fx = await fixture();
    const trpc = await callTrpc(c, fx, {});
    expect(trpc.statusCode).toBe(401);
    if (c.rest) {
      const rest = await callRest(c, fx, {});
      expect(rest.statusCode).toBe(401);
      expect(rest.headers['www-authenticate']).toBeUndefined();
      expect(rest.json().message).toMatch(/nicht angemeldet/);
    }
  });

  it('refuses a member without the permission with 403', async () => {
    const fx = await fixture();
    const others = (['dashboard_view', 'calendar_view', 'hosts_view'] as PermissionName[]).filter((p) => !c.permissions.includes(p));
    counter += 1;
    const member = await t.createMember(others, String(70000000 + counter));
    const trpc = await callTrpc(c, fx, member.auth);
    expect(trpc.statusCode).toBe(403);
    if (c.rest) {
      const rest = await callRest(c, fx, member.auth);
      expect(rest.statusCode).toBe(403);
      expect(rest.json().message).toBe('Dir fehlt die Berechtigung für diese Aktion.');
    }
  });

  it('allows a member with the permission', async () => {
    counter += 1;
    const member = await t.createMember(c.permissions, String(80000000 + counter));
    const trpc = await callTrpc(c, await fixture(), member.auth);
    expect(trpc.statusCode, trpc.body).toBeLessThan(300);
    if (c.rest) {
      const rest = await callRest(c, await fixture(), member.auth);
      expect(rest.statusCode, rest.body).toBeLessThan(300);
    }
  });
});

describe('own record', () => {
  it('is readable without users_view, by shooter number and by id', async () => {
    counter += 1;
    const member = await t.createMember([], String(90000000 + counter));
    for (const ref of [member.uid, String(member.id)]) {
      const response = await t.inject({ method: 'GET', url: `/api/users/${ref}`, headers: member.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ id: member.id, uid: member.uid, groups: [{ id: member.groupId }] });
    }
  });

  it('account.update needs only a login', async () => {
    counter += 1;
    const member = await t.createMember([], String(90000000 + counter));
    const body = { prename: 'Max', lastname: 'Muster', uid: member.uid, email: 'max@example.org', phone: '0123' };
    const anonymous = await t.inject({ method: 'POST', url: '/trpc/account.update', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(anonymous.statusCode).toBe(401);
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/account.update',
      headers: { ...member.auth, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data.message).toBe('Gepeichert');
  });
});
