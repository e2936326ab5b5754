import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SYSTEM_ACTOR } from '../areas/log/server-log.ts';
import { describeError, MAX_BATCH_SIZE, MESSAGES } from '../errors.ts';
import { appRouter, type AppRouter } from '../router.ts';
import type { ProcedureMeta } from '../trpc/index.ts';
import { keepSharedReads } from './public-cache.ts';
import type { ContextFor } from './context.ts';
import { csrfGuard } from './security.ts';

export interface TrpcScopeOptions {
  contextFor: ContextFor;
  sessionCookie: string;
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/**
 * The tRPC adapter passes a multipart body to tRPC as a stream that is read whole and
 * without limit; only JSON is parsed under the body limit. Anything else is refused
 * before a byte of its body is read.
 */
async function onlyJsonBodies(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type'];
  if (type === undefined ? BODYLESS_METHODS.has(request.method) : JSON_TYPE.test(type)) return;
  return reply.code(415).send({ message: MESSAGES.unsupportedMediaType });
}

type ProcedureTable = Record<string, { _def: { meta?: ProcedureMeta } } | undefined>;

const procedures = appRouter._def.procedures as unknown as ProcedureTable;

/** Whether every procedure a GET names (a batch names several) gives everybody the same answer. */
function namesOnlySharedReads(request: FastifyRequest): boolean {
  const path = (request.params as { path?: string }).path;
  if (!path) return false;
  return path.split(',').every((name) => procedures[name]?._def.meta?.sharedAnswer === true);
}

/** tRPC at /trpc; it replaces the body parsers inside this scope, so it lives beside the REST shim. */
export const trpcScope: FastifyPluginAsync<TrpcScopeOptions> = async (scope, { contextFor, sessionCookie }) => {
  const { services } = scope;
  // The data scopes read and set the session cookie; files only for those not everybody may read, pages never.
  await scope.register(cookie);
  scope.addHook('onRequest', onlyJsonBodies);
  scope.addHook('onRequest', csrfGuard(sessionCookie));
  const answers = keepSharedReads(services.publicCache, namesOnlySharedReads);
  scope.addHook('onRequest', answers.started);
  scope.addHook('onSend', answers.keep);
  scope.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.pathNotFound }));
  await scope.register(fastifyTRPCPlugin, {
    trpcOptions: {
      router: appRouter,
      maxBatchSize: MAX_BATCH_SIZE,
      createContext: ({ req, res }) => contextFor(req, res),
      onError: ({ error, path }) => {
        const { internal } = describeError(error.cause && error.code === 'INTERNAL_SERVER_ERROR' ? error.cause : error);
        if (!internal || error.code !== 'INTERNAL_SERVER_ERROR') return;
        scope.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        void services.serverLog.write(SYSTEM_ACTOR, `Serverfehler in ${path ?? 'unbekannt'}: ${(error.cause ?? error).message}`);
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);
};
