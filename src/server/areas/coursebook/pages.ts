import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { COURSE_BOOK_PATH, ticketPath } from '../../../shared/courseBook.ts';
import { TRPCError } from '@trpc/server';
import { isLinkToken } from '../../http/link-token.ts';
import { createCaller } from '../../router.ts';
import { createContextInner } from '../../trpc/context.ts';
import { checkInInputOfForm, problemAddress } from './form-post.ts';

export interface CourseBookPagesOptions {
  /** Renders the ticket page for a token and answers it, kept by no cache. */
  renderTicket: (request: FastifyRequest, reply: FastifyReply, token: string) => Promise<unknown>;
  /** The site's not-found page (404). */
  renderNotFound: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

type TokenParams = { Params: { token: string } };

/**
 * The course book's pages beyond the kept check-in page (issue 30.2): the plain form's
 * check-in (POST /parcoursbuch, then 303 to the ticket, or back to the form saying why),
 * the ticket at its long random address, and 'Parcours verlassen' (POST
 * /parcoursbuch/ticket/{token}/verlassen). The same procedures as the API; their limit per
 * network and their honeypot hold here too.
 */
export const courseBookPages: FastifyPluginAsync<CourseBookPagesOptions> = async (app, { renderTicket, renderNotFound }) => {
  const { services } = app;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, body));

  const callerFor = (request: FastifyRequest) =>
    createCaller(createContextInner({ services, request: { address: request.ip, userAgent: request.headers['user-agent'] ?? '' } }));

  app.post(COURSE_BOOK_PATH, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    try {
      const { data } = await callerFor(request).courseBook.checkIn(checkInInputOfForm(body) as never);
      return reply.header('cache-control', 'no-store').redirect(ticketPath(data.token), 303);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      // A refused input names its first problem in the zod issue; the server's own checks in the message.
      const issues = (error.cause as { issues?: Array<{ message: string }> } | undefined)?.issues;
      const message = issues?.[0]?.message ?? error.message;
      if (error.code === 'INTERNAL_SERVER_ERROR') throw error;
      return reply.header('cache-control', 'no-store').redirect(problemAddress(message), 303);
    }
  });

  app.get<TokenParams>(`${COURSE_BOOK_PATH}/ticket/:token`, async (request, reply) => {
    const { token } = request.params;
    const found = isLinkToken(token) && (await callerFor(request).courseBook.ticket({ token }).then(() => true, () => false));
    if (!found) return renderNotFound(request, reply);
    return renderTicket(request, reply, token);
  });

  app.post<TokenParams>(`${COURSE_BOOK_PATH}/ticket/:token/verlassen`, async (request, reply) => {
    const { token } = request.params;
    try {
      await callerFor(request).courseBook.checkOut({ token });
    } catch {
      return renderNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(ticketPath(token), 303);
  });
};
