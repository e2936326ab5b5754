import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db, Dialect } from './db/connection.ts';
import type { CredentialCache } from './areas/auth/credential-cache.ts';
import type { DeviceCookies } from './areas/auth/device-cookies.ts';
import type { LoginLimits } from './areas/auth/login-limits.ts';
import type { PasswordHasher } from './areas/auth/passwords.ts';
import type { ServerLog } from './areas/log/server-log.ts';
import type { PublicCache } from './http/public-cache.ts';
import type { Storage } from './storage/storage.ts';
import type { OutboxWorker } from './mail/worker.ts';
import type { BackgroundTasks } from './background.ts';
import type { DutyReminders } from './areas/duties/reminders.ts';
import type { NewsMails } from './areas/news/mail.ts';
import type { DatabaseOutage } from './db/outage.ts';

export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything a procedure may use; built once per app by buildApp, never module state. */
export interface AppServices {
  /** The database, watched by `outage` (every query of the app goes through it). */
  db: Db;
  dialect: Dialect;
  config: Config;
  passwords: PasswordHasher;
  clock: Clock;
  credentials: CredentialCache;
  /** Signs and checks the device cookies of browsers that logged in before (login limits). */
  devices: DeviceCookies;
  loginLimits: LoginLimits;
  /** Work started by a request and finished after its answer (background.ts). */
  background: BackgroundTasks;
  serverLog: ServerLog;
  logger: FastifyBaseLogger;
  /** Answers of public reads, dropped by writes of their area (DESIGN §8). */
  publicCache: PublicCache;
  /** Uploaded files in UPLOADS_DIR (DESIGN §8). */
  storage: Storage;
  /** Sends the mail outbox (DESIGN §8); started by main.ts, woken by whoever enqueues. */
  mail: OutboxWorker;
  /** Queues the reminder mails the day before a duty (README „Meine Dienste“); started and stopped with the outbox worker. */
  dutyReminders: DutyReminders;
  /** Mails scheduled articles to the chosen groups when they appear (issue 27.4); started and stopped with the outbox worker. */
  newsMails: NewsMails;
  /** Counts and logs the requests refused while the database is gone (README „Wenn die Datenbank ausfällt“). */
  outage: DatabaseOutage;
}
