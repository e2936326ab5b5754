import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { MESSAGES } from '../errors.ts';

/**
 * The headers helmet sets for these options, computed once. @fastify/helmet would build
 * helmet anew and parse the policy on every request (a tenth of a cached public read);
 * nothing in our policy depends on the request, so the result is the same each time.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet');
  });
  return headers;
}

/**
 * Browser features the site never uses, denied to its pages and to anything they embed
 * (the maps of the contact page), so that an injected script or a hostile frame cannot
 * ask for them either. Only names Chromium knows: an unknown one (bluetooth,
 * ambient-light-sensor) costs every page a console warning. `browsing-topics` and
 * `interest-cohort` keep the visitors out of the browser's interest-based advertising.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Answers of /api and /trpc: data that no browser renders as a page. */
const DATA_PATH = /^\/+(?:api|trpc)(?:[/?]|$)/i;

export interface SecurityHeaderSets {
  /** For data answers (/api, /trpc): the headers that matter for them and a policy that allows nothing. */
  data: Readonly<Record<string, string>>;
  /** For pages and files: helmet's full set with the site's policy. */
  page: Readonly<Record<string, string>>;
}

/** The security headers of the site, made once; `https`: the site runs under https (PUBLIC_URL). */
export function securityHeaderSets(https: boolean): SecurityHeaderSets {
  const hsts = https ? { maxAge: 31536000, includeSubDomains: true } : false;
  const data = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: hsts,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    frameguard: { action: 'deny' },
  });
  const page = helmetHeaders({
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
    strictTransportSecurity: hsts,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  // helmet knows no Permissions-Policy; it belongs to every answer, data ones included (a
  // JSON answer opened in a tab is a document too).
  return { data: { ...data, 'Permissions-Policy': PERMISSIONS_POLICY }, page: { ...page, 'Permissions-Policy': PERMISSIONS_POLICY } };
}

/**
 * Security headers for every answer of the site: data answers the short set, everything
 * else the page set. The matched route decides, so every spelling of a path gets the same
 * headers (an answer kept in memory is sent with those of its first request); without a
 * route, a spelling the pattern misses still gets the full set, which is as safe.
 */
export const securityHeaders = fp<SecurityHeaderSets>(async (app: FastifyInstance, sets) => {
  const { data, page } = sets;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(DATA_PATH.test(request.routeOptions.url ?? request.url) ? data : page);
    done();
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
