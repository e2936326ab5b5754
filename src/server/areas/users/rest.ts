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

  /**
   * The old account page and the admin dialog both PUT here: a member's own record
   * follows the rules of 'My account', anyone else's those of the admin dialog.
   */
  app.put<RefParams>('/users/:ref', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const me = await caller.auth.me();
    const ref = request.params.ref.trim();
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    if (ref === me.uid || ref === String(me.id)) return caller.account.update(untrusted(body));
    return caller.users.update(untrusted({ ...body, ref }));
  });

  app.delete<RefParams>('/users/:ref', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.users.delete({ ref: request.params.ref });
  });
};
