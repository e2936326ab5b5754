import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { NO_OUTAGE, type DatabaseFailures } from '../../db/outage.ts';
import { PeriodicRounds } from '../../rounds.ts';
import type { DutyRole } from '../../db/schema.ts';
import { enqueueMail, mailboxOf } from '../../mail/outbox.ts';
import type { Clock } from '../../services.ts';
import { formatGermanDate, toClubDateTime } from '../../../shared/dates.ts';
import { describeAppointment, formatDutyDate, NO_APPOINTMENT_TEXT } from '../../../shared/duties.ts';
import { DUTY_ROLES, DUTY_ROLE_LABELS } from '../../../shared/schemas/duties.ts';
import { permissionNamesOf } from '../auth/principal.ts';
import { seesInternalAppointments } from '../calendar/queries.ts';
import { readClubData } from '../club/queries.ts';
import { SYSTEM_ACTOR, type ServerLog } from '../log/server-log.ts';
import { addDays } from '../../../shared/recurrence.ts';
import { cancelledDays } from '../hosts/series-roster.ts';
import { appointmentsOn, findEntrySlots, holderOf, type EveningAppointment } from './queries.ts';

/**
 * Reminder mails the day before a duty (README „Meine Dienste“): off until a member picks
 * a time of day; from that time on the day before, the next round queues one mail per duty
 * through the outbox. Each reminder is claimed by inserting its row into `duty_reminders`
 * in the transaction that queues the mail, so however many server processes run rounds, a
 * duty is reminded once; a member who took a duty over is reminded on their own. Special
 * values are no members and get none, nor does a member without a usable address.
 */

/** How often a round runs: reminder times are whole minutes. */
export const DUTY_REMINDER_INTERVAL_MS = 60_000;
/** Candidates per slot and round; a roster has one or two entries a day. */
const MAX_CANDIDATES = 100;
/** A member without a usable address is named in the log once a day per duty, not every round. */
const NO_ADDRESS_LOG_WINDOW_MS = 24 * 60 * 60_000;
/** Reminders and offers of duties this many days past are deleted: they can neither go out nor be taken any more. */
export const DUTY_RECORDS_KEPT_DAYS = 7;

/**
 * Keeps the duty tables bounded: sent reminders and open offers of duties more than
 * DUTY_RECORDS_KEPT_DAYS days ago are deleted (the roster itself keeps its history).
 */
export async function pruneDutyRecords(db: Db, today: string): Promise<number> {
  const cutoff = addDays(today, -DUTY_RECORDS_KEPT_DAYS);
  const reminders = await db.deleteFrom('duty_reminders').where('duty_date', '<', cutoff).executeTakeFirst();
  const offers = await db
    .deleteFrom('duty_offers')
    .where('host_entry_id', 'in', (eb) => eb.selectFrom('host_entries').select('id').where('date', '<', cutoff))
    .executeTakeFirst();
  return Number(reminders.numDeletedRows) + Number(offers.numDeletedRows);
}

export interface DutyRemindersOptions {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  serverLog: ServerLog;
  publicUrl: string;
  /** Called once mails were queued: the outbox worker sends them at once instead of at its next poll. */
  onQueued: () => void;
  /** Takes a round's failure that means the database is gone: the outage logs it once, not every round. */
  outage?: DatabaseFailures;
  intervalMs?: number;
}

export interface ReminderMailInput {
  prename: string;
  lastname: string;
  date: string;
  role: DutyRole;
  appointments: readonly EveningAppointment[];
  /** The member may open the roster page (hosts_view): the mail links it too. */
  seesRoster: boolean;
  publicUrl: string;
  clubName: string;
}

/** The reminder in German: date, slot, the day's appointments, and where to swap or switch it off. */
export function buildReminderMail(input: ReminderMailInput): { subject: string; text: string } {
  const role = DUTY_ROLE_LABELS[input.role];
  const day = formatDutyDate(input.date);
  const appointments =
    input.appointments.length === 0 ? [NO_APPOINTMENT_TEXT] : ['An diesem Tag im Kalender:', ...input.appointments.map((appointment) => `- ${describeAppointment(appointment)}`)];
  return {
    subject: `Erinnerung: morgen ${role} (${day})`,
    text: [
      `Hallo ${input.prename} ${input.lastname},`,
      '',
      `morgen, am ${day}, hast du ${role}.`,
      '',
      ...appointments,
      '',
      'Kannst du nicht? Unter „Meine Daten“ kannst du den Dienst zum Tausch anbieten; wer ihn übernimmt, steht danach im Dienstplan:',
      `${input.publicUrl}/admin/ich`,
      ...(input.seesRoster ? ['', `Dienstplan Standaufsicht & Bewirtung: ${input.publicUrl}/admin/standaufsicht_bewirtung`] : []),
      '',
      'Du bekommst diese Erinnerung, weil du sie unter „Meine Daten“ eingeschaltet hast. Dort kannst du die Uhrzeit ändern oder sie ausschalten.',
      '',
      'Viele Grüße',
      input.clubName,
    ].join('\n'),
  };
}

interface Candidate {
  entry_id: number;
  role: DutyRole;
  user_id: number;
  uid: string;
  prename: string;
  lastname: string;
  email: string;
}

/** Duties of `date` whose member's reminder time is `time` or earlier and who has not been reminded of it. */
async function candidates(db: Db, date: string, time: string): Promise<Candidate[]> {
  const found: Candidate[] = [];
  for (const role of DUTY_ROLES) {
    const slot = role === 'supervisor' ? 'e.supervisor_user_id' : 'e.host_user_id';
    const rows = await db
      .selectFrom('host_entries as e')
      .innerJoin('users as u', 'u.id', slot)
      .innerJoin('duty_settings as s', 's.user_id', 'u.id')
      .leftJoin('duty_reminders as r', (join) =>
        join.onRef('r.host_entry_id', '=', 'e.id').on('r.role', '=', role).onRef('r.user_id', '=', 'u.id').onRef('r.duty_date', '=', 'e.date'),
      )
      .select(['e.id as entry_id', 'u.id as user_id', 'u.uid', 'u.prename', 'u.lastname', 'u.email'])
      .where('e.date', '=', date)
      .where('s.remind_at', 'is not', null)
      .where('s.remind_at', '<=', time)
      .where('r.user_id', 'is', null)
      .orderBy('e.id')
      .limit(MAX_CANDIDATES)
      .execute();
    found.push(...rows.map((row) => ({ ...row, role })));
  }
  return found;
}

export interface ReminderRound {
  /** Mails queued in this round. */
  queued: number;
  /** Duties due whose member has no usable address. */
  withoutAddress: number;
}

/** The reminder rounds of one server process: started and stopped with the app, driven by its clock. */
export class DutyReminders {
  private readonly options: Required<DutyRemindersOptions>;
  readonly #rounds: PeriodicRounds;

  constructor(options: DutyRemindersOptions) {
    this.options = { intervalMs: DUTY_REMINDER_INTERVAL_MS, outage: NO_OUTAGE, ...options };
    this.#rounds = new PeriodicRounds({ name: 'duty reminders', intervalMs: this.options.intervalMs, logger: this.options.logger, outage: this.options.outage }, () => this.runOnce());
  }

  start(): void {
    this.#rounds.start();
  }

  /** Ends the rounds; a round running now finishes first (its mails are in the outbox or not at all). */
  async stop(): Promise<void> {
    await this.#rounds.stop();
  }

  /** One round: every duty of tomorrow whose member's time has come gets its reminder, once. */
  async runOnce(): Promise<ReminderRound> {
    const { db, clock, serverLog, publicUrl } = this.options;
    const now = clock.now();
    const stamp = toClubDateTime(now);
    const today = stamp.slice(0, 10);
    const tomorrow = addDays(today, 1);
    const due = await candidates(db, tomorrow, stamp.slice(11, 16));
    const round: ReminderRound = { queued: 0, withoutAddress: 0 };
    if (due.length === 0) return round;
    // No reminder for a day whose evening was cancelled in the calendar (the roster says 'entfällt').
    if ((await cancelledDays(db, tomorrow, tomorrow)).has(tomorrow)) return round;
    const clubName = (await readClubData(db)).name;
    // Tomorrow's appointments, read once per round for those who may see internal ones and once for the others.
    const evening = new Map<boolean, Promise<EveningAppointment[]>>();
    const appointmentsFor = (internal: boolean) => {
      if (!evening.has(internal)) evening.set(internal, appointmentsOn(db, [tomorrow], internal).then((byDay) => byDay.get(tomorrow) ?? []));
      return evening.get(internal)!;
    };
    const queuedLines: string[] = [];
    for (const duty of due) {
      const label = `${DUTY_ROLE_LABELS[duty.role]} am ${formatGermanDate(tomorrow)} (Eintrag ${duty.entry_id})`;
      const member = `${duty.uid} (${duty.prename} ${duty.lastname})`;
      const to = mailboxOf(duty.email.trim());
      if (to === undefined) {
        round.withoutAddress += 1;
        // Not claimed: once the member enters an address, the reminder still goes out today.
        await serverLog.writeOnce(
          `duty-reminder-no-address\n${duty.entry_id}\n${duty.role}\n${duty.user_id}\n${tomorrow}`,
          SYSTEM_ACTOR,
          `Keine Erinnerung an ${label} für ${member}: keine gültige E-Mail-Adresse hinterlegt`,
          NO_ADDRESS_LOG_WINDOW_MS,
        );
        continue;
      }
      const permissions = await permissionNamesOf(db, duty.user_id);
      const appointments = await appointmentsFor(seesInternalAppointments(permissions));
      const mail = buildReminderMail({ ...duty, date: tomorrow, appointments, seesRoster: permissions.includes('hosts_view'), publicUrl, clubName });
      const queued = await db.transaction().execute(async (trx) => {
        // The slot may have changed hands since the candidates were read.
        const entry = await findEntrySlots(trx, duty.entry_id);
        if (!entry || entry.date !== tomorrow || holderOf(entry, duty.role) !== duty.user_id) return false;
        try {
          await trx
            .insertInto('duty_reminders')
            .values({ host_entry_id: duty.entry_id, role: duty.role, user_id: duty.user_id, duty_date: tomorrow, created_ms: now.getTime() })
            .execute();
        } catch (error) {
          // Another process claimed this reminder first; it queues the mail.
          if (isUniqueViolation(error)) return false;
          throw error;
        }
        await enqueueMail(trx, { kind: 'duty', to, ...mail }, now);
        return true;
      });
      if (queued) {
        round.queued += 1;
        queuedLines.push(`${label} an ${member}`);
      }
    }
    if (round.queued > 0) {
      this.options.onQueued();
      await serverLog.write(SYSTEM_ACTOR, `Erinnerung an Dienste in den Postausgang gelegt: ${queuedLines.join(', ')}`);
    }
    return round;
  }
}
