import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { databaseAnswers, type Db, type Dialect } from './db/connection.ts';
import { authenticateRequest } from './areas/auth/authenticate.ts';
import { CredentialCache } from './areas/auth/credential-cache.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './areas/auth/login-limits.ts';
import { bcryptHasher, type PasswordHasher } from './areas/auth/passwords.ts';
import { SESSION_LIFETIME_MS, sessionCookieName } from './areas/auth/sessions.ts';
import { databaseServerLog, SYSTEM_ACTOR } from './areas/log/server-log.ts';
import { MESSAGES, describeError } from './errors.ts';
import { registerRestRoutes } from './http/routes.ts';
import { sendRestError, type CallerFor } from './http/rest.ts';
import { appRouter, createCaller, type AppRouter } from './router.ts';
import { systemClock, type AppServices, type Clock } from './services.ts';
import { createContextInner, type Context } from './trpc/context.ts';
import type { UploadLimits } from './storage/kinds.ts';
import { databaseCatalogue, fileRoutes } from './storage/serve.ts';
import { createStorage } from './storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface AppDeps {
  db: Db;
  dialect: Dialect;
  config: Config;
  passwords?: PasswordHasher;
  clock?: Clock;
  loginLimits?: LoginLimits;
  /** How long verified Basic credentials are remembered. */
  credentialTtlMs?: number;
  /** The built client (vite build); not served when absent, as in the api tests. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Upload size limits per kind; tests make them small. */
  uploadLimits?: Partial<UploadLimits>;
}

/** JSON bodies are small forms; files go through multipart with their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url === '/trpc' || url.startsWith('/trpc/') || url.startsWith('/trpc?');
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Builds the whole site with everything injected, so each test can build its own. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    // Keep-alive sockets are closed on shutdown once their requests are answered.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Without this behind a proxy every visitor shares one address, and one attacker's
    // failed logins would lock everybody out.
    trustProxy: deps.config.trustProxy,
  });
  const clock = deps.clock ?? systemClock;
  const services: AppServices = {
    db: deps.db,
    dialect: deps.dialect,
    config: deps.config,
    passwords: deps.passwords ?? bcryptHasher(),
    clock,
    credentials: new CredentialCache(deps.credentialTtlMs),
    loginLimits: deps.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    serverLog: databaseServerLog(deps.db, () => clock.now(), app.log),
    logger: app.log,
    storage: createStorage({ dir: deps.config.uploadsDir, limits: deps.uploadLimits }),
  };
  await services.storage.prepare();
  app.decorate('services', services);
  const sessionCookie = sessionCookieName(deps.config.secureCookies);

  await app.register(cookie);
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
        ...(deps.config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: deps.config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  // A cookie-authenticated change must come from our own scripts (DESIGN §4): forms of
  // other sites cannot set this header.
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !isApiPath(request.url)) return;
    if (request.headers.authorization || !request.cookies[sessionCookie]) return;
    if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.code(403).send({ message: MESSAGES.csrf });
    }
  });

  const contextFor = async (request: FastifyRequest, reply: FastifyReply): Promise<Context> => {
    const { user, sessionId } = await authenticateRequest(services, {
      authorization: request.headers.authorization,
      sessionToken: request.cookies[sessionCookie],
      address: request.ip,
    });
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: deps.config.secureCookies,
    };
    return createContextInner({
      services,
      user,
      sessionId,
      request: { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      cookies: {
        set: (token) => void reply.setCookie(sessionCookie, token, { ...cookieOptions, maxAge: SESSION_LIFETIME_MS / 1000 }),
        clear: () => void reply.clearCookie(sessionCookie, cookieOptions),
      },
    });
  };
  const callerFor: CallerFor = async (request, reply) => createCaller(await contextFor(request, reply));

  // Set before any plugin, because a scope keeps the error handler it was registered with:
  // Fastify's own failures inside the tRPC scope (a body over the limit) answer in German too.
  app.setErrorHandler(sendRestError);

  // tRPC replaces the body parsers inside its own scope, so it lives beside the REST shim.
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => contextFor(req, res),
      onError: ({ error, path }) => {
        const { internal } = describeError(error.cause && error.code === 'INTERNAL_SERVER_ERROR' ? error.cause : error);
        if (!internal || error.code !== 'INTERNAL_SERVER_ERROR') return;
        app.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        void services.serverLog.write(SYSTEM_ACTOR, `Serverfehler in ${path ?? 'unbekannt'}: ${(error.cause ?? error).message}`);
      },
    },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  await app.register(
    async (api) => {
      api.setErrorHandler(sendRestError);
      api.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.pathNotFound }));
      api.get('/health', async (_request, reply) => {
        if (await databaseAnswers(services.db)) return { status: 'ok' };
        return reply.code(503).send({ message: MESSAGES.databaseUnavailable });
      });
      await registerRestRoutes(api, { callerFor });
    },
    { prefix: '/api' },
  );

  await app.register(fileRoutes, { storage: services.storage, catalogue: databaseCatalogue(deps.db) });

  const indexHtml = deps.clientDir ? join(deps.clientDir, 'index.html') : undefined;
  if (deps.clientDir && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: deps.clientDir,
      wildcard: false,
      index: false,
      // scripts/compress.ts writes .br/.gz at build time; phones get a third of the bytes.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite puts a content hash in every asset name, so they never change.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // A missing asset (an old build's chunk, say) must not be answered with the page's HTML.
    if (isApiPath(request.url) || request.url.startsWith('/assets/') || !indexHtml || !existsSync(indexHtml) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: MESSAGES.pathNotFound });
    }
    // Every other path is a route of the app, whose router shows its own not-found page.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
