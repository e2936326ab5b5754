import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../errors.ts';

export interface SecurityOptions {
  /** The site runs under https (PUBLIC_URL): HSTS and upgrade of insecure requests. */
  https: boolean;
}

/** Security headers for every answer of the site, API and pages alike. */
export const securityHeaders = fp<SecurityOptions>(async (app: FastifyInstance, { https }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI's emotion writes <style> elements at run time; scripts stay strictly external.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.openstreetmap.org'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A cookie-authenticated change must come from our own scripts (DESIGN §4): forms of other
 * sites cannot set this header. Added as a hook of the tRPC and REST scopes, so it is the
 * route that matched which decides, however the path was spelled.
 */
export function csrfGuard(sessionCookie: string) {
  return async function requireOwnScript(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers.authorization || !request.cookies[sessionCookie]) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ message: MESSAGES.csrf });
    }
  };
}
