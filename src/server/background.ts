import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseFailures } from './db/outage.ts';

/**
 * Work a request starts but does not wait for, so that its answer takes as long whatever
 * the work finds (the mail of 'Passwort vergessen?' goes out only for members who exist,
 * and a stranger must not tell that from the time of the answer). Each task begins once
 * the current request has been answered (setImmediate, after the answer's I/O callbacks).
 * A failure goes to the process log; the app waits for running tasks when it closes,
 * before the database goes away. One per app (services), no module state.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<void>>();
  readonly #logger: FastifyBaseLogger;
  readonly #outage: DatabaseFailures | undefined;

  /** `outage` takes a failure that means the database is gone, which it logs once for all. */
  constructor(logger: FastifyBaseLogger, outage?: DatabaseFailures) {
    this.#logger = logger;
    this.#outage = outage;
  }

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => {
        if (!this.#outage?.failed(error)) this.#logger.error({ err: error, task: name }, 'background task failed');
      })
      .finally(() => this.#pending.delete(task));
    this.#pending.add(task);
  }

  /** Resolves once no task runs any more, also those started by the tasks themselves (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
