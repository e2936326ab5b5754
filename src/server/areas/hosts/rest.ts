import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';

type IdParams = { Params: { id: string } };

/** Legacy paths of SPEC §7 for the stand supervision and catering roster. */
export const hostsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/public/hosts', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.hosts.publicList(), 'list', (data) => ({ data }));
  });

  app.get('/hosts', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.hosts.list() };
  });

  app.post('/hosts', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.hosts.create(untrusted(request.body)));
  });

  app.put<IdParams>('/hosts/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.hosts.update(untrusted({ ...body, id: request.params.id }));
  });

  app.delete<IdParams>('/hosts/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.hosts.delete(untrusted({ id: request.params.id }));
  });
};
