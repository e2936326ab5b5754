import type { FastifyBaseLogger } from 'fastify';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { formatGermanDateTime, toClubDateTime } from '../../shared/dates.ts';
import type { Clock } from '../services.ts';
import type { Db } from './connection.ts';
import { unavailability, type Unavailability } from './errors.ts';

/** How often an outage looks whether the database answers again when no request does it. */
export const OUTAGE_PROBE_INTERVAL_MS = 2_000;

/**
 * What work outside a request (the mail outbox, the duty reminders, the server log,
 * background tasks) needs of the outage: an error that means the database is gone is
 * handed over instead of logged, so that an outage writes its two lines and no more.
 */
export interface DatabaseFailures {
  /**
   * True when `error` means the database cannot take the work now, and the caller logs
   * nothing of its own: it is gone (noted for the outage's lines), or too many wait for it
   * (the pool's queue is full; the work's next round tries again).
   */
  failed: (error: unknown) => boolean;
}

/** For a worker built without an app (tests): every failure is its own to log. */
export const NO_OUTAGE: DatabaseFailures = { failed: () => false };

/** The outage going on, for tests and a look from outside: a few numbers, whatever its length. */
export interface OutageState {
  since: Date;
  /** Requests answered 503 since it began, each counted once. */
  refused: number;
  /** The driver's word for the latest failure (ECONNREFUSED, Pool is closed., SQLITE_BUSY …). */
  reason: string;
}

export interface DatabaseOutageOptions {
  logger: FastifyBaseLogger;
  clock: Clock;
  probeIntervalMs?: number;
}

/** "12,3 s", "4 min 5 s": how long an outage lasted, as an operator reads it. */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min ${rest} s`;
}

const requests = (count: number) => (count === 1 ? '1 Anfrage' : `${count} Anfragen`);

/**
 * The database's outages as this process sees them (README „Wenn die Datenbank ausfällt“).
 * One per app, in its services: the first failure logs "Datenbank nicht erreichbar seit …",
 * every request refused meanwhile is counted once (its one log line is the request's own,
 * see RequestLog), and the end logs one summary, "wieder erreichbar nach …, N Anfragen
 * abgelehnt". The outage ends with the first query that succeeds and was started after the
 * latest failure: a query still in flight from before (MariaDB finishes some while it shuts
 * down) proves nothing. While no request comes, a probe every few seconds finds the end.
 * Its state is a few numbers and a WeakMap of the requests it refused, whatever the load.
 */
export class DatabaseOutage implements DatabaseFailures {
  readonly #logger: FastifyBaseLogger;
  readonly #clock: Clock;
  readonly #probeIntervalMs: number;
  #state: OutageState | undefined;
  /** Numbers the queries in the order they start, so a success can be told from one that started before a failure. */
  #queries = 0;
  /** The number of the last query started when the latest failure was noted. */
  #failedAt = 0;
  readonly #started = new WeakMap<object, number>();
  /** Requests refused and why; gone with the request. */
  readonly #refusals = new WeakMap<object, Unavailability>();
  #db: Db | undefined;
  #probe: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: DatabaseOutageOptions) {
    this.#logger = options.logger;
    this.#clock = options.clock;
    this.#probeIntervalMs = options.probeIntervalMs ?? OUTAGE_PROBE_INTERVAL_MS;
  }

  /** `db` with a plugin that sees every query start and succeed; the app uses this one, and so does the probe. */
  watch(db: Db): Db {
    const plugin: KyselyPlugin = {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        this.#started.set(args.queryId, ++this.#queries);
        return args.node;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        const number = this.#started.get(args.queryId) ?? 0;
        if (this.#state && number > this.#failedAt) this.#end();
        return args.result;
      },
    };
    this.#db = db.withPlugin(plugin);
    return this.#db;
  }

  get state(): Readonly<OutageState> | undefined {
    return this.#state;
  }

  /**
   * The request is answered 503 because the database cannot take it (`error` says why; a
   * health check that got no answer counts whatever the error). Counted once per request
   * in the outage going on, also when several of its calls fail (a tRPC batch). A full
   * queue of waiting requests begins no outage: the database may only be slow.
   */
  refuse(request: object, error: unknown): void {
    const refusal = unavailability(error) ?? { reason: 'keine Antwort', gone: true };
    if (refusal.gone) this.#note(refusal.reason);
    if (this.#refusals.has(request)) return;
    this.#refusals.set(request, refusal);
    if (this.#state) this.#state.refused += 1;
  }

  /** Why the request was refused, for its one log line; undefined for every request not refused. */
  refusalOf(request: object): Unavailability | undefined {
    return this.#refusals.get(request);
  }

  failed(error: unknown): boolean {
    const refusal = unavailability(error);
    if (!refusal) return false;
    if (refusal.gone) this.#note(refusal.reason);
    return true;
  }

  /** Ends the probe; an outage still going on gets its summary now, since no end will come. */
  close(): void {
    this.#closed = true;
    this.#stopProbe();
    const state = this.#state;
    if (!state) return;
    this.#state = undefined;
    const duration = this.#clock.now().getTime() - state.since.getTime();
    this.#logger.warn(
      { since: state.since.toISOString(), durationMs: duration, refused: state.refused },
      `Datenbank bis zum Ende nicht erreichbar (${formatDuration(duration)}), ${requests(state.refused)} abgelehnt`,
    );
  }

  #note(reason: string): void {
    this.#failedAt = this.#queries;
    if (this.#state) {
      this.#state.reason = reason;
      return;
    }
    // After close (a query of a request still running while the app shuts down) nothing more is begun.
    if (this.#closed) return;
    const since = this.#clock.now();
    this.#state = { since, refused: 0, reason };
    this.#logger.error({ reason }, `Datenbank nicht erreichbar seit ${formatGermanDateTime(toClubDateTime(since), true)}`);
    this.#scheduleProbe();
  }

  #end(): void {
    const state = this.#state!;
    this.#state = undefined;
    this.#stopProbe();
    const until = this.#clock.now();
    const duration = until.getTime() - state.since.getTime();
    this.#logger.warn(
      { since: state.since.toISOString(), until: until.toISOString(), durationMs: duration, refused: state.refused },
      `Datenbank wieder erreichbar nach ${formatDuration(duration)}, ${requests(state.refused)} abgelehnt`,
    );
  }

  #scheduleProbe(): void {
    if (this.#closed || !this.#db || this.#probe) return;
    const db = this.#db;
    const timer = setTimeout(() => {
      // A success ends the outage through the plugin; a failure is one more noted.
      void sql`select 1`.execute(db).then(
        () => this.#probed(timer),
        (error: unknown) => {
          if (!this.failed(error)) this.#logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Datenbank: Prüfabfrage fehlgeschlagen');
          this.#probed(timer);
        },
      );
    }, this.#probeIntervalMs);
    // The probe never keeps a process alive that is otherwise done.
    timer.unref();
    this.#probe = timer;
  }

  /** The next probe while the outage lasts, unless the outage that started this one has ended (a newer one probes on its own). */
  #probed(timer: NodeJS.Timeout): void {
    if (this.#probe !== timer) return;
    this.#probe = undefined;
    if (this.#state) this.#scheduleProbe();
  }

  #stopProbe(): void {
    if (this.#probe) clearTimeout(this.#probe);
    this.#probe = undefined;
  }
}
