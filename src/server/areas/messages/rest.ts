import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';

/**
 * The inbox (issue 27.5) for programs: GET /api/messages (messages_view), PUT
 * /api/messages/{id} with `done` and DELETE /api/messages/{id} (messages_update).
 */
export const messagesRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/messages', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const { messages } = await caller.messages.list();
    return { data: messages };
  });

  app.put<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.messages.setDone(untrusted({ ...body, id: request.params.id }));
  });

  app.delete<{ Params: { id: string } }>('/messages/:id', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.messages.delete(untrusted({ id: request.params.id }));
  });
};
