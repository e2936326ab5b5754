import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT, CONTACT_RESPONSES } from '../../src/server/areas/contact/router.ts';
import type { Clock } from '../../src/server/services.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/** POST /api/public/contact and contact.send: validation, recipients, limit, honeypot, and the mail that arrives. */

const CONTACT_ENV = {
  CONTACT_TO_INFO: 'info@verein.example',
  CONTACT_TO_LG_LP: 'Sparte LG/LP <lglp@verein.example>',
  PUBLIC_URL: 'https://schuetzen.example',
};

const message = {
  to: 'info',
  prename: 'Jürgen',
  lastname: 'Größer',
  email: 'juergen@besucher.example',
  subject: 'Schnuppertraining für Bogenschützen – Grüße',
  text: 'Hallo,\nich würde gern einmal mitschießen. Geht das am Dienstag?\n\nÄÖÜ äöü ß 🎯',
};

let t: TestApp;
let peer: SmtpPeer;
let nowMs = Date.parse('2026-11-23T10:00:00Z');
const clock: Clock = { now: () => new Date(nowMs) };
let address = 0;

/** Every test sends from an address of its own, so the limit per address stays out of its way. */
function nextAddress(): string {
  address += 1;
  return `198.51.100.${address}`;
}

function post(body: unknown, remoteAddress = nextAddress()) {
  return t.inject({ method: 'POST', url: '/api/public/contact', remoteAddress, payload: body as object });
}

const count = async (table: 'contact_messages' | 'mail_outbox') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ clock, mailTransport: null }, CONTACT_ENV);
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});
beforeEach(async () => {
  await t.db.deleteFrom('mail_attachments').execute();
  await t.db.deleteFrom('mail_outbox').execute();
  await t.db.deleteFrom('contact_messages').execute();
  peer.received.length = 0;
});

describe('validation (SPEC §5)', () => {
  it('answers every empty field with its message and stores nothing', async () => {
    const response = await post({ to: '', prename: '', lastname: ' ', email: '', subject: '', text: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      to: ['Der Adressat darf nicht leer gelassen werden!'],
      prename: ['Der Vorname darf nicht leer gelassen werden!'],
      lastname: ['Der Nachname darf nicht leer gelassen werden!'],
      email: ['Die Email-Adresse darf nicht leer gelassen werden!'],
      subject: ['Der Betreff darf nicht leer gelassen werden!'],
      text: ['Der Nachrichteninhalt darf nicht leer gelassen werden!'],
    });
    expect(await count('contact_messages')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
  });

  it('refuses an invalid e-mail address', async () => {
    const response = await post({ ...message, email: 'kein-at.example' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'Die Email-Adresse ist nicht gültig!', errors: { email: ['Die Email-Adresse ist nicht gültig!'] } });
  });

  it('allows a subject of 255 and a text of 5000 characters, not more', async () => {
    expect((await post({ ...message, subject: 'ä'.repeat(255), text: 'ö'.repeat(5000) })).statusCode).toBe(200);
    const tooLong = await post({ ...message, subject: 'ä'.repeat(256), text: 'ö'.repeat(5001) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      subject: ['Der Betreff darf nicht länger als 255 Zeichen sein!'],
      text: ['Der Nachrichteninhalt darf nicht länger als 5000 Zeichen sein!'],
    });
    expect(await count('contact_messages')).toBe(1);
  });

  it('refuses a line break in name or subject (header injection) and stores nothing', async () => {
    const response = await post({
      ...message,
      prename: 'Eve\r\nBcc: opfer@example.org',
      lastname: 'X\nCc: opfer@example.org',
      subject: 'Hallo\r\nBcc: opfer@example.org',
      email: 'eve@example.org\r\nBcc: opfer@example.org',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      prename: ['Der Vorname darf keinen Zeilenumbruch enthalten!'],
      lastname: ['Der Nachname darf keinen Zeilenumbruch enthalten!'],
      email: ['Die Email-Adresse ist nicht gültig!'],
      subject: ['Der Betreff darf keinen Zeilenumbruch enthalten!'],
    });
    expect(await count('mail_outbox')).toBe(0);
  });

  it('answers 422 for a recipient without an address and for an unknown one', async () => {
    const unconfigured = await post({ ...message, to: 'vorstand' });
    expect(unconfigured.statusCode).toBe(422);
    expect(unconfigured.json()).toEqual({ message: CONTACT_RESPONSES.noAddress, errors: { to: [CONTACT_RESPONSES.noAddress] } });
    const unknown = await post({ ...message, to: 'kassenwart' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ to: ['Diesen Adressaten gibt es nicht!'] });
    expect(await count('mail_outbox')).toBe(0);
  });
});

describe('accepted messages', () => {
  it('answers 2xx once the message is in the outbox, addressed from the configuration', async () => {
    const response = await post({ ...message, to: 'lg-lp' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONTACT_RESPONSES.sent });
    const [mail] = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(mail).toMatchObject({
      kind: 'contact',
      status: 'pending',
      recipient: 'Sparte LG/LP <lglp@verein.example>',
      reply_to: '"Jürgen Größer" <juergen@besucher.example>',
      subject: message.subject,
      sent_at: null,
    });
    expect(mail!.body).toContain(message.text);
    expect(mail!.body).toContain('https://schuetzen.example');
    expect(mail!.body).toContain('Jürgen Größer <juergen@besucher.example>');
    const [stored] = await t.db.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toMatchObject({ recipient: 'lg-lp', prename: 'Jürgen', email: message.email });
  });

  it('is the same procedure over tRPC', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/trpc/contact.send',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(message),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual({ message: CONTACT_RESPONSES.sent });
    expect(await count('mail_outbox')).toBe(1);
  });

  it('drops a message whose honeypot is filled, with the normal answer', async () => {
    const response = await post({ ...message, homepage: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: CONTACT_RESPONSES.sent });
    expect(await count('contact_messages')).toBe(0);
    expect(await count('mail_outbox')).toBe(0);
  });

  it(`accepts ${CONTACT_LIMIT.perNetwork} messages per address and hour, then answers 429`, async () => {
    const visitor = nextAddress();
    for (let i = 0; i < CONTACT_LIMIT.perNetwork; i += 1) expect((await post(message, visitor)).statusCode).toBe(200);
    const refused = await post(message, visitor);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: CONTACT_RESPONSES.tooMany });
    expect(await count('mail_outbox')).toBe(CONTACT_LIMIT.perNetwork);
    // Other visitors are not affected, and an hour later this one may write again.
    expect((await post(message)).statusCode).toBe(200);
    nowMs += CONTACT_LIMIT.windowMs + 1000;
    expect((await post(message, visitor)).statusCode).toBe(200);
  });

  it('holds the limit for a burst of requests arriving at the same time', async () => {
    const visitor = nextAddress();
    const responses = await Promise.all(Array.from({ length: 9 }, () => post(message, visitor)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(CONTACT_LIMIT.perNetwork).fill(200), ...Array<number>(9 - CONTACT_LIMIT.perNetwork).fill(429)]);
    expect(await count('mail_outbox')).toBe(CONTACT_LIMIT.perNetwork);
    expect(await count('contact_messages')).toBe(CONTACT_LIMIT.perNetwork);
  });

  it('counts only accepted messages towards the limit', async () => {
    const visitor = nextAddress();
    for (let i = 0; i < CONTACT_LIMIT.perNetwork + 2; i += 1) await post({ ...message, email: 'falsch' }, visitor);
    for (let i = 0; i < CONTACT_LIMIT.perNetwork + 2; i += 1) await post({ ...message, homepage: 'x' }, visitor);
    expect((await post(message, visitor)).statusCode).toBe(200);
  });
});

describe('the mail as it arrives at a real SMTP server', () => {
  let sender: TestApp;
  afterEach(async () => {
    await sender?.close();
  });

  it('comes from MAIL_FROM, to the recipient, with Reply-To the visitor and intact umlauts', async () => {
    sender = await createTestApp(
      { mailTransport: smtpTransport({ url: peer.url, from: 'Schützenverein <web@verein.example>' }) },
      { ...CONTACT_ENV, SMTP_URL: peer.url, MAIL_FROM: 'Schützenverein <web@verein.example>' },
    );
    const response = await sender.inject({ method: 'POST', url: '/api/public/contact', payload: message });
    expect(response.statusCode).toBe(200);
    expect(await sender.app.services.mail.runOnce()).toMatchObject({ sent: 1 });
    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail!.envelope).toEqual({ from: 'web@verein.example', to: ['info@verein.example'] });
    expect(mail!.parsed.from?.value).toEqual([{ name: 'Schützenverein', address: 'web@verein.example' }]);
    expect(mail!.parsed.replyTo?.value).toEqual([{ name: 'Jürgen Größer', address: 'juergen@besucher.example' }]);
    expect(mail!.parsed.subject).toBe(message.subject);
    expect(mail!.parsed.text).toContain(message.text);
    expect(mail!.parsed.text).toContain('https://schuetzen.example');
    expect(mail!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    const [row] = await sender.db.selectFrom('mail_outbox').select(['status', 'sent_at']).execute();
    expect(row!.status).toBe('sent');
    expect(row!.sent_at).not.toBeNull();
    // Sent once: a further round finds nothing.
    expect(await sender.app.services.mail.runOnce()).toMatchObject({ sent: 0 });
    expect(peer.received).toHaveLength(1);
  });
});
