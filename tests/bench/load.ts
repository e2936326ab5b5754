import autocannon from 'autocannon';

export interface Target {
  name: string;
  url: string;
  /** The status every answer must have; other statuses are counted as unexpected. */
  expectedStatus: number;
  /**
   * Why the target is measured for orientation only, without the aim of ≥ 0.6× its baseline
   * and p99 < 50 ms that every public read has (issue 12); absent for public reads.
   */
  orientation?: string;
  /** The aim when it is not that of the public reads: rendered pages must come at 0.8× their baseline and p99 < 20 ms (issue 17). */
  aim?: { ratio: number; p99Ms: number };
  /** Sent with every request; without them the load (and the answer mirrored to the baseline) asks as autocannon does: no Accept-Encoding. */
  headers?: Record<string, string>;
  /** GET unless given (a login is a POST with its JSON body). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadOptions {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Aborting stops the running load at once (Ctrl-C). */
  signal: AbortSignal;
}

export interface Measurement {
  target: Target;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Answers with another status than expected, plus connection errors and timeouts. */
  failures: number;
}

/** Warm-up (discarded, so the JIT and caches are hot; none with warmupSeconds 0), then the measured run. */
export async function measure(target: Target, options: LoadOptions): Promise<Measurement> {
  if (options.warmupSeconds > 0) await runLoad(target, options.warmupSeconds, options);
  return measured(target, options, (onResponse) => runLoad(target, options.seconds, options, onResponse));
}

/** The longest a load runs beside other work; the work ending stops it far earlier. */
const MAX_WHILE_SECONDS = 600;

/**
 * Loads the target for as long as `work` runs (no warm-up: measure the same target with
 * `measure` first), so a read's latency can be compared with and without that work.
 */
export async function measureWhile<T>(target: Target, options: LoadOptions, work: () => Promise<T>): Promise<{ measurement: Measurement; result: T }> {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  const measurement = await measured(target, options, (onResponse) =>
    runLoad(target, MAX_WHILE_SECONDS, options, onResponse, async (stop) => {
      try {
        outcome = { ok: true, value: await work() };
      } catch (error) {
        outcome = { ok: false, error };
      } finally {
        stop();
      }
    }),
  );
  if (!outcome) throw new Error('Die Arbeit neben der Last ist nicht fertig geworden.');
  if (!outcome.ok) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  return { measurement, result: outcome.value };
}

async function measured(
  target: Target,
  options: LoadOptions,
  run: (onResponse: (status: number, ms: number) => void) => Promise<autocannon.Result>,
): Promise<Measurement> {
  const latencies: number[] = [];
  const result = await run((status, ms) => {
    if (status === target.expectedStatus) latencies.push(ms);
  });
  const answered = Object.values(result.statusCodeStats ?? {}).reduce((sum, stats) => sum + (stats.count ?? 0), 0);
  latencies.sort((a, b) => a - b);
  return {
    target,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP99Ms: percentile(latencies, 0.99),
    failures: answered - latencies.length + result.errors,
  };
}

/**
 * One autocannon run against loopback. Latencies are taken from the 'response' events
 * rather than from autocannon's histogram, which records whole milliseconds only: on
 * loopback most answers take less than one.
 */
function runLoad(
  target: Target,
  seconds: number,
  options: LoadOptions,
  onResponse?: (status: number, ms: number) => void,
  /** Runs beside the load and stops it when done; its failure fails the run. */
  beside?: (stop: () => void) => Promise<void>,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      reject(new Error('abgebrochen'));
      return;
    }
    // Only called on abort, which cannot happen before autocannon() has returned.
    const stop = () => instance.stop();
    const request = { url: target.url, headers: target.headers ?? {}, method: target.method ?? 'GET', ...(target.body === undefined ? {} : { body: target.body }) };
    const instance = autocannon({ ...request, connections: options.connections, duration: seconds }, (error: unknown, result) => {
      options.signal.removeEventListener('abort', stop);
      if (error) reject(error instanceof Error ? error : new Error('autocannon fehlgeschlagen', { cause: error }));
      else if (options.signal.aborted) reject(new Error('abgebrochen'));
      else resolve(result);
    });
    options.signal.addEventListener('abort', stop, { once: true });
    if (onResponse) instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
    if (beside) {
      beside(() => instance.stop()).catch((error: unknown) => {
        instance.stop();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    }
  });
}

/** Nearest-rank percentile of an ascending list; NaN when nothing was measured. */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
