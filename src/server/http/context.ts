import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticateRequest } from '../areas/auth/authenticate.ts';
import { deviceCookieName } from '../areas/auth/device-cookies.ts';
import { DEVICE_COOKIE_LIFETIME_MS, SESSION_LIFETIME_MS } from '../../shared/browserData.ts';
import type { AppServices } from '../services.ts';
import { createContextInner, type Context } from '../trpc/context.ts';

export type ContextFor = (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;

/** Who is asking and how to answer with a cookie: the context of tRPC and the REST shim alike. */
export function requestContext(services: AppServices, sessionCookie: string): ContextFor {
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: services.config.secureCookies,
  };
  const deviceCookie = deviceCookieName(services.config.secureCookies);
  return async (request, reply) => {
    const requestInfo = { address: request.ip, userAgent: request.headers['user-agent'] ?? '' };
    const { sharedRead } = request;
    // A shared read answers everybody alike, so it never asks who is asking: no session is
    // renewed and no cookie goes out on an answer a proxy may hand to others. The member's
    // next other request renews the session.
    if (sharedRead) return createContextInner({ services, request: requestInfo, sharedRead });
    const sessionToken = request.cookies[sessionCookie];
    const deviceToken = request.cookies[deviceCookie];
    const { user, sessionId, sessionExtended } = await authenticateRequest(services, {
      authorization: request.headers.authorization,
      sessionToken,
      deviceCookie: deviceToken,
      address: request.ip,
    });
    const setSessionCookie = (token: string) =>
      void reply.setCookie(sessionCookie, token, { ...cookieOptions, maxAge: SESSION_LIFETIME_MS / 1000 });
    // The server keeps an active member's session; the browser must keep the cookie as long.
    if (sessionExtended && sessionToken) setSessionCookie(sessionToken);
    return createContextInner({
      services,
      user,
      sessionId,
      request: { ...requestInfo, deviceCookie: deviceToken },
      cookies: {
        set: setSessionCookie,
        clear: () => void reply.clearCookie(sessionCookie, cookieOptions),
        rememberDevice: (value) => void reply.setCookie(deviceCookie, value, { ...cookieOptions, maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000 }),
      },
    });
  };
}
