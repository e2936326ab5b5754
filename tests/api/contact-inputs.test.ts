import { domainToASCII } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../src/shared/schemas/contact.ts';
import { smtpTransport } from '../../src/server/mail/transport.ts';
import type { Clock } from '../../src/server/services.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * Issue 16, point 8: every input the contact schema accepts is stored and sent through a
 * real SMTP peer; everything else is a German 422 naming the field (over tRPC the schema's
 * refusals are its BAD_REQUEST, 400, with the same field errors, as for every procedure).
 * Never a 500. The edge values of every field go over REST and over tRPC.
 */

const FROM = 'Schützenverein <web@verein.example>';
const CONTACT_ENV = {
  CONTACT_TO_INFO: 'info@verein.example',
  CONTACT_TO_LG_LP: 'Sparte LG/LP <lglp@verein.example>',
  CONTACT_TO_WEBMASTER: '"Web, Master" <webmaster@verein.example>',
  PUBLIC_URL: 'https://schuetzen.example',
};
const RECIPIENT_ADDRESS: Record<string, string> = { info: 'info@verein.example', 'lg-lp': 'lglp@verein.example', webmaster: 'webmaster@verein.example' };

const valid = {
  to: 'info',
  prename: 'Jürgen',
  lastname: 'Größer',
  email: 'juergen@besucher.example',
  subject: 'Schnuppertraining',
  text: 'Hallo,\nich würde gern einmal mitschießen.',
};

/** An address of exactly `length` characters that the schema's pattern accepts. */
function addressOfLength(length: number): string {
  const local = 'a'.repeat(64);
  const labels: string[] = [];
  let domainLength = length - local.length - 1 - '.de'.length;
  while (domainLength > 0) {
    const label = Math.min(63, domainLength);
    // A label of one leftover character would follow a dot: make the previous one shorter.
    const take = domainLength - label === 1 ? label - 1 : label;
    labels.push('d'.repeat(take));
    domainLength -= take + 1;
  }
  const address = `${local}@${labels.join('.')}.de`;
  if (address.length !== length) throw new Error(`addressOfLength(${length}) gave ${address.length}`);
  return address;
}

type Expectation =
  /** 2xx, stored and sent. */
  | 'sent'
  /** 2xx, dropped (honeypot). */
  | 'dropped'
  /** 422 with a German message, whatever field (the body is no object at all). */
  | 'refused'
  /** 422 naming exactly these fields, each with a German message matching. */
  | Record<string, RegExp>;

interface Case {
  name: string;
  body: unknown;
  expect: Expectation;
}

const EMPTY = /darf nicht leer gelassen werden!$/;
const TOO_LONG = /darf nicht länger als \d+ Zeichen sein!$/;
const LINE_BREAK = /darf keinen Zeilenumbruch enthalten!$/;
const CONTROL = /darf keine Steuerzeichen \(z\. B\. Tabulatoren\) enthalten!$/;
const INVALID_EMAIL = /^Die Email-Adresse ist nicht gültig!$/;
const GERMAN_TYPE = /Ungültig|erwartet|nicht leer/;

const names = (prename: string, lastname = prename) => ({ ...valid, prename, lastname });

const cases: Case[] = [
  { name: 'a plain valid message', body: valid, expect: 'sent' },
  { name: 'a recipient with a display name', body: { ...valid, to: 'lg-lp' }, expect: 'sent' },
  { name: 'a recipient whose display name holds a comma', body: { ...valid, to: 'webmaster' }, expect: 'sent' },

  // to
  { name: 'to empty', body: { ...valid, to: '' }, expect: { to: EMPTY } },
  { name: 'to whitespace', body: { ...valid, to: '   ' }, expect: { to: EMPTY } },
  { name: 'to unknown', body: { ...valid, to: 'kassenwart' }, expect: { to: /^Diesen Adressaten gibt es nicht!$/ } },
  { name: 'to in capitals', body: { ...valid, to: 'INFO' }, expect: { to: /^Diesen Adressaten gibt es nicht!$/ } },
  { name: 'to without an address', body: { ...valid, to: 'vorstand' }, expect: { to: /^An diesen Adressaten kann derzeit keine Nachricht/ } },
  { name: 'to a number', body: { ...valid, to: 7 }, expect: { to: EMPTY } },
  { name: 'to missing', body: { ...valid, to: undefined }, expect: { to: EMPTY } },
  { name: 'to with spaces around', body: { ...valid, to: ' info ' }, expect: 'sent' },

  // names
  { name: 'names of one character', body: names('A'), expect: 'sent' },
  { name: 'names empty', body: names(''), expect: { prename: EMPTY, lastname: EMPTY } },
  { name: 'names whitespace only (NBSP too)', body: names('   ', '\u00a0\u2003'), expect: { prename: EMPTY, lastname: EMPTY } },
  { name: 'names of 255 characters each', body: names('x'.repeat(CONTACT_LIMITS.name), 'y'.repeat(CONTACT_LIMITS.name)), expect: 'sent' },
  { name: 'names of 255 umlauts each', body: names('ä'.repeat(CONTACT_LIMITS.name)), expect: 'sent' },
  { name: 'names of 250 characters each with the longest address', body: { ...names('x'.repeat(250), 'y'.repeat(250)), email: addressOfLength(CONTACT_LIMITS.email) }, expect: 'sent' },
  { name: 'names of 256 characters', body: names('x'.repeat(CONTACT_LIMITS.name + 1)), expect: { prename: TOO_LONG, lastname: TOO_LONG } },
  { name: 'names of 255 emoji each', body: names('🎯'.repeat(CONTACT_LIMITS.name), `${'a'.repeat(120)}${'👨‍👩‍👧'.repeat(27)}`), expect: 'sent' },
  { name: 'names of 256 emoji', body: names('🎯'.repeat(CONTACT_LIMITS.name + 1)), expect: { prename: TOO_LONG, lastname: TOO_LONG } },
  { name: 'names with combining accents', body: names('e\u0301'.repeat(127), 'Zoe\u0308'), expect: 'sent' },
  { name: 'names in a right-to-left script', body: names('שָׁלוֹם', 'مرحبا\u200f'), expect: 'sent' },
  { name: 'names with a zero-width space only', body: names('\u200b'), expect: 'sent' },
  { name: 'names with a tab', body: names('Anna\tMaria', 'Ä\tÖ'), expect: { prename: CONTROL, lastname: CONTROL } },
  { name: 'names with NUL, DEL and C1', body: names('Anna\u0000', 'B\u007f\u0090'), expect: { prename: CONTROL, lastname: CONTROL } },
  { name: 'names with line breaks of every kind', body: names('Anna\u2028Bcc: x@example.org', 'B\u0085\u000b\u000c'), expect: { prename: LINE_BREAK, lastname: LINE_BREAK } },
  { name: 'names with quotes and backslashes', body: names('"Anna" \\"', '\\'), expect: 'sent' },
  { name: 'names of quotes only', body: names('"""', '\\\\'), expect: 'sent' },
  { name: 'names with angle brackets, commas, semicolons and @', body: names('<opfer@example.org>, x;', 'Bcc: opfer@example.org; @'), expect: 'sent' },
  { name: 'names that look like an encoded word or a comment', body: names('=?utf-8?B?PGV2ZUBleGFtcGxlLm9yZz4=?=', '(Kommentar) =?x?Q?a?='), expect: 'sent' },
  { name: 'names with spaces around', body: names('  Anna  ', '\tÄrmel '), expect: 'sent' },
  { name: 'names of the wrong type', body: names(5 as unknown as string, null as unknown as string), expect: { prename: EMPTY, lastname: EMPTY } },

  // email
  { name: 'email empty', body: { ...valid, email: '' }, expect: { email: EMPTY } },
  { name: 'email whitespace', body: { ...valid, email: '  ' }, expect: { email: EMPTY } },
  { name: 'email of the longest length', body: { ...valid, email: addressOfLength(CONTACT_LIMITS.email) }, expect: 'sent' },
  { name: 'email one beyond', body: { ...valid, email: addressOfLength(CONTACT_LIMITS.email + 1) }, expect: { email: TOO_LONG } },
  { name: 'email with an apostrophe, plus and dash', body: { ...valid, email: "o'brien+verein-x@mail.example" }, expect: 'sent' },
  { name: 'email with a punycode domain', body: { ...valid, email: 'anna@xn--mller-kva.example' }, expect: 'sent' },
  { name: 'email with an umlaut domain', body: { ...valid, email: 'anna@müller.example' }, expect: { email: INVALID_EMAIL } },
  { name: 'email without a top-level domain', body: { ...valid, email: 'anna@localhost' }, expect: { email: INVALID_EMAIL } },
  { name: 'email with a quoted local part', body: { ...valid, email: '"anna maria"@example.org' }, expect: { email: INVALID_EMAIL } },
  { name: 'email list', body: { ...valid, email: 'a@example.org, b@example.org' }, expect: { email: INVALID_EMAIL } },
  { name: 'email with a display name', body: { ...valid, email: 'Anna <a@example.org>' }, expect: { email: INVALID_EMAIL } },
  { name: 'email with a tab inside', body: { ...valid, email: 'a\t@example.org' }, expect: { email: INVALID_EMAIL } },
  { name: 'email with spaces and a line break around', body: { ...valid, email: ' anna@example.org\r\n' }, expect: 'sent' },
  { name: 'email of the wrong type', body: { ...valid, email: ['a@example.org'] }, expect: { email: EMPTY } },

  // subject
  { name: 'subject empty', body: { ...valid, subject: '' }, expect: { subject: EMPTY } },
  { name: 'subject of 255 characters', body: { ...valid, subject: 'ß'.repeat(CONTACT_LIMITS.subject) }, expect: 'sent' },
  { name: 'subject of 256 characters', body: { ...valid, subject: 's'.repeat(CONTACT_LIMITS.subject + 1) }, expect: { subject: TOO_LONG } },
  { name: 'subject of 255 emoji', body: { ...valid, subject: '🏹'.repeat(CONTACT_LIMITS.subject) }, expect: 'sent' },
  { name: 'subject of emoji and RTL', body: { ...valid, subject: '🎯🏹 مرحبا שלום e\u0301' }, expect: 'sent' },
  { name: 'subject with a tab', body: { ...valid, subject: 'Frage\tAntwort' }, expect: { subject: CONTROL } },
  { name: 'subject with a line separator', body: { ...valid, subject: 'Frage\u2029X-Injected: ja' }, expect: { subject: LINE_BREAK } },
  { name: 'subject with quotes, angle brackets, commas, semicolons and @', body: { ...valid, subject: '"Hi" <a@b.example>, c; d' }, expect: 'sent' },

  // text
  { name: 'text empty', body: { ...valid, text: '' }, expect: { text: EMPTY } },
  { name: 'text whitespace', body: { ...valid, text: ' \n\t ' }, expect: { text: EMPTY } },
  { name: 'text of 5000 characters', body: { ...valid, text: '🎯'.repeat(CONTACT_LIMITS.text / 2) }, expect: 'sent' },
  { name: 'text of 5001 characters', body: { ...valid, text: 't'.repeat(CONTACT_LIMITS.text + 1) }, expect: { text: TOO_LONG } },
  { name: 'text with control characters, CRLF and tabs', body: { ...valid, text: 'a\u0000b\u0007c\r\nd\te\u007f\u0085\u2028f\r.\r\n.\n' }, expect: 'sent' },
  { name: 'text with a lone surrogate', body: { ...valid, text: 'halb \ud83c kaputt' }, expect: 'sent' },
  { name: 'text of the wrong type', body: { ...valid, text: { a: 1 } }, expect: { text: EMPTY } },

  // honeypot
  { name: 'honeypot empty', body: { ...valid, homepage: '' }, expect: 'sent' },
  { name: 'honeypot whitespace', body: { ...valid, homepage: '  ' }, expect: 'sent' },
  { name: 'honeypot filled', body: { ...valid, homepage: 'https://spam.example' }, expect: 'dropped' },
  { name: 'honeypot of 1001 characters', body: { ...valid, homepage: 'h'.repeat(1001) }, expect: { homepage: GERMAN_TYPE } },
  { name: 'honeypot of the wrong type', body: { ...valid, homepage: 1 }, expect: { homepage: GERMAN_TYPE } },

  // the whole body
  { name: 'an empty object', body: {}, expect: { to: EMPTY, prename: EMPTY, lastname: EMPTY, email: EMPTY, subject: EMPTY, text: EMPTY } },
  { name: 'an array', body: [valid], expect: 'refused' },
  { name: 'a string', body: 'hallo', expect: 'refused' },
  { name: 'null', body: null, expect: 'refused' },
  { name: 'unknown fields besides valid ones', body: { ...valid, cc: 'opfer@example.org', replyTo: 'x@example.org' }, expect: 'sent' },
];

let peer: SmtpPeer;
let t: TestApp;
const clock: Clock = { now: () => new Date('2026-11-23T10:00:00Z') };
let address = 0;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp(
    { clock, mailTransport: smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 }) },
    { ...CONTACT_ENV, SMTP_URL: peer.url, MAIL_FROM: FROM },
  );
});
afterAll(async () => {
  await t.close();
  await peer.stop();
});

interface Answer {
  status: number;
  message: string | undefined;
  errors: Record<string, string[]> | undefined;
}

/** One request from an address of its own (the limit per address stays out of the way). */
async function send(via: 'REST' | 'tRPC', body: unknown): Promise<Answer> {
  address += 1;
  const remoteAddress = `10.0.${Math.floor(address / 250)}.${(address % 250) + 1}`;
  const payload = JSON.stringify(body);
  const headers = { 'content-type': 'application/json' };
  if (via === 'REST') {
    const response = await t.inject({ method: 'POST', url: '/api/public/contact', remoteAddress, headers, payload });
    const json = response.json<{ message?: string; errors?: Record<string, string[]> }>();
    return { status: response.statusCode, message: json.message, errors: json.errors };
  }
  const response = await t.inject({ method: 'POST', url: '/trpc/contact.send', remoteAddress, headers, payload });
  const json = response.json<{ result?: { data: { message: string } }; error?: { message: string; data?: { fieldErrors?: Record<string, string[]> } } }>();
  return { status: response.statusCode, message: json.result?.data.message ?? json.error?.message, errors: json.error?.data?.fieldErrors };
}

const count = async (table: 'contact_messages' | 'mail_outbox') =>
  Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

describe('every input the contact schema accepts is stored and sent; everything else is a German 422', () => {
  for (const via of ['REST', 'tRPC'] as const) {
    it.each(cases)(`${via}: $name`, async ({ body, expect: expected }) => {
      const messagesBefore = await count('contact_messages');
      const mailsBefore = await count('mail_outbox');
      const answer = await send(via, body);
      const refusal = via === 'REST' ? [422] : [400, 422];
      expect([200, 201, ...refusal, 429], JSON.stringify(answer)).toContain(answer.status);
      expect(answer.message, 'every answer carries a German message').toMatch(/[a-zäöüß]/i);
      if (expected === 'sent' || expected === 'dropped') {
        expect(answer.status, JSON.stringify(answer)).toBe(200);
        expect(answer.message).toBe('Vielen Dank für deine Nachricht! Wir melden uns so bald wie möglich.');
      } else {
        expect(refusal, JSON.stringify(answer)).toContain(answer.status);
        if (expected !== 'refused') {
          expect(Object.keys(answer.errors ?? {}).sort()).toEqual(Object.keys(expected).sort());
          for (const [field, pattern] of Object.entries(expected)) {
            for (const message of answer.errors?.[field] ?? []) expect(message, field).toMatch(pattern);
          }
        }
      }
      if (expected !== 'sent') {
        expect(await count('contact_messages')).toBe(messagesBefore);
        expect(await count('mail_outbox')).toBe(mailsBefore);
        return;
      }

      // Stored as sent (trimmed), and the mail really goes out.
      const input = body as typeof valid;
      const stored = await t.db.selectFrom('contact_messages').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ prename: trimmed(input.prename), lastname: trimmed(input.lastname), email: trimmed(input.email) });
      const receivedBefore = peer.received.length;
      expect(await t.app.services.mail.runOnce()).toMatchObject({ sent: 1, retried: 0, failed: 0 });
      expect(peer.received).toHaveLength(receivedBefore + 1);
      const mail = peer.received.at(-1)!;
      expect(mail.envelope.to).toEqual([RECIPIENT_ADDRESS[String(trimmed(input.to))]]);
      const replyTo = mail.parsed.replyTo?.value ?? [];
      expect(replyTo).toHaveLength(1);
      // The parser shows a punycode domain in Unicode.
      const [local, domain] = replyTo[0]!.address!.split('@');
      expect(`${local}@${domainToASCII(domain!)}`).toBe(trimmed(input.email));
      // The name shown is the visitor's, perhaps shortened, never anything else (the
      // parser decodes what looks like an encoded word even inside quotes: the address stays).
      const fullName = `${String(trimmed(input.prename))} ${String(trimmed(input.lastname))}`.replace(/["\\]/g, '');
      if (!fullName.includes('=?')) expect(fullName.startsWith(replyTo[0]!.name), `${replyTo[0]!.name} is the start of ${fullName}`).toBe(true);
      expect(mail.parsed.subject).toBe(trimmed(input.subject));
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.cc).toBeUndefined();
    });
  }

  it('wrote no server error to the log', async () => {
    const lines = await t.db.selectFrom('log_entries').select('message').where('message', 'like', '%Serverfehler%').execute();
    expect(lines).toEqual([]);
  });
});
