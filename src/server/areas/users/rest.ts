import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';

type RefParams = { Params: { ref: string } };

export const usersRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/users', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.users.list() };
  });

  app.post('/users', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return reply.code(201).send(await caller.users.create(untrusted(request.body)));
  });

  app.get<RefParams>('/users/:ref', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.users.get({ ref: request.params.ref }) };
  });

  /** The own record follows 'My account', anyone else's the admin dialog; users.save decides. */
  app.put<RefParams>('/users/:ref', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.users.save(untrusted({ ...body, ref: request.params.ref }));
  });

  app.delete<RefParams>('/users/:ref', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.users.delete({ ref: request.params.ref });
  });
};
