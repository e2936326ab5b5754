import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config, TrustProxy } from './config.ts';
import type { Db, Dialect } from './db/connection.ts';
import { CredentialCache } from './areas/auth/credential-cache.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './areas/auth/login-limits.ts';
import { bcryptHasher, type PasswordHasher } from './areas/auth/passwords.ts';
import { attachmentCleanup } from './areas/calendar/cleanup.ts';
import { sessionCookieName } from './areas/auth/sessions.ts';
import { databaseServerLog } from './areas/log/server-log.ts';
import { loadClubProfile } from './club-profile.ts';
import { requestContext } from './http/context.ts';
import { pages } from './http/pages.ts';
import { answerFromMemory, PublicCache } from './http/public-cache.ts';
import { sendRestError } from './http/rest.ts';
import { restScope } from './http/rest-scope.ts';
import { securityHeaders, securityHeaderSets } from './http/security.ts';
import { trpcScope } from './http/trpc-scope.ts';
import { systemClock, type AppServices, type Clock } from './services.ts';
import type { UploadLimits } from './storage/kinds.ts';
import { databaseCatalogue, fileRoutes } from './storage/serve.ts';
import { createStorage } from './storage/storage.ts';
import { smtpTransport, type MailTransport } from './mail/transport.ts';
import { OutboxWorker } from './mail/worker.ts';

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
  /**
   * How the outbox sends: by default SMTP_URL (none when unset); null sends nothing,
   * messages are kept as without SMTP_URL.
   */
  mailTransport?: MailTransport | null;
  /** Starts the outbox worker with the app (main.ts does); tests drive `services.mail.runOnce()` instead. */
  startMailWorker?: boolean;
  /**
   * The app closes `db` when it closes (main.ts), after the outbox worker has finished
   * the message it is sending. Tests close their database themselves.
   */
  closeDatabase?: boolean;
  /** How often the worker looks at the outbox. */
  mailPollMs?: number;
}

function defaultTransport(config: Config): MailTransport | undefined {
  if (!config.smtpUrl || !config.mailFrom) return undefined;
  return smtpTransport({ url: config.smtpUrl, from: config.mailFrom });
}

/**
 * Fastify ignores a bare hop count (it cannot check the immediate peer), so a count is
 * given as the function it stands for: the first `hops` addresses, counted from the
 * socket, are proxies; the one after them is the visitor, whatever the visitor sent.
 */
function trustedHops(trustProxy: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  if (trustProxy === 0) return false;
  return (_address, hop) => hop < trustProxy;
}

/** JSON bodies are small forms; files go through multipart with their own limits. */
export const JSON_BODY_LIMIT = 256 * 1024;

/** Builds the whole site with everything injected, so each test can build its own. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    // Every spelling of a path (//trpc, /TRPC, /%74rpc) reaches the same route and so the
    // same guards; the guards never look at the URL text.
    // A tRPC batch names its procedures in one path parameter (MAX_BATCH_SIZE of them).
    routerOptions: { ignoreDuplicateSlashes: true, caseSensitive: false, maxParamLength: 1000 },
    // Keep-alive sockets are closed on shutdown once their requests are answered.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: trustedHops(deps.config.trustProxy),
  });
  const clock = deps.clock ?? systemClock;
  const serverLog = databaseServerLog(deps.db, () => clock.now(), app.log);
  const mail = new OutboxWorker({
    db: deps.db,
    transport: deps.mailTransport === undefined ? defaultTransport(deps.config) : (deps.mailTransport ?? undefined),
    clock,
    logger: app.log,
    serverLog,
    ...(deps.mailPollMs === undefined ? {} : { pollMs: deps.mailPollMs }),
  });
  const services: AppServices = {
    db: deps.db,
    dialect: deps.dialect,
    config: deps.config,
    passwords: deps.passwords ?? bcryptHasher(),
    clock,
    credentials: new CredentialCache(deps.credentialTtlMs),
    loginLimits: deps.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    serverLog,
    logger: app.log,
    publicCache: new PublicCache(clock),
    clubProfile: loadClubProfile(deps.config),
    storage: createStorage({ dir: deps.config.uploadsDir, limits: deps.uploadLimits }),
    mail,
  };
  // One hook, so the order is certain: Fastify runs a later onClose hook of the same
  // instance first, so a database close hook added by the caller would run before this.
  app.addHook('onClose', async () => {
    await mail.stop();
    if (deps.closeDatabase) await deps.db.destroy();
  });
  if (deps.startMailWorker) {
    app.addHook('onReady', (done) => {
      mail.start();
      done();
    });
  }
  await services.storage.prepare();
  app.decorate('services', services);
  const sessionCookie = sessionCookieName(deps.config.secureCookies);
  const contextFor = requestContext(services, sessionCookie);

  // Set before any scope, because a scope keeps the error handler it was registered with:
  // Fastify's own failures inside the tRPC scope (a body over the limit) answer in German too.
  app.setErrorHandler(sendRestError);
  // First of all hooks: an answer kept in memory needs nothing else (it carries its security headers).
  app.addHook('onRequest', answerFromMemory(services.publicCache));
  const security = securityHeaderSets(deps.config.secureCookies);
  await app.register(securityHeaders, security);
  await app.register(trpcScope, { prefix: '/trpc', contextFor, sessionCookie });
  await app.register(restScope, { prefix: '/api', contextFor, sessionCookie });
  await app.register(fileRoutes, { storage: services.storage, catalogue: databaseCatalogue(deps.db), cache: services.publicCache, contextFor });
  await app.register(pages, { clientDir: deps.clientDir, securityHeaders: security.page });
  await app.register(attachmentCleanup);
  return app;
}
