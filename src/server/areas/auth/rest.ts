import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { untrusted, type RestOptions } from '../../http/rest.ts';
import { dropPendingLogin } from './second-factor.ts';

/**
 * The legacy login knows no code step (SPEC §7): a member with a second factor is told so,
 * and programs are pointed to app passwords. Members without one log in as before.
 */
export const REST_LOGIN_NEEDS_CODE_MESSAGE =
  'Dieses Konto ist mit einem zweiten Faktor geschützt. Bitte melde dich im Browser mit Passwort und Code an; Programme verwenden ein App-Passwort mit Basic-Authentifizierung.';

export const authRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.post('/login', async (request, reply) => {
    const caller = await callerFor(request, reply);
    const answer = await caller.auth.login(untrusted(request.body));
    if ('ticket' in answer && answer.ticket !== undefined) {
      await dropPendingLogin(request.server.services.db, answer.ticket);
      throw new AppError('FORBIDDEN', REST_LOGIN_NEEDS_CODE_MESSAGE);
    }
    return answer;
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
