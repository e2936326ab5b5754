import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';

type IdParams = { Params: { id: string } };

/**
 * The 3D course's state (issue 30.1) for programs: GET /api/public/parcours (everyone, from
 * the answer cache), GET /api/parcours (parcours_view), PUT /api/parcours with
 * `closedTargets` and `detour`, POST /api/parcours/closures, PUT and DELETE
 * /api/parcours/closures/{id} (parcours_update).
 */
export const parcoursRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/public/parcours', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.parcours.publicState(), 'one', (data) => ({ data }));
  });

  app.get('/parcours', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.parcours.state() };
  });

  app.put('/parcours', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.parcours.updateState(untrusted(request.body));
  });

  app.post('/parcours/closures', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.parcours.createClosure(untrusted(request.body)));
  });

  app.put<IdParams>('/parcours/closures/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.parcours.updateClosure(untrusted({ ...body, id: request.params.id }));
  });

  app.delete<IdParams>('/parcours/closures/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.parcours.deleteClosure(untrusted({ id: request.params.id }));
  });
};
