import { SERVER_ERROR_LOG_WINDOW_MS, SYSTEM_ACTOR } from '../areas/log/server-log.ts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppCaller } from '../router.ts';
import { describeError, MESSAGES, type ErrorBody } from '../errors.ts';

export type CallerFor = (request: FastifyRequest, reply: FastifyReply) => Promise<AppCaller>;

/** What every area's REST plugin receives: a caller with the request's context. */
export interface RestOptions {
  callerFor: CallerFor;
}

/**
 * Marks a request body or path value as input for a procedure. The procedure's zod
 * schema is what checks it; the REST shim never trusts or reshapes it.
 */
export function untrusted<T>(value: unknown): T {
  return value as T;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).code === 'string' && (error as FastifyError).code.startsWith('FST_');
}

/** Fastify's own 4xx failures (body parsing, limits) in German. */
function describeFastifyError(error: FastifyError): { status: number; body: ErrorBody } {
  const status = error.statusCode ?? 400;
  if (status === 413) return { status, body: { message: MESSAGES.bodyTooLarge } };
  if (status === 415) return { status, body: { message: MESSAGES.unsupportedMediaType } };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, body: { message: MESSAGES.invalidJson } };
  }
  return { status, body: { message: MESSAGES.badRequest } };
}

/** The one place where errors become HTTP answers of the REST shim (DESIGN §3). */
export async function sendRestError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (isFastifyError(error) && (error.statusCode ?? 500) < 500) {
    const { status, body } = describeFastifyError(error);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  }
  const { status, body, internal, unavailable } = describeError(error);
  // Counted and logged once by the outage and the request's own log line; the server log
  // is in the database that is gone.
  if (unavailable) request.server.services.outage.refuse(request, error);
  if (internal) {
    request.log.error({ err: error }, 'request failed');
    const message = error instanceof Error ? error.message : String(error);
    // Keyed by the route's pattern, not the path: `/api/users/1` and `/api/users/2` are one route.
    const route = `${request.method} ${request.routeOptions.url ?? '(keine Route)'}`;
    await request.server.services.serverLog.writeOnce(
      `server-error\nrest\n${route}`,
      SYSTEM_ACTOR,
      `Serverfehler bei ${request.method} ${request.url.split('?')[0]}: ${message}`,
      SERVER_ERROR_LOG_WINDOW_MS,
    );
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
