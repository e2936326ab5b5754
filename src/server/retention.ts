import type { Db } from './db/connection.ts';
import { pruneNetworkAttempts } from './http/network-limit.ts';
import { OUTBOX_RETENTION_DAYS, pruneOutbox } from './mail/outbox.ts';
import { toClubDate, toClubDateTime } from '../shared/dates.ts';
import { pruneDutyRecords } from './areas/duties/reminders.ts';
import { pruneRegistrations } from './areas/registrations/retention.ts';
import { pruneCourseBook } from './areas/coursebook/retention.ts';

/**
 * The one retention sweep (DESIGN §10): each area that keeps personal data for a period
 * registers its deletion here, and the periodic job (the outbox worker, once an hour per
 * process) runs them all. A rule deletes what its period lets go at `now` and says how
 * many rows went; a failing rule does not stop the others.
 */
export interface RetentionRule {
  /** Named in the process log. */
  name: string;
  prune: (db: Db, now: Date) => Promise<number>;
}

export const RETENTION_RULES: readonly RetentionRule[] = [
  // Sent and given-up mails and contact messages: 180 days (README „Kontaktformular“).
  { name: 'mails and contact messages', prune: async (db, now) => sum(await pruneOutbox(db, daysBefore(now, OUTBOX_RETENTION_DAYS))) },
  // Counted attempts of the per-network limiter: older than any window.
  { name: 'network attempts', prune: pruneNetworkAttempts },
  // Duty reminders and open offers of duties more than a week past (README „Meine Dienste“).
  { name: 'duty records', prune: (db, now) => pruneDutyRecords(db, toClubDate(now)) },
  // Sign-ups: 90 days after their appointment, with their mails (README „Anmeldungen“).
  { name: 'sign-ups', prune: pruneRegistrations },
  // The course book's names and phone numbers: after the club's period (README „Parcoursbuch“).
  { name: 'course book', prune: pruneCourseBook },
];

const DAY_MS = 24 * 60 * 60_000;

/** The club-local date-time `days` days before `now`, as the tables store it. */
export function daysBefore(now: Date, days: number): string {
  return toClubDateTime(new Date(now.getTime() - days * DAY_MS));
}

function sum(counts: Record<string, number>): number {
  return Object.values(counts).reduce((total, count) => total + count, 0);
}

export interface SweepResult {
  /** Rows deleted per rule that deleted any. */
  deleted: Record<string, number>;
  /** Rules that failed, with their error; the next sweep tries again. */
  failed: Array<{ name: string; error: unknown }>;
}

export async function sweepRetention(db: Db, now: Date, rules: readonly RetentionRule[] = RETENTION_RULES): Promise<SweepResult> {
  const result: SweepResult = { deleted: {}, failed: [] };
  for (const rule of rules) {
    try {
      const deleted = await rule.prune(db, now);
      if (deleted > 0) result.deleted[rule.name] = deleted;
    } catch (error) {
      result.failed.push({ name: rule.name, error });
    }
  }
  return result;
}
