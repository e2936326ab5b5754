import type { FastifyServerOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';

/** One line of the process log (pino's JSON), with what the outage tests look at. */
export interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  reason?: string;
  refused?: number;
  [field: string]: unknown;
}

/**
 * The app's process log as main.ts configures it (pino via Fastify, JSON lines), written
 * into memory instead of stdout, so a test can count its lines.
 */
export function capturedLog(level = 'info'): { logger: FastifyServerOptions['logger']; lines: () => LogLine[]; raw: () => string[]; clear: () => void } {
  const raw: string[] = [];
  return {
    logger: { level, stream: { write: (line: string) => void raw.push(line) } },
    lines: () => raw.map((line) => JSON.parse(line) as LogLine),
    raw: () => [...raw],
    clear: () => void raw.splice(0),
  };
}

/**
 * A database that goes away on command: while `fail(error)` holds, every query of the db
 * throws that error (made as the driver makes it) before it reaches the driver, as a
 * server that went down would have it fail; `recover()` brings it back.
 */
export function switchableOutage(): { plugin: KyselyPlugin; fail: (error: Error) => void; recover: () => void } {
  let failure: Error | undefined;
  return {
    plugin: {
      transformQuery(args) {
        if (failure) throw failure;
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    },
    fail: (error) => void (failure = error),
    recover: () => void (failure = undefined),
  };
}

/** mysql2's errors as it makes them (lib/base/connection.js, lib/base/pool.js, packets/packet.js asError). */
export const mysqlErrors = {
  closedState: () => Object.assign(new Error("Can't add new command when connection is in closed state"), { fatal: true }),
  poolClosed: () => new Error('Pool is closed.'),
  queueLimit: () => new Error('Queue limit reached.'),
  refused: () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect', fatal: true }),
  lost: () => Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }),
  shutdown: () => Object.assign(new Error('Server shutdown in progress'), { code: 'ER_SERVER_SHUTDOWN', errno: 1053, sqlState: '08S01' }),
  killed: () => Object.assign(new Error('Connection was killed'), { code: undefined, errno: 1927, sqlState: '70100' }),
  lockWait: () => Object.assign(new Error('Lock wait timeout exceeded; try restarting transaction'), { code: 'ER_LOCK_WAIT_TIMEOUT', errno: 1205, sqlState: 'HY000' }),
};
