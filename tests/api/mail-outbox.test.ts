import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { seed } from '../../db/seed.ts';
import { buildApp } from '../../src/server/app.ts';
import { initialClubData } from '../../src/server/club-profile.ts';
import { readConfig } from '../../src/server/config.ts';
import { databaseServerLog } from '../../src/server/areas/log/server-log.ts';
import { toClubDateTime } from '../../src/shared/dates.ts';
import type { RetentionRule } from '../../src/server/retention.ts';
import { GIVE_UP_AFTER_MS, OUTBOX_RETENTION_DAYS, RETRY_MAX_MS, claimMail, enqueueMail, type OutgoingMail } from '../../src/server/mail/outbox.ts';
import { smtpTransport, type MailTransport } from '../../src/server/mail/transport.ts';
import { DEFAULT_LEASE_MS, OUTBOX_PRUNE_INTERVAL_MS, OutboxWorker } from '../../src/server/mail/worker.ts';
import type { Clock } from '../../src/server/services.ts';
import { bcryptHasher } from '../../src/server/areas/auth/passwords.ts';
import type { Db } from '../../src/server/db/connection.ts';
import { sql, type KyselyPlugin, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { freshDatabase } from '../helpers/database.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp.ts';

/**
 * The outbox of DESIGN §8 with a real SMTP peer and an injected clock: nothing is lost
 * while the mail server is down or the server restarts, nothing is sent twice, failed
 * tries are retried with backoff for 3 days and then given up, and no log carries a body.
 */

type Database = Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
let peer: SmtpPeer;
let nowMs: number;
const clock: Clock = { now: () => new Date(nowMs) };
const silent = pino({ level: 'silent' });
const FROM = 'Schützenverein <web@verein.example>';
const BODY_MARKER = 'GEHEIMER-INHALT-äöü';

function workerWith(transport: MailTransport | undefined, db: Db = database.db, retention?: readonly RetentionRule[]): OutboxWorker {
  return new OutboxWorker({
    db,
    transport,
    clock,
    logger: silent,
    serverLog: databaseServerLog(database.db, clock.now, silent),
    ...(retention ? { retention } : {}),
  });
}

const smtp = () => smtpTransport({ url: peer.url, from: FROM, timeoutMs: 5000 });

function mail(n: number) {
  return { kind: 'test', to: `empfaenger${n}@verein.example`, replyTo: 'besucher@example.org', subject: `Nachricht ${n} – Grüße`, text: `${BODY_MARKER} ${n}` };
}

async function logLines(): Promise<string[]> {
  return (await database.db.selectFrom('log_entries').select('message').orderBy('id').execute()).map((row) => row.message);
}

/** Subjects as the SMTP peer received them, in order. */
const receivedSubjects = () => peer.received.map((received) => received.parsed.subject);

beforeAll(async () => {
  peer = await startSmtpPeer();
  database = await freshDatabase();
});
afterAll(async () => {
  await database.drop();
  await peer.stop();
});
beforeEach(async () => {
  nowMs = Date.parse('2026-11-23T10:00:00Z');
  peer.received.length = 0;
  await database.db.deleteFrom('mail_attachments').execute();
  await database.db.deleteFrom('mail_outbox').execute();
  await database.db.deleteFrom('log_entries').execute();
  await database.db.deleteFrom('log_once').execute();
  await database.db.deleteFrom('contact_messages').execute();
});
afterEach(async () => {
  // A test that stopped the peer leaves it running again for the next.
  if (peer.port && !(await canConnect())) await peer.restart();
});

async function canConnect(): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect(peer.port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('enqueueMail', () => {
  it('takes part in the caller\'s transaction: a rolled back change leaves no mail', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail(1), clock.now());
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('keeps attachments, text and binary, and sends them', async () => {
    const binary = Buffer.from([0, 1, 2, 250, 255]);
    await database.db.transaction().execute((trx) =>
      enqueueMail(
        trx,
        {
          ...mail(1),
          attachments: [
            { filename: 'termin.ics', content: 'BEGIN:VCALENDAR\r\nSUMMARY:Königsschießen\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar; charset=utf-8' },
            { filename: 'daten.bin', content: binary, contentType: 'application/octet-stream' },
          ],
        },
        clock.now(),
      ),
    );
    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 1 });
    const attachments = peer.received[0]!.parsed.attachments;
    expect(attachments.map((a) => a.filename)).toEqual(['termin.ics', 'daten.bin']);
    expect(attachments[0]!.content.toString('utf8')).toContain('SUMMARY:Königsschießen');
    expect(attachments[1]!.content.equals(binary)).toBe(true);
  });

  it('refuses a recipient or Reply-To that is not exactly one address, and stores nothing', async () => {
    for (const bad of [
      { to: 'info@verein.example\r\nBcc: opfer@example.org' },
      { to: 'info@verein.example Bcc: opfer@example.org' },
      { to: 'info@verein.example, opfer@example.org' },
      { to: 'keine-adresse' },
      { replyTo: 'besucher@example.org\r\nBcc: opfer@example.org' },
      { replyTo: 'a@example.org; b@example.org' },
    ]) {
      await expect(enqueueMail(database.db, { ...mail(1), ...bad }, clock.now()), JSON.stringify(bad)).rejects.toThrow(/exactly one e-mail address/);
    }
    expect(await database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('keeps CR/LF in the subject and an attachment name from adding a header or a recipient', async () => {
    await enqueueMail(
      database.db,
      {
        kind: 'test',
        to: 'Info <info@verein.example>',
        replyTo: '"Eve, Bcc: opfer@example.org" <eve@example.org>',
        subject: 'Hallo\r\nBcc: opfer3@example.org\r\nX-Injected: ja',
        text: 'Text',
        attachments: [{ filename: 'a.txt\r\nX-Injected: ja', content: 'x', contentType: 'text/plain\r\nX-Injected: ja' }],
      },
      clock.now(),
    );
    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 1 });
    const [received] = peer.received;
    expect(received!.envelope.to).toEqual(['info@verein.example']);
    expect(received!.parsed.bcc).toBeUndefined();
    expect(received!.parsed.cc).toBeUndefined();
    expect(received!.parsed.headers.has('x-injected')).toBe(false);
    expect(received!.raw).not.toMatch(/^(bcc|cc|x-injected):/im);
    expect(received!.parsed.subject).toBe('Hallo Bcc: opfer3@example.org X-Injected: ja');
    expect(received!.parsed.replyTo?.value).toEqual([{ name: 'Eve, Bcc: opfer@example.org', address: 'eve@example.org' }]);
  });
});

describe('an HTML alternative and extra headers (issue 27.4, for every user of the outbox)', () => {
  it('are stored with the mail and sent as multipart/alternative with the headers', async () => {
    await enqueueMail(
      database.db,
      { ...mail(1), html: '<p>Hallo &amp; Grüße</p>', headers: { 'List-Unsubscribe': '<https://verein.example/aus/1>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
      clock.now(),
    );
    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 1 });
    const [received] = peer.received;
    const headers = received!.raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/verein\.example\/aus\/1>\r?$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(headers).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(received!.parsed.text?.trim()).toBe(`${BODY_MARKER} 1`);
    expect(received!.parsed.html).toBe('<p>Hallo &amp; Grüße</p>');
  });

  it('refuse a header the transport sets itself or a malformed name, keep a value on one line, and store nothing', async () => {
    for (const name of ['Bcc', 'to', 'Content-Type', 'X Header', 'X-Ä']) {
      await expect(enqueueMail(database.db, { ...mail(1), headers: { [name]: 'x@example.org' } }, clock.now())).rejects.toThrow(/cannot be an extra header/);
    }
    expect(await database.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    await enqueueMail(database.db, { ...mail(2), headers: { 'X-Info': 'eins\r\nBcc: fremd@example.org' } }, clock.now());
    await workerWith(smtp()).runOnce();
    expect(peer.received.map((received) => received.envelope.to)).toEqual([['empfaenger2@verein.example']]);
    expect(peer.received[0]!.raw).not.toMatch(/^Bcc:/im);
  });

  it('a mail with a secret loses its HTML with its text once sent', async () => {
    await enqueueMail(database.db, { ...mail(3), html: `<p>${BODY_MARKER}</p>`, expiresMs: nowMs + 60_000 }, clock.now());
    await workerWith(smtp()).runOnce();
    expect(peer.received[0]!.parsed.html).toBe(`<p>${BODY_MARKER}</p>`);
    expect(await database.db.selectFrom('mail_outbox').select(['html']).execute()).toEqual([{ html: null }]);
  });
});

describe('mail server outage and restart', () => {
  it('answers 2xx while the peer is down, and after a restart and the peer\'s return every message arrives exactly once', async () => {
    const config = readConfig({
      UPLOADS_DIR: 'uploads',
      ADMIN_PASSWORD: 'Admin1234',
      CONTACT_TO_INFO: 'info@verein.example',
      SMTP_URL: peer.url,
      MAIL_FROM: FROM,
    });
    // As main.ts does: CONTACT_TO_INFO becomes the recipient's address on the first start.
    await seed(database.db, { adminUid: '00000001', adminPassword: 'Admin1234', passwords: bcryptHasher(4), now: clock.now(), clubData: () => initialClubData(config) });
    await peer.stop();
    const first = await buildApp({ db: database.db, dialect: database.dialect, config, clock, mailTransport: smtp() });
    for (let n = 1; n <= 3; n += 1) {
      const response = await first.inject({
        method: 'POST',
        url: '/api/public/contact',
        remoteAddress: '203.0.113.9',
        payload: { to: 'info', prename: 'Anna', lastname: 'Ärmel', email: 'anna@example.org', subject: `Anfrage ${n}`, text: BODY_MARKER },
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await first.services.mail.runOnce()).toMatchObject({ sent: 0, retried: 3 });
    await first.close();

    await peer.restart();
    const second = await buildApp({ db: database.db, dialect: database.dialect, config, clock, mailTransport: smtp() });
    // Not yet due: the backoff holds them for a few seconds.
    expect(await second.services.mail.runOnce()).toMatchObject({ sent: 0 });
    nowMs += 15_000;
    expect(await second.services.mail.runOnce()).toMatchObject({ sent: 3 });
    nowMs += 60 * 60_000;
    expect(await second.services.mail.runOnce()).toMatchObject({ sent: 0 });
    await second.close();
    expect(receivedSubjects().sort()).toEqual(['Anfrage 1', 'Anfrage 2', 'Anfrage 3']);
    expect(peer.received.every((received) => received.envelope.to.join() === 'info@verein.example')).toBe(true);

    const lines = await logLines();
    // The round that failed three times wrote one line.
    expect(lines.filter((line) => /nicht gesendet werden/.test(line))).toEqual([expect.stringMatching(/^3 Mails konnten nicht gesendet werden\. /)]);
    expect(lines.join('\n')).not.toContain(BODY_MARKER);
  });

  it('keeps messages without a mail server, logs them without the body, and sends them once one is configured', async () => {
    for (let n = 1; n <= 2; n += 1) await enqueueMail(database.db, mail(n), clock.now());
    expect(await workerWith(undefined).runOnce()).toMatchObject({ held: 2, sent: 0 });
    expect(await workerWith(undefined).runOnce()).toMatchObject({ held: 0 });
    const lines = await logLines();
    expect(lines.filter((line) => /im Postausgang/.test(line))).toEqual([
      expect.stringMatching(/^2 Mails bleiben im Postausgang, weil kein Mailserver \(SMTP_URL\) eingerichtet ist\. Mail \d+ \(test\) an empfaenger1@verein\.example, Mail \d+ \(test\) an empfaenger2@verein\.example$/),
    ]);
    expect(lines.join('\n')).not.toContain(BODY_MARKER);
    expect(peer.received).toHaveLength(0);

    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 2 });
    expect(receivedSubjects().sort()).toEqual(['Nachricht 1 – Grüße', 'Nachricht 2 – Grüße']);
  });
});

describe('two workers on one database', () => {
  it('never send a message twice', async () => {
    for (let n = 1; n <= 12; n += 1) await enqueueMail(database.db, mail(n), clock.now());
    const sent: number[] = [];
    // Each worker's first send waits until the other worker is sending too: both have then
    // claimed a message while the other held one, whatever the machine's load.
    let inFlight = 0;
    let releaseBoth: () => void = () => {};
    const bothSending = new Promise<void>((resolve) => {
      releaseBoth = resolve;
    });
    const slowTransport = (): MailTransport => {
      let first = true;
      return {
        async send(outgoing: OutgoingMail) {
          if (first) {
            first = false;
            inFlight += 1;
            if (inFlight === 2) releaseBoth();
            await Promise.race([bothSending, new Promise((resolve) => setTimeout(resolve, 5000))]);
          }
          await new Promise((resolve) => setTimeout(resolve, 2));
          sent.push(outgoing.id);
        },
        close() {},
      };
    };
    const [a, b] = await Promise.all([workerWith(slowTransport()).runOnce(), workerWith(slowTransport()).runOnce()]);
    expect(a.sent + b.sent).toBe(12);
    expect(a.sent).toBeGreaterThan(0);
    expect(b.sent).toBeGreaterThan(0);
    expect(sent).toHaveLength(12);
    expect(new Set(sent).size).toBe(12);
  });

  it('never send twice through a real SMTP peer either', async () => {
    for (let n = 1; n <= 6; n += 1) await enqueueMail(database.db, mail(n), clock.now());
    await Promise.all([workerWith(smtp()).runOnce(), workerWith(smtp()).runOnce(), workerWith(smtp()).runOnce()]);
    expect(receivedSubjects().sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Nachricht ${n} – Grüße`));
  });

  it('take over the claim of a crashed worker only after its lease ran out', async () => {
    const id = await enqueueMail(database.db, mail(1), clock.now());
    // A worker claimed it and died before sending.
    expect(await claimMail(database.db, id, nowMs, DEFAULT_LEASE_MS)).not.toBeNull();
    expect(await claimMail(database.db, id, nowMs, DEFAULT_LEASE_MS)).toBeNull();
    nowMs += DEFAULT_LEASE_MS - 1000;
    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 0 });
    nowMs += 2000;
    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 1 });
    expect(peer.received).toHaveLength(1);
  });
});

describe('backoff', () => {
  it('retries within 15 s, then ever later up to 10 minutes apart, and gives up after 3 days', async () => {
    const id = await enqueueMail(database.db, mail(1), clock.now());
    const createdMs = nowMs;
    const tries: number[] = [];
    const failing: MailTransport = {
      send() {
        tries.push(nowMs);
        return Promise.reject(new Error('421 Dienst nicht verfügbar'));
      },
      close() {},
    };
    const worker = workerWith(failing);
    for (let round = 0; round < 1000; round += 1) {
      const summary = await worker.runOnce();
      if (summary.failed === 1) break;
      const row = await database.db.selectFrom('mail_outbox').select(['status', 'next_attempt_ms']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('pending');
      // Just before it is due nothing happens.
      nowMs = Number(row.next_attempt_ms) - 1;
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });
      nowMs = Number(row.next_attempt_ms);
    }
    const gaps = tries.slice(1).map((at, index) => at - tries[index]!);
    expect(gaps[0]).toBeLessThanOrEqual(15_000);
    for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(Math.max(...gaps)).toBe(RETRY_MAX_MS);
    expect(tries.at(-1)! - createdMs).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(tries.at(-2)! - createdMs).toBeLessThan(GIVE_UP_AFTER_MS);

    const row = await database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: tries.length, last_error: '421 Dienst nicht verfügbar' });
    expect(row.failed_at).not.toBeNull();
    // Given up means given up: no further try, however long one waits.
    nowMs += 7 * 24 * 60 * 60_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });
    expect(tries.at(-1)).toBeLessThan(nowMs);

    const lines = await logLines();
    expect(lines).toContain(`1 Mail konnte nicht gesendet werden. 421 Dienst nicht verfügbar: Mail ${id} (test) an empfaenger1@verein.example (nach ${tries.length} Versuchen in 3 Tagen aufgegeben)`);
    expect(lines[0]).toMatch(new RegExp(`^1 Mail konnte nicht gesendet werden\\. 421 Dienst nicht verfügbar: Mail ${id} \\(test\\) an empfaenger1@verein\\.example \\(Versuch 1, nächster Versuch \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2}:\\d{2}\\)$`));
    // A retried mail is named once an hour: 3 days of tries, 72 hours.
    expect(lines.length).toBeLessThanOrEqual(3 * 24 + 2);
    expect(lines.join('\n')).not.toContain(BODY_MARKER);
  });
});

describe('a failing batch', () => {
  const failing = (message = '421 Dienst nicht verfügbar'): MailTransport => ({
    send: () => Promise.reject(new Error(message)),
    close() {},
  });

  it('writes one server-log line per round, naming each retried mail at most once an hour', async () => {
    for (let n = 1; n <= 20; n += 1) await enqueueMail(database.db, mail(n), clock.now());
    const worker = workerWith(failing());
    expect(await worker.runOnce()).toMatchObject({ retried: 20 });
    let lines = await logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^20 Mails konnten nicht gesendet werden\. 421 Dienst nicht verfügbar: Mail \d+ \(test\) an empfaenger1@verein\.example \(Versuch 1, nächster Versuch /);
    // The shared error is named once, not per mail.
    expect(lines[0]!.split('421 Dienst nicht verfügbar')).toHaveLength(2);
    expect(lines[0]!.length).toBeLessThan(2000);

    // Further rounds within the hour name nobody again.
    for (let round = 0; round < 5; round += 1) {
      nowMs += RETRY_MAX_MS;
      expect(await worker.runOnce()).toMatchObject({ retried: 20 });
    }
    expect(await logLines()).toHaveLength(1);
    nowMs += 60 * 60_000;
    expect(await worker.runOnce()).toMatchObject({ retried: 20 });
    lines = await logLines();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^20 Mails konnten nicht gesendet werden\. /);
  });

  it('writes one line for mails given up in one round, grouped by the error', async () => {
    for (let n = 1; n <= 3; n += 1) await enqueueMail(database.db, mail(n), clock.now());
    await enqueueMail(database.db, { ...mail(4), to: 'anders@verein.example' }, clock.now());
    nowMs += GIVE_UP_AFTER_MS;
    const worker = workerWith({
      send: (outgoing) => Promise.reject(new Error(outgoing.to.startsWith('anders') ? '550 Postfach unbekannt' : '421 Dienst nicht verfügbar')),
      close() {},
    });
    expect(await worker.runOnce()).toMatchObject({ failed: 4 });
    const lines = await logLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^4 Mails konnten nicht gesendet werden\. 421 Dienst nicht verfügbar: Mail \d+ \(test\) an empfaenger1@verein\.example \(nach 1 Versuch in 3 Tagen aufgegeben\), .*\. 550 Postfach unbekannt: Mail \d+ \(test\) an anders@verein\.example \(nach 1 Versuch in 3 Tagen aufgegeben\)$/,
    );
  });
});

describe('held mails released', () => {
  it('get 3 days of retries from their release, not from their acceptance; created_at stays', async () => {
    const id = await enqueueMail(database.db, mail(1), clock.now());
    const accepted = await database.db.selectFrom('mail_outbox').select(['created_at', 'created_ms']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await workerWith(undefined).runOnce()).toMatchObject({ held: 1 });
    // A mail server is configured four days later, and it is briefly unavailable.
    nowMs += 4 * 24 * 60 * 60_000;
    const releasedMs = nowMs;
    const worker = workerWith({ send: () => Promise.reject(new Error('421 Dienst nicht verfügbar')), close() {} });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0, held: 0 });
    const row = await database.db.selectFrom('mail_outbox').select(['status', 'created_at', 'created_ms']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', ...accepted });
    // Given up 3 days after the release.
    nowMs = releasedMs + GIVE_UP_AFTER_MS - 1;
    expect(await worker.runOnce()).toMatchObject({ retried: 1, failed: 0 });
    nowMs = Number((await database.db.selectFrom('mail_outbox').select('next_attempt_ms').where('id', '=', id).executeTakeFirstOrThrow()).next_attempt_ms);
    expect(await worker.runOnce()).toMatchObject({ retried: 0, failed: 1 });
  });
});

/** Counts the statements run through a db. */
class StatementCounter implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    this.count += 1;
    return node;
  }
  transformResult({ result }: { result: QueryResult<UnknownRow> }): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

describe('without a mail server', () => {
  it('holds any number of due messages with a few statements, loading none, each named in the log once', async () => {
    for (let n = 1; n <= 30; n += 1) {
      await enqueueMail(database.db, { ...mail(n), attachments: [{ filename: 'termin.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }] }, clock.now());
    }
    // Claimed by a live worker elsewhere (with a mail server): not this worker's to hold.
    const [claimedElsewhere] = await database.db.selectFrom('mail_outbox').select('id').orderBy('id').limit(1).execute();
    expect(await claimMail(database.db, claimedElsewhere!.id, nowMs, DEFAULT_LEASE_MS)).not.toBeNull();

    const counter = new StatementCounter();
    // The hourly retention sweep (tests/api/retention.test.ts) is not the round's to count.
    const worker = workerWith(undefined, database.db.withPlugin(counter), []);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, held: 29 });
    expect(counter.count).toBeLessThanOrEqual(6);
    const statuses = await database.db.selectFrom('mail_outbox').select(['status', 'attempts', 'claim_token']).orderBy('id').execute();
    expect(statuses[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(statuses.slice(1).every((row) => row.status === 'held' && Number(row.attempts) === 0 && row.claim_token === null)).toBe(true);
    // One line for the round, of bounded length, however many mails it holds.
    const [line, ...more] = (await logLines()).filter((entry) => /im Postausgang/.test(entry));
    expect(more).toEqual([]);
    expect(line).toMatch(/^29 Mails bleiben im Postausgang, weil kein Mailserver \(SMTP_URL\) eingerichtet ist\. Mail \d+ \(test\) an empfaenger2@verein\.example, /);
    expect(line).toMatch(/ \(und \d+ Mails mehr\)$/);
    expect(line!.length).toBeLessThan(1500);

    // A later poll with nothing new is one statement.
    counter.count = 0;
    nowMs += 5_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });
    expect(counter.count).toBe(1);
    expect((await logLines()).filter((entry) => /im Postausgang/.test(entry))).toHaveLength(1);
  });
});

describe('retention', () => {
  const DAY_MS = 24 * 60 * 60_000;

  async function acceptedDaysAgo(table: 'mail_outbox' | 'contact_messages', id: number, days: number, minutesLater = 0): Promise<void> {
    const at = new Date(nowMs - days * DAY_MS + minutesLater * 60_000);
    // created_at is written once by the app; only a test moves it back.
    await sql`update ${sql.table(table)} set created_at = ${toClubDateTime(at)} where id = ${id}`.execute(database.db);
  }

  async function contactMessage(): Promise<number> {
    const inserted = await database.db
      .insertInto('contact_messages')
      .values({ recipient: 'info', prename: 'Anna', lastname: 'Ärmel', email: 'anna@example.org', subject: 'Frage', text: BODY_MARKER, address: '203.0.113.9', created_at: toClubDateTime(clock.now()), created_ms: nowMs })
      .executeTakeFirstOrThrow();
    return Number(inserted.insertId);
  }

  it(`deletes sent and given-up mails and contact messages after ${OUTBOX_RETENTION_DAYS} days, at most once an hour; held and pending mails stay`, async () => {
    const ids: Record<string, number> = {};
    for (const [name, status] of [['oldSent', 'sent'], ['oldFailed', 'failed'], ['oldHeld', 'held'], ['recentSent', 'sent']] as const) {
      ids[name] = await enqueueMail(database.db, { ...mail(1), attachments: [{ filename: 'termin.ics', content: 'X', contentType: 'text/calendar' }] }, clock.now());
      await database.db.updateTable('mail_outbox').set({ status }).where('id', '=', ids[name]).execute();
    }
    await acceptedDaysAgo('mail_outbox', ids.oldSent!, OUTBOX_RETENTION_DAYS + 1);
    await acceptedDaysAgo('mail_outbox', ids.oldFailed!, OUTBOX_RETENTION_DAYS + 1);
    await acceptedDaysAgo('mail_outbox', ids.oldHeld!, OUTBOX_RETENTION_DAYS + 1);
    await acceptedDaysAgo('mail_outbox', ids.recentSent!, OUTBOX_RETENTION_DAYS, 10);
    const oldMessage = await contactMessage();
    await acceptedDaysAgo('contact_messages', oldMessage, OUTBOX_RETENTION_DAYS + 1);
    const recentMessage = await contactMessage();
    await acceptedDaysAgo('contact_messages', recentMessage, OUTBOX_RETENTION_DAYS, 10);

    const worker = workerWith(undefined);
    await worker.runOnce();
    const mailIds = async () => (await database.db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((row) => row.id);
    const messageIds = async () => (await database.db.selectFrom('contact_messages').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(await mailIds()).toEqual([ids.oldHeld, ids.recentSent]);
    expect(await messageIds()).toEqual([recentMessage]);
    const attachmentOwners = await database.db.selectFrom('mail_attachments').select('mail_id').orderBy('mail_id').execute();
    expect(attachmentOwners.map((row) => row.mail_id)).toEqual([ids.oldHeld, ids.recentSent]);

    // Half an hour on the recent ones are due too, but this process pruned less than an hour ago.
    nowMs += OUTBOX_PRUNE_INTERVAL_MS / 2;
    await worker.runOnce();
    expect(await mailIds()).toEqual([ids.oldHeld, ids.recentSent]);
    expect(await messageIds()).toEqual([recentMessage]);
    nowMs += OUTBOX_PRUNE_INTERVAL_MS / 2;
    await worker.runOnce();
    expect(await mailIds()).toEqual([ids.oldHeld]);
    expect(await messageIds()).toEqual([]);
  });
});

describe('shutdown', () => {
  it('stops after the mail in flight, leaving the rest of the round in the outbox', async () => {
    for (let n = 1; n <= 20; n += 1) await enqueueMail(database.db, mail(n), clock.now());
    const sent: number[] = [];
    let sendStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    let finishFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      finishFirst = resolve;
    });
    const worker = workerWith({
      async send(outgoing) {
        if (sent.length === 0) {
          sendStarted();
          await firstHeld;
        }
        sent.push(outgoing.id);
      },
      close() {},
    });
    worker.start();
    await started;
    const stopped = worker.stop();
    finishFirst();
    await stopped;
    expect(sent).toHaveLength(1);
    const statuses = await database.db.selectFrom('mail_outbox').select(['status', 'claim_token']).orderBy('id').execute();
    expect(statuses[0]).toEqual({ status: 'sent', claim_token: null });
    expect(statuses.slice(1).every((row) => row.status === 'pending' && row.claim_token === null)).toBe(true);
    // The next start sends them.
    expect(await workerWith(smtp()).runOnce()).toMatchObject({ sent: 19 });
  });

  it('finishes and records a message being sent before the app closes the database, and closes the transport once', async () => {
    const own = await freshDatabase();
    const events: string[] = [];
    let finishSend: () => void = () => {};
    let sendStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      sendStarted = resolve;
    });
    const transport: MailTransport = {
      async send() {
        events.push('send');
        sendStarted();
        await new Promise<void>((resolve) => {
          finishSend = resolve;
        });
      },
      close() {
        events.push('transport closed');
      },
    };
    const destroy = own.db.destroy.bind(own.db);
    own.db.destroy = async () => {
      const row = await own.db.selectFrom('mail_outbox').select('status').executeTakeFirst();
      events.push(`database closed (mail ${row?.status})`);
      await destroy();
    };
    const config = readConfig({ UPLOADS_DIR: 'uploads', ADMIN_PASSWORD: 'Admin1234' });
    const app = await buildApp({ db: own.db, dialect: own.dialect, config, clock, mailTransport: transport, startMailWorker: true, closeDatabase: true });
    await app.ready();
    await enqueueMail(own.db, mail(1), clock.now());
    app.services.mail.wake();
    await started;
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    finishSend();
    await closed;
    await app.services.mail.stop();
    expect(events).toEqual(['send', 'transport closed', 'database closed (mail sent)']);
    own.db.destroy = destroy;
    await own.drop();
  });
});
