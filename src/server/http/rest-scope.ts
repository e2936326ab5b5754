import cookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { MESSAGES } from '../errors.ts';
import { createCaller } from '../router.ts';
import type { ContextFor } from './context.ts';
import { keepSharedReads } from './public-cache.ts';
import { sendRestError } from './rest.ts';
import { registerRestRoutes } from './routes.ts';
import { csrfGuard } from './security.ts';

export interface RestScopeOptions {
  contextFor: ContextFor;
  sessionCookie: string;
}

/** The REST shim of SPEC §7 under /api for consumers of the old backend (DESIGN §3). */
export const restScope: FastifyPluginAsync<RestScopeOptions> = async (api, { contextFor, sessionCookie }) => {
  const { services } = api;
  // The data scopes read and set the session cookie; files only for those not everybody may read, pages never.
  await api.register(cookie);
  api.addHook('onRequest', csrfGuard(sessionCookie));
  // Every read under /api/public is the same for every visitor (DESIGN §3, §8) and says
  // what its answer depends on (sharedReadRoute), so that nothing else makes a new key.
  api.addHook('onRoute', (route) => {
    if (route.method === 'GET' && route.url.startsWith('/api/public/') && !route.config?.answerKey) {
      throw new Error(`${route.url}: a public read declares what its answer depends on (sharedReadRoute)`);
    }
  });
  const answers = keepSharedReads(services.publicCache, (request) => request.routeOptions.config.answerKey !== undefined);
  api.addHook('onRequest', answers.started);
  api.addHook('onSend', answers.keep);
  api.setErrorHandler(sendRestError);
  api.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.pathNotFound }));
  api.get('/health', async (request, reply) => {
    try {
      await sql`select 1`.execute(services.db);
      return { status: 'ok' };
    } catch (error) {
      // Whatever kept `select 1` from answering: the database is not there for the monitor.
      services.outage.refuse(request, error);
      return reply.code(503).send({ message: MESSAGES.databaseUnavailable });
    }
  });
  await registerRestRoutes(api, { callerFor: async (request, reply) => createCaller(await contextFor(request, reply)) });
};
