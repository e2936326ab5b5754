import type { FastifyPluginAsync } from 'fastify';
import type { RestOptions } from '../../http/rest.ts';
import { DUTY_MESSAGES } from './router.ts';

/** `<token>.ics`: the secret of the address (dutyFeedInput) and the extension calendar apps expect. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * A member's private calendar feed of their duties (README „Meine Dienste“) at
 * `/api/dienste/<token>.ics`. The address is the only credential: it is never cached by
 * anyone (`private, no-store`), leaks through no Referer and is kept out of search engines;
 * an unknown, renewed or revoked address answers 404 like any path that does not exist.
 */
export const dutiesRest: FastifyPluginAsync<RestOptions> = async (app, { callerFor }) => {
  app.get<{ Params: { file: string } }>('/dienste/:file', async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store').header('Referrer-Policy', 'no-referrer').header('X-Robots-Tag', 'noindex');
    const match = FEED_FILE.exec(request.params.file);
    if (!match?.[1]) return reply.code(404).send({ message: DUTY_MESSAGES.feedNotFound });
    const caller = await callerFor(request, reply);
    const { body } = await caller.duties.feed({ token: match[1] });
    return reply.type('text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="dienste.ics"').send(body);
  });
};
