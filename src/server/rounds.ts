import type { FastifyBaseLogger } from 'fastify';
import { NO_OUTAGE, type DatabaseFailures } from './db/outage.ts';

export interface RoundsOptions {
  /** Names the rounds in the process log ('duty reminders'). */
  name: string;
  intervalMs: number;
  logger: FastifyBaseLogger;
  /** A failure that means the database is gone is logged once by the outage, not by every round. */
  outage?: DatabaseFailures | undefined;
}

/**
 * Work a server process repeats on its own (the duty reminders, the article mails): the
 * first round at once, the next one `intervalMs` after a round ended, so rounds never
 * overlap. Started and stopped with the app; a round running at the stop finishes first.
 * A failed round goes to the process log and the next one comes as planned. One instance
 * per app (services), no module state; tests call the work's own runOnce instead.
 */
export class PeriodicRounds {
  readonly #options: RoundsOptions;
  readonly #round: () => Promise<unknown>;
  #running = false;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<unknown> | undefined;

  constructor(options: RoundsOptions, round: () => Promise<unknown>) {
    this.#options = options;
    this.#round = round;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#current;
  }

  #schedule(delayMs: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#current = this.#round()
        .catch((error: unknown) => {
          if (!(this.#options.outage ?? NO_OUTAGE).failed(error)) this.#options.logger.error({ err: error }, `${this.#options.name}: round failed`);
        })
        .finally(() => {
          this.#current = undefined;
          this.#schedule(this.#options.intervalMs);
        });
    }, delayMs);
  }
}
