import type { FastifyPluginAsync } from 'fastify';
import { sendCached, sharedReadRoute } from '../../http/public-cache.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';

type IdentifierParams = { Params: { identifier: string } };

/** Legacy paths of SPEC §7 for info texts and section alerts; public reads answer from the PublicCache. */
export const contentRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get('/public/info', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    return sendCached(request, reply, await caller.content.publicInfo(), 'list', (data) => ({ data }));
  });

  // DESIGN §3: one info text and one alert are answered unwrapped.
  app.get<IdentifierParams>('/public/info/:identifier', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    const entry = await caller.content.publicInfoText(untrusted({ identifier: request.params.identifier }));
    return sendCached(request, reply, entry, 'one', (value) => value);
  });

  app.get<IdentifierParams>('/public/sectionalert/:identifier', sharedReadRoute(), async (request, reply) => {
    const caller = await callerFor(request, reply);
    const alert = await caller.content.publicAlert(untrusted({ identifier: request.params.identifier }));
    return sendCached(request, reply, alert, 'one', (value) => value);
  });

  app.get('/info', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.content.info() };
  });

  app.put<IdentifierParams>('/info/:identifier', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.content.updateInfo(untrusted({ ...body, identifier: request.params.identifier }));
  });

  app.get('/sectionalert', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.content.alerts() };
  });

  app.put<IdentifierParams>('/sectionalert/:identifier', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    return caller.content.updateAlert(untrusted({ ...body, identifier: request.params.identifier }));
  });
};
