import type { FastifyPluginAsync } from 'fastify';
import { untrusted, type RestOptions } from '../../http/rest.ts';

export const authRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.post('/login', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.auth.login(untrusted(request.body));
  });

  app.post('/logout', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.auth.logout();
  });

  /** 'Auf allen Geräten abmelden': ends every other session of the member (README „Schnittstellen“). */
  app.post('/logout-others', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return caller.auth.logoutOthers();
  });

  app.get('/me', async (request, reply) => {
    const caller = await callerFor(request, reply);
    return { data: await caller.auth.me() };
  });
};
