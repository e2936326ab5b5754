import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';

/** POST /api/public/contact of SPEC §7: to, prename, lastname, email, subject, text. */
export const contactRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.post('/public/contact', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.contact.send(untrusted(request.body));
  });
};
