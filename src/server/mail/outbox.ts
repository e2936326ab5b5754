import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import addressparser from 'nodemailer/lib/addressparser';
import { toClubDateTime } from '../../shared/dates.ts';
import type { Database, MailStatus } from '../db/schema.ts';

/**
 * The mail outbox (DESIGN §8): a message is a database row before anyone is told it was
 * sent, and a worker (worker.ts) sends it later. Everything here takes the database or an
 * open transaction first, so a caller can enqueue inside its own transaction: the mail
 * exists exactly when the change that caused it was committed.
 */

export interface MailAttachmentInput {
  filename: string;
  /** A string is stored as UTF-8 text, a Buffer as base64. */
  content: string | Buffer;
  contentType: string;
}

export interface NewMail {
  to: string;
  replyTo?: string;
  subject: string;
  /** Plain text, UTF-8. */
  text: string;
  /**
   * An HTML alternative to the text, for mail programs that show it (the article mail).
   * The caller escapes everything in it; the text stays the complete message.
   */
  html?: string;
  /**
   * Extra headers (`List-Unsubscribe`, …): names of letters, digits and dashes that no
   * other field sets, values kept on one line like every header.
   */
  headers?: Record<string, string>;
  attachments?: MailAttachmentInput[];
  /** Who asked for it ('contact', 'calendar', …); shown in the log. */
  kind: string;
  /**
   * The text holds a secret valid until this instant (epoch ms), e.g. a password reset
   * link: the text is erased once the mail was sent, and a mail not sent by then is given
   * up instead of being sent with a link that no longer works.
   */
  expiresMs?: number;
}

/** A message as the worker hands it to the transport. */
export interface OutgoingMail {
  id: number;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; content: string | Buffer; contentType: string }>;
}

type DbOrTrx = Kysely<Database> | Transaction<Database>;

/**
 * The outbox columns hold at most this many characters; header values longer than that
 * are cut. Characters are code points, as the database counts them (utf8mb4) and as the
 * shared schemas' limits count them: an emoji is one, not two UTF-16 units.
 */
const HEADER_MAX = 255;

const graphemes = new Intl.Segmenter('de', { granularity: 'grapheme' });

function codePoints(value: string): number {
  return Array.from(value).length;
}

/**
 * The longest start of `value` of at most `max` code points that ends between two
 * characters as a reader sees them: never inside an emoji or before a combining accent
 * (a cut through a surrogate pair would not even be valid UTF-8).
 */
function cutAt(value: string, max: number): string {
  if (value.length <= max) return value;
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(value)) {
    const size = codePoints(segment);
    if (length + size > max) break;
    kept += segment;
    length += size;
  }
  return kept;
}

/**
 * A header value on one line: CR, LF and other control characters become one space, so
 * no value can start a header or a recipient of its own, whatever the caller checked.
 */
export function singleLine(value: string, max = HEADER_MAX): string {
  // eslint-disable-next-line no-control-regex
  return cutAt(value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim(), max);
}

/**
 * The one mailbox of an address value (`a@b.example` or `Name <a@b.example>`), or
 * undefined when it is anything else: a line break, a list, a group, no address. A
 * recipient is never "repaired": `a@b.example Bcc: c@d.example` on one line is still a
 * second recipient to a mail library's address parser.
 */
export function mailboxOf(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(value)) return undefined;
  // Not flattened: `a@b.example Bcc: c@d.example` parses as a group, which is refused.
  const parsed = addressparser(value);
  const [only] = parsed;
  if (parsed.length !== 1 || !only || only.group !== undefined || !only.address) return undefined;
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(only.address) ? only.address : undefined;
}

/**
 * `"Name" <address>` for Reply-To, always within the 255 characters the outbox keeps: a
 * long name is shortened (see `cutAt`), and without room for any of it the address stands
 * alone. Quotes and backslashes, which would end the quoted name, are left out.
 */
export function mailboxWithName(name: string, address: string): string {
  const room = HEADER_MAX - codePoints(address) - '"" <>'.length;
  const shown = room > 0 ? cutAt(singleLine(name.replace(/["\\]/g, ''), Number.MAX_SAFE_INTEGER), room).trim() : '';
  return shown === '' ? address : `"${shown}" <${address}>`;
}

/**
 * Headers the transport sets itself (sender, recipients, subject, the MIME structure):
 * an extra header may not name one, so no caller can redirect or reshape a mail.
 */
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'reply-to',
  'sender',
  'subject',
  'date',
  'message-id',
  'return-path',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
  'content-disposition',
]);

function checkedHeaders(headers: Record<string, string> | undefined): string | null {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return null;
  const checked: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!/^[A-Za-z][A-Za-z0-9-]{0,63}$/.test(name) || RESERVED_HEADERS.has(name.toLowerCase())) {
      throw new Error(`enqueueMail: ${name} cannot be an extra header`);
    }
    checked[name] = singleLine(value, 1000);
  }
  return JSON.stringify(checked);
}

function parsedHeaders(stored: string | null): Record<string, string> {
  return stored === null ? {} : (JSON.parse(stored) as Record<string, string>);
}

function checkedAddress(value: string, field: 'to' | 'replyTo'): string {
  const trimmed = value.trim();
  if (codePoints(trimmed) > HEADER_MAX || mailboxOf(trimmed) === undefined) {
    throw new Error(`enqueueMail: ${field} must be exactly one e-mail address`);
  }
  return trimmed;
}

/**
 * Puts a message into the outbox; returns its id. Throws (and stores nothing) when `to`
 * or `replyTo` is not exactly one address; the subject and file names are kept on one line. Pass the transaction of the change
 * that causes the mail; the worker sends it only once that transaction is committed.
 */
export async function enqueueMail(db: DbOrTrx, mail: NewMail, now: Date = new Date()): Promise<number> {
  const to = checkedAddress(mail.to, 'to');
  const replyTo = mail.replyTo === undefined ? null : checkedAddress(mail.replyTo, 'replyTo');
  const inserted = await db
    .insertInto('mail_outbox')
    .values({
      kind: singleLine(mail.kind, 32),
      recipient: to,
      reply_to: replyTo,
      subject: singleLine(mail.subject),
      body: mail.text,
      html: mail.html ?? null,
      headers: checkedHeaders(mail.headers),
      created_at: toClubDateTime(now),
      created_ms: now.getTime(),
      retry_since_ms: now.getTime(),
      next_attempt_ms: now.getTime(),
      status: 'pending',
      expires_ms: mail.expiresMs ?? null,
    })
    .executeTakeFirstOrThrow();
  const id = Number(inserted.insertId);
  const attachments = mail.attachments ?? [];
  if (attachments.length > 0) {
    await db
      .insertInto('mail_attachments')
      .values(
        attachments.map((attachment) => ({
          mail_id: id,
          filename: singleLine(attachment.filename),
          content_type: singleLine(attachment.contentType),
          encoding: typeof attachment.content === 'string' ? ('utf8' as const) : ('base64' as const),
          content: typeof attachment.content === 'string' ? attachment.content : attachment.content.toString('base64'),
        })),
      )
      .execute();
  }
  return id;
}

/**
 * When a failed message is tried again: 10 s after the first failure, then three times
 * as long each time, at most 10 minutes apart.
 */
export const RETRY_FIRST_MS = 10_000;
export const RETRY_MAX_MS = 10 * 60_000;
/**
 * A message that could not be sent for this long is given up: counted from its acceptance,
 * or from its release once a mail server is configured (see `releaseHeld`).
 */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000;

export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 3 ** Math.max(0, failures - 1));
}

/** Ids of pending messages that are due and not held by a live claim, oldest first. */
export async function dueMailIds(db: DbOrTrx, nowMs: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_ms', '<=', nowMs)
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
    .where((eb) => eb.or([eb('expires_ms', 'is', null), eb('expires_ms', '>', nowMs)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one message for sending: a single conditional UPDATE, so of any number of
 * workers (in any number of processes) exactly one wins. A claim whose lease ran out
 * (its worker died) can be taken again. Returns the claim token, or null when lost.
 */
export async function claimMail(db: DbOrTrx, id: number, nowMs: number, leaseMs: number): Promise<string | null> {
  const token = randomBytes(16).toString('hex');
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claim_token: token, lease_until_ms: nowMs + leaseMs, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_ms', '<=', nowMs)
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
    .where((eb) => eb.or([eb('expires_ms', 'is', null), eb('expires_ms', '>', nowMs)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? token : null;
}

/** The claimed message with its attachments, ready for the transport. */
export async function loadClaimedMail(db: DbOrTrx, id: number): Promise<OutgoingMail | undefined> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'recipient', 'reply_to', 'subject', 'body', 'html', 'headers'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const attachments = await db
    .selectFrom('mail_attachments')
    .select(['filename', 'content_type', 'encoding', 'content'])
    .where('mail_id', '=', id)
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    kind: row.kind,
    to: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    text: row.body,
    html: row.html,
    headers: parsedHeaders(row.headers),
    attachments: attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.content_type,
      content: attachment.encoding === 'base64' ? Buffer.from(attachment.content, 'base64') : attachment.content,
    })),
  };
}

/** What stays of the text of a mail with a secret (`NewMail.expiresMs`) once it was sent or given up. */
export const ERASED_BODY = '(Der Text dieser Mail wurde gelöscht: Er enthielt einen nur kurz gültigen Link.)';

/** The new text of a mail that has been sent or given up: a mail with a secret loses it, any other keeps its text. */
function bodyAfterwards(eb: ExpressionBuilder<Database, 'mail_outbox'>) {
  return eb.case().when('expires_ms', 'is', null).then(eb.ref('body')).else(ERASED_BODY).end();
}

/** The same for the HTML alternative: a mail with a secret keeps none. */
function htmlAfterwards(eb: ExpressionBuilder<Database, 'mail_outbox'>) {
  return eb.case().when('expires_ms', 'is', null).then(eb.ref('html')).else(null).end();
}

/**
 * Records the outcome; only the holder of the claim can (a retaken claim voids the old one).
 * The text of a mail with a secret is erased with it.
 */
export async function markSent(db: DbOrTrx, id: number, token: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: toClubDateTime(now),
      claim_token: null,
      lease_until_ms: null,
      last_error: null,
      body: bodyAfterwards(eb),
      html: htmlAfterwards(eb),
    }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The reason an expired mail with a secret gives, in `last_error` and the log. */
export const EXPIRED_ERROR = 'Nicht rechtzeitig gesendet: Der Link darin ist abgelaufen.';

/**
 * Gives up every mail with a secret whose time has passed before it could be sent (no mail
 * server, or it kept failing), erasing its text: the link in it would not work any more.
 * A mail a worker is sending right now is left to that worker. Returns the mails given up.
 */
export async function expireMails(db: DbOrTrx, now: Date): Promise<Array<Pick<OutgoingMail, 'id' | 'kind' | 'to'>>> {
  const nowMs = now.getTime();
  const token = randomBytes(16).toString('hex');
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'failed', failed_at: toClubDateTime(now), body: ERASED_BODY, html: null, last_error: EXPIRED_ERROR, claim_token: token })
    .where('expires_ms', '<=', nowMs)
    .where('status', 'in', ['pending', 'held'])
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return [];
  const rows = await db.selectFrom('mail_outbox').select(['id', 'kind', 'recipient']).where('claim_token', '=', token).orderBy('id').execute();
  await db.updateTable('mail_outbox').set({ claim_token: null, lease_until_ms: null }).where('claim_token', '=', token).execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, to: row.recipient }));
}

export interface FailureOutcome {
  status: Extract<MailStatus, 'pending' | 'failed'>;
  attempts: number;
  /** When it is tried next (pending only). */
  nextAttemptMs: number | null;
}

/** A failed try: scheduled again with backoff, or given up once it has been tried for 3 days. */
export async function markFailed(db: DbOrTrx, id: number, token: string, error: string, now: Date): Promise<FailureOutcome | null> {
  const row = await db
    .selectFrom('mail_outbox')
    .select(['attempts', 'created_ms', 'retry_since_ms'])
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  if (!row) return null;
  const nowMs = now.getTime();
  const attempts = Number(row.attempts);
  const triedSinceMs = Math.max(Number(row.created_ms), Number(row.retry_since_ms));
  const giveUp = nowMs - triedSinceMs >= GIVE_UP_AFTER_MS;
  const nextAttemptMs = giveUp ? null : nowMs + retryDelayMs(attempts);
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: giveUp ? 'failed' : 'pending',
      failed_at: giveUp ? toClubDateTime(now) : null,
      next_attempt_ms: nextAttemptMs ?? nowMs,
      claim_token: null,
      lease_until_ms: null,
      last_error: error.slice(0, 1023),
      // A secret is kept only while the mail may still go out.
      ...(giveUp ? { body: bodyAfterwards(eb), html: htmlAfterwards(eb) } : {}),
    }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
  return { status: giveUp ? 'failed' : 'pending', attempts, nextAttemptMs };
}

/**
 * Without a mail server: every due message that no worker has claimed is kept ('held')
 * and not tried again, in one statement. The token marks which rows this call held, so
 * that each is named in the log once, also with several processes. Returns them.
 */
export async function holdDueMails(db: DbOrTrx, nowMs: number): Promise<Array<Pick<OutgoingMail, 'id' | 'kind' | 'to'>>> {
  const token = randomBytes(16).toString('hex');
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'held', claim_token: token })
    .where('status', '=', 'pending')
    .where('next_attempt_ms', '<=', nowMs)
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', nowMs)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return [];
  const rows = await db.selectFrom('mail_outbox').select(['id', 'kind', 'recipient']).where('claim_token', '=', token).orderBy('id').execute();
  await db.updateTable('mail_outbox').set({ claim_token: null, lease_until_ms: null }).where('claim_token', '=', token).execute();
  return rows.map((row) => ({ id: row.id, kind: row.kind, to: row.recipient }));
}

/**
 * Sent and given-up mails and the stored contact messages are kept this many days from
 * their acceptance, then deleted (README, „Mails und Kontaktformular“). As long as the
 * server log keeps its lines about them. Held mails stay: they are still to be sent.
 */
export const OUTBOX_RETENTION_DAYS = 180;

/**
 * Deletes what the retention lets go: mails that are sent or given up (with their
 * attachments, by the foreign key) and contact messages, accepted before `cutoff`
 * (`YYYY-MM-DD HH:mm:ss`, club-local, as `created_at` is stored).
 */
export async function pruneOutbox(db: DbOrTrx, cutoff: string): Promise<{ mails: number; messages: number }> {
  const mails = await db
    .deleteFrom('mail_outbox')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  const messages = await db.deleteFrom('contact_messages').where('created_at', '<', cutoff).executeTakeFirst();
  return { mails: Number(mails.numDeletedRows), messages: Number(messages.numDeletedRows) };
}

/**
 * Once a mail server is configured, what was held is sent, with 3 days of retries from
 * now: a mail held for longer must not be given up on its first temporary error.
 */
export async function releaseHeld(db: DbOrTrx, nowMs: number): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', next_attempt_ms: nowMs, retry_since_ms: nowMs })
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
