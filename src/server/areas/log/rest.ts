import type { FastifyPluginAsync } from 'fastify';
import type { RestOptions } from '../../http/rest.ts';

export const logRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/log', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const text = await caller.log.read();
    return reply.type('text/plain; charset=utf-8').send(text);
  });

  app.delete('/log', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.log.clear();
  });
};
