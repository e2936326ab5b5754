import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';

type IdParams = { Params: { id: string } };

export const groupsRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/groups', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.groups.list() };
  });

  app.post('/groups', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.groups.create(untrusted(request.body)));
  });

  app.put<IdParams>('/groups/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.groups.update(untrusted({ ...body, id: request.params.id }));
  });

  app.delete<IdParams>('/groups/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.groups.delete(untrusted({ id: request.params.id }));
  });

  app.get('/permissions', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.permissions.list() };
  });
};
