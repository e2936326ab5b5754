import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Unavailability } from '../db/errors.ts';

/** Why a request was refused because the database could not take it (db/outage.ts), or undefined. */
export type RefusalOf = (request: FastifyRequest) => Unavailability | undefined;

/**
 * The process log's lines about requests: one per request, when it is answered, with
 * method, address, status and time (Fastify writes two, one as it arrives and one as it is
 * answered, and the first names the address). A request refused because the database is
 * gone gets the same one line, as a warning naming the reason and without a stack: every
 * layer that refuses it (tRPC, the REST shim, the pages, /files) leaves its logging to this
 * line, so an outage under load writes as many lines as requests and no more. A request
 * refused because too many wait for the database (the pool's queue) says so instead. The
 * line as a request arrives is still there at LOG_LEVEL=debug, for a request that never ends.
 */
export class RequestLog extends LogController {
  readonly #refusalOf: RefusalOf;

  constructor(refusalOf: RefusalOf) {
    super();
    this.#refusalOf = refusalOf;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // A kept public answer (http/public-cache.ts): at LOG_LEVEL info its line cost it more
    // than all its other work, and a reverse proxy logs the visitors anyway.
    if (this.isLogDisabled(request) || (request.answeredFromMemory && !error)) return;
    if (error) return super.requestCompleted(error, request, reply);
    const refusal = this.#refusalOf(request);
    if (refusal !== undefined) {
      reply.log.warn(
        { req: request, res: reply, responseTime: reply.elapsedTime, reason: refusal.reason },
        refusal.gone ? 'Datenbank nicht erreichbar, Anfrage abgelehnt' : 'Datenbank ausgelastet, Anfrage abgelehnt',
      );
      return;
    }
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
