import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/connection.ts';
import { NO_OUTAGE, type DatabaseFailures } from '../db/outage.ts';
import { SYSTEM_ACTOR, type ServerLog } from '../areas/log/server-log.ts';
import type { Clock } from '../services.ts';
import { formatGermanDateTime, toClubDateTime } from '../../shared/dates.ts';
import {
  claimMail,
  dueMailIds,
  expireMails,
  holdDueMails,
  loadClaimedMail,
  markFailed,
  markSent,
  releaseHeld,
  type OutgoingMail,
} from './outbox.ts';
import type { MailTransport } from './transport.ts';
import { RETENTION_RULES, sweepRetention, type RetentionRule } from '../retention.ts';

export interface OutboxWorkerOptions {
  db: Db;
  /** undefined: no SMTP_URL; messages are kept in the outbox and named in the log. */
  transport: MailTransport | undefined;
  clock: Clock;
  logger: FastifyBaseLogger;
  serverLog: ServerLog;
  /** How often the outbox is looked at; a new message wakes the worker at once. */
  pollMs?: number;
  /** Takes a round's failure that means the database is gone: the outage logs it once, not every round. */
  outage?: DatabaseFailures;
  /**
   * How long a claim holds. Longer than any try can take (the SMTP timeouts), so a live
   * worker never loses its claim; a crashed worker's claim is taken over after it.
   */
  leaseMs?: number;
  /** Messages per round. */
  batch?: number;
  /** The retention sweep's rules (retention.ts), which this worker runs as the periodic job. */
  retention?: readonly RetentionRule[];
  /** Pruning costs a few deletes; each worker (one per process) prunes at most once an interval. */
  pruneIntervalMs?: number;
}

export interface RunSummary {
  sent: number;
  retried: number;
  failed: number;
  held: number;
}

export const DEFAULT_POLL_MS = 5_000;
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** As the server log: once an hour per process keeps the tables bounded at no cost per message. */
export const OUTBOX_PRUNE_INTERVAL_MS = 60 * 60_000;
/** How often mails whose link ran out are given up and erased (`expireMails`). */
const EXPIRY_INTERVAL_MS = 60_000;
/** Repeated failures of one message reach the members' log once per hour (every one reaches the process log). */
const FAILURE_LOG_WINDOW_MS = 60 * 60_000;

/** A round's line in the server log names its mails up to about this many characters, then counts the rest. */
const ROUND_LINE_NAMES_MAX = 1200;

function describe(mail: Pick<OutgoingMail, 'id' | 'kind' | 'to'>): string {
  return `Mail ${mail.id} (${mail.kind}) an ${mail.to}`;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[\r\n]+/g, ' ').slice(0, 500);
}

const mails = (count: number) => `${count} ${count === 1 ? 'Mail' : 'Mails'}`;

/**
 * Groups of names, each with its heading, up to ROUND_LINE_NAMES_MAX characters in all;
 * whatever does not fit is counted. A round may hold any number of mails, its line not.
 */
function boundedNames(groups: Array<{ heading: string; names: string[] }>): string {
  let used = 0;
  let left = 0;
  const parts: string[] = [];
  for (const { heading, names } of groups) {
    const shown: string[] = [];
    for (const name of names) {
      const cost = name.length + 2 + (shown.length === 0 ? heading.length : 0);
      // The first name always shows, so the line never only counts.
      if (used + cost > ROUND_LINE_NAMES_MAX && (parts.length > 0 || shown.length > 0)) {
        left += 1;
        continue;
      }
      used += cost;
      shown.push(name);
    }
    if (shown.length > 0) parts.push(`${heading}${shown.join(', ')}`);
  }
  return `${parts.join('. ')}${left > 0 ? ` (und ${mails(left)} mehr)` : ''}`;
}

/** A try that failed in this round, for the round's line in the server log. */
interface RoundFailure {
  mail: Pick<OutgoingMail, 'id' | 'kind' | 'to'>;
  attempts: number;
  error: string;
  /** undefined: given up. */
  nextAttemptMs: number | undefined;
}

/**
 * Sends what is due in the outbox, one message after the other. Each message is claimed
 * in the database before it is sent (outbox.ts `claimMail`), so several workers in
 * several processes never send one twice. Started by main.ts, stopped on shutdown; tests
 * drive it with `runOnce` and an injected clock and transport. Logs never carry a body.
 */
export class OutboxWorker {
  private readonly options: Required<Omit<OutboxWorkerOptions, 'transport'>> & { transport: MailTransport | undefined };
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private wakeRequested = false;
  private heldReleased = false;
  private lastPruneMs = Number.NEGATIVE_INFINITY;
  private lastExpiryMs = Number.NEGATIVE_INFINITY;
  /** Set by stop(): a round ends after the message being sent. */
  private stopping: Promise<void> | undefined;

  constructor(options: OutboxWorkerOptions) {
    this.options = {
      pollMs: DEFAULT_POLL_MS,
      leaseMs: DEFAULT_LEASE_MS,
      batch: 20,
      retention: RETENTION_RULES,
      pruneIntervalMs: OUTBOX_PRUNE_INTERVAL_MS,
      outage: NO_OUTAGE,
      ...options,
    };
  }

  get sends(): boolean {
    return this.options.transport !== undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /**
   * Ends the polling and waits for a message being sent right now, not for the rest of
   * its round (that stays in the outbox for the next start), then closes the transport.
   * The app calls it on close, before the database is closed; a second call waits for the
   * first and closes nothing twice.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.running = false;
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      await this.current;
      this.options.transport?.close();
    })();
    return this.stopping;
  }

  /** A message was just enqueued: look now instead of at the next poll. */
  wake(): void {
    if (!this.running) return;
    if (this.current) {
      this.wakeRequested = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.current = this.runOnce().then(
        () => undefined,
        (error: unknown) => {
          if (!this.options.outage.failed(error)) this.options.logger.error({ err: error }, 'mail outbox: round failed');
        },
      );
      void this.current.then(() => {
        this.current = undefined;
        const again = this.wakeRequested;
        this.wakeRequested = false;
        this.schedule(again ? 0 : this.options.pollMs);
      });
    }, delayMs);
  }

  /** One round: every message due now is claimed and sent (or held without a mail server). */
  async runOnce(): Promise<RunSummary> {
    const { db, clock, batch, transport } = this.options;
    await this.pruneWhenDue();
    const expired = await this.expireDue();
    if (!transport) return { sent: 0, retried: 0, failed: expired, held: await this.holdDue() };
    const summary: RunSummary = { sent: 0, retried: 0, failed: expired, held: 0 };
    if (!this.heldReleased) {
      const released = await releaseHeld(db, clock.now().getTime());
      this.heldReleased = true;
      if (released > 0) this.options.logger.info({ count: released }, 'mail outbox: held messages released for sending');
    }
    const failures: RoundFailure[] = [];
    try {
      while (!this.stopping) {
        const ids = await dueMailIds(db, clock.now().getTime(), batch);
        if (ids.length === 0) break;
        let claimedAny = false;
        for (const id of ids) {
          // Shutting down: the message in flight was finished, the rest waits for the next start.
          if (this.stopping) break;
          const outcome = await this.process(id, failures);
          if (outcome) {
            claimedAny = true;
            summary[outcome] += 1;
          }
        }
        // Everything seen was taken by another worker: what is left is theirs.
        if (!claimedAny || ids.length < batch) break;
      }
    } finally {
      await this.logFailures(failures);
    }
    return summary;
  }

  /**
   * One line in the server log for a round's failed tries, however many: the given-up
   * mails, and the retried ones not named within the hour (each mail's failures reach the
   * members' log once an hour; the process log gets every one).
   */
  private async logFailures(failures: RoundFailure[]): Promise<void> {
    const { serverLog } = this.options;
    const named: RoundFailure[] = [];
    for (const failure of failures) {
      if (failure.nextAttemptMs === undefined || (await serverLog.claimOnce(`mail-failure\n${failure.mail.id}`, FAILURE_LOG_WINDOW_MS))) {
        named.push(failure);
      }
    }
    if (named.length === 0) return;
    const byError = new Map<string, string[]>();
    for (const { mail, attempts, error, nextAttemptMs } of named) {
      const outcome =
        nextAttemptMs === undefined
          ? `nach ${attempts} ${attempts === 1 ? 'Versuch' : 'Versuchen'} in 3 Tagen aufgegeben`
          : `Versuch ${attempts}, nächster Versuch ${formatGermanDateTime(toClubDateTime(new Date(nextAttemptMs)), true)}`;
      const list = byError.get(error) ?? [];
      list.push(`${describe(mail)} (${outcome})`);
      byError.set(error, list);
    }
    const groups = [...byError].map(([error, names]) => ({ heading: `${error}: `, names }));
    const verb = named.length === 1 ? 'konnte' : 'konnten';
    await serverLog.write(SYSTEM_ACTOR, `${mails(named.length)} ${verb} nicht gesendet werden. ${boundedNames(groups)}`);
  }

  /**
   * Without a mail server: every due message is held in one statement, never loaded (its
   * body and attachments are not needed to say that it stays), and named once in the
   * log. Held messages are not due, so a poll with nothing new costs one update that matches
   * nothing (on the index of status and due time).
   */
  private async holdDue(): Promise<number> {
    const { db, clock, logger, serverLog } = this.options;
    const held = await holdDueMails(db, clock.now().getTime());
    if (held.length === 0) return 0;
    logger.warn({ mailIds: held.map((mail) => mail.id) }, 'mail outbox: SMTP_URL not set, messages kept in the outbox');
    const verb = held.length === 1 ? 'bleibt' : 'bleiben';
    await serverLog.write(
      SYSTEM_ACTOR,
      `${mails(held.length)} ${verb} im Postausgang, weil kein Mailserver (SMTP_URL) eingerichtet ist. ${boundedNames([{ heading: '', names: held.map(describe) }])}`,
    );
    return held.length;
  }

  /**
   * Gives up the mails whose link ran out before they could be sent (`NewMail.expiresMs`),
   * erasing their text; named in one line of the server log.
   */
  private async expireDue(): Promise<number> {
    const { db, clock, logger, serverLog } = this.options;
    // Only the clean-up: an expired mail is never claimed for sending anyway (dueMailIds, claimMail),
    // so once a minute is enough, and a poll with nothing new stays one statement.
    const now = clock.now();
    if (now.getTime() - this.lastExpiryMs < EXPIRY_INTERVAL_MS) return 0;
    this.lastExpiryMs = now.getTime();
    const expired = await expireMails(db, now);
    if (expired.length === 0) return 0;
    logger.warn({ mailIds: expired.map((mail) => mail.id) }, 'mail outbox: expired before sending, given up');
    const verb = expired.length === 1 ? 'wird' : 'werden';
    await serverLog.write(
      SYSTEM_ACTOR,
      `${mails(expired.length)} ${verb} nicht mehr gesendet, weil der Link darin abgelaufen ist. ${boundedNames([{ heading: '', names: expired.map(describe) }])}`,
    );
    return expired.length;
  }

  /**
   * Runs the retention sweep (retention.ts) at most once an interval; a failure only
   * reaches the process log, and the next sweep tries again.
   */
  private async pruneWhenDue(): Promise<void> {
    const { db, clock, logger, retention, pruneIntervalMs } = this.options;
    const now = clock.now();
    if (now.getTime() - this.lastPruneMs < pruneIntervalMs) return;
    this.lastPruneMs = now.getTime();
    const { deleted, failed } = await sweepRetention(db, now, retention);
    if (Object.keys(deleted).length > 0) logger.info({ deleted }, 'retention: old data deleted');
    for (const { name, error } of failed) {
      if (!this.options.outage.failed(error)) logger.error({ err: error, rule: name }, 'retention: could not delete old data');
    }
  }

  private async process(id: number, failures: RoundFailure[]): Promise<keyof RunSummary | null> {
    const { db, clock, leaseMs, transport, logger } = this.options;
    if (!transport) return null;
    const token = await claimMail(db, id, clock.now().getTime(), leaseMs);
    if (!token) return null;
    const mail = await loadClaimedMail(db, id);
    if (!mail) return null;
    try {
      await transport.send(mail);
    } catch (error) {
      const text = errorText(error);
      const outcome = await markFailed(db, id, token, text, clock.now());
      if (!outcome) return null;
      if (outcome.status === 'failed') {
        logger.error({ mailId: id, kind: mail.kind, to: mail.to, attempts: outcome.attempts, err: text }, 'mail outbox: given up');
        failures.push({ mail, attempts: outcome.attempts, error: text, nextAttemptMs: undefined });
        return 'failed';
      }
      logger.warn({ mailId: id, kind: mail.kind, to: mail.to, attempts: outcome.attempts, err: text }, 'mail outbox: send failed, will retry');
      failures.push({ mail, attempts: outcome.attempts, error: text, nextAttemptMs: outcome.nextAttemptMs ?? clock.now().getTime() });
      return 'retried';
    }
    if (!(await markSent(db, id, token, clock.now()))) {
      // Only when a try outlived its lease; the SMTP timeouts are far shorter.
      logger.error({ mailId: id }, 'mail outbox: claim lost while sending');
    }
    return 'sent';
  }
}
