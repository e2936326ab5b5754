import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTACT_LIMIT, CONTACT_RESPONSES } from '../../src/server/areas/contact/router.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** The contact form's limit per address counts an IPv6 client by its /64, like every limit per address (http/network.ts). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailTransport: null }, { CONTACT_TO_INFO: 'info@verein.example' });
});
afterAll(() => t.close());

const message = { to: 'info', prename: 'Erika', lastname: 'Muster', email: 'erika@example.org', subject: 'Frage', text: 'Hallo' };
const send = (remoteAddress: string) => t.inject({ method: 'POST', url: '/api/public/contact', remoteAddress, payload: message });

it('refuses the next message from any address of a /64 once that network has sent the limit', async () => {
  for (let i = 1; i <= CONTACT_LIMIT.perNetwork; i++) {
    const response = await send(`2001:db8:5:6::${i.toString(16)}`);
    expect(response.statusCode, response.body).toBe(200);
  }
  const refused = await send('2001:db8:5:6:ffff:1:2:3');
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ message: CONTACT_RESPONSES.tooMany });
  // Another /64 is another visitor.
  expect((await send('2001:db8:5:7::1')).statusCode).toBe(200);
  const stored = await t.db.selectFrom('contact_messages').select('address').distinct().execute();
  expect(stored.map((row) => row.address).sort()).toEqual(['2001:db8:5:6::/64', '2001:db8:5:7::/64']);
});
