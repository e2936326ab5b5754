import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { toClubDateTime } from '../../../shared/dates.ts';
import { insertLogEntry } from './queries.ts';

export const ANONYMOUS_ACTOR = 'anonym';
export const SYSTEM_ACTOR = 'System';

/**
 * The server log members read in the back office: one line per event with date, time and
 * who. Writing never fails the request that caused it; a failure goes to the process log.
 */
export interface ServerLog {
  write(actor: string, message: string): Promise<void>;
}

export function databaseServerLog(db: Db, now: () => Date, logger: FastifyBaseLogger): ServerLog {
  return {
    async write(actor, message) {
      // One entry is one line: newlines in user-supplied parts must not forge further entries.
      const line = message.replace(/[\r\n]+/g, ' ').slice(0, 2000);
      try {
        await insertLogEntry(db, toClubDateTime(now()), actor.replace(/[\r\n]+/g, ' '), line);
      } catch (error) {
        logger.error({ err: error, actor, message: line }, 'could not write the server log');
      }
    },
  };
}
