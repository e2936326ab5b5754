import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_UID, createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('auth.login over tRPC', () => {
  it('sets an HttpOnly SameSite=Strict session cookie and returns the own record without any password', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: { username: ADMIN_UID, password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/sv_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/);
    const body = response.json();
    expect(body.result.data.data.uid).toBe(ADMIN_UID);
    expect(body.result.data.data.permissions).toContain('users_view');
    expect(response.body).not.toMatch(/password|\$2[aby]\$/);
  });

  it('answers validation failures with the German messages per field', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { 'content-type': 'application/json' },
      payload: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.message).toBe('Die Schützennummer darf nicht leer gelassen werden!');
    expect(error.data.fieldErrors).toEqual({
      username: ['Die Schützennummer darf nicht leer gelassen werden!'],
      password: ['Das Passwort darf nicht leer gelassen werden!'],
    });
    expect(JSON.stringify(error)).not.toMatch(/stack|at .*\.ts/);
  });
});
