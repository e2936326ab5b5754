import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config, TrustProxy } from './config.ts';
import type { Db, Dialect } from './db/connection.ts';
import { DatabaseOutage } from './db/outage.ts';
import { RETRY_AFTER_SECONDS } from './errors.ts';
import { CredentialCache } from './areas/auth/credential-cache.ts';
import { MESSAGES } from './errors.ts';
import { DeviceCookies } from './areas/auth/device-cookies.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './areas/auth/login-limits.ts';
import { bcryptHasher, type PasswordHasher } from './areas/auth/passwords.ts';
import { attachmentCleanup } from './areas/calendar/cleanup.ts';
import { sessionCookieName } from './areas/auth/sessions.ts';
import { databaseServerLog } from './areas/log/server-log.ts';
import { requestContext } from './http/context.ts';
import { pages, type PageRenderer } from './http/pages.ts';
import { answerFromMemory, PublicCache } from './http/public-cache.ts';
import { sendRestError } from './http/rest.ts';
import { RequestLog } from './http/request-log.ts';
import { restScope } from './http/rest-scope.ts';
import { securityHeaders, securityHeaderSets } from './http/security.ts';
import { trpcScope } from './http/trpc-scope.ts';
import { systemClock, type AppServices, type Clock } from './services.ts';
import type { UploadLimits } from './storage/kinds.ts';
import type { JobQueue } from './storage/job-queue.ts';
import { databaseCatalogue, fileRoutes } from './storage/serve.ts';
import { createStorage } from './storage/storage.ts';
import { smtpTransport, type MailTransport } from './mail/transport.ts';
import { OutboxWorker } from './mail/worker.ts';
import { BackgroundTasks } from './background.ts';
import { addMissingMediumVersions } from './areas/galleries/medium.ts';
import { DutyReminders } from './areas/duties/reminders.ts';
import { NewsMails } from './areas/news/mail.ts';

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
  /**
   * Renders the public pages on the server (the client's entry-server, built into
   * dist/server); without it every page is the app's empty document.
   */
  renderer?: PageRenderer;
  logger?: FastifyServerOptions['logger'];
  /** Upload size limits per kind; tests make them small. */
  uploadLimits?: Partial<UploadLimits>;
  /**
   * How the outbox sends: by default SMTP_URL (none when unset); null sends nothing,
   * messages are kept as without SMTP_URL.
   */
  mailTransport?: MailTransport | null;
  /**
   * Starts the outbox worker, the duty reminders and the article mails with the app, and
   * makes the gallery images' missing phone versions (main.ts does); tests drive
   * `services.mail.runOnce()`, `services.dutyReminders.runOnce()`,
   * `services.newsMails.runOnce()` and `addMissingMediumVersions` instead.
   */
  startMailWorker?: boolean;
  /**
   * The app closes `db` when it closes (main.ts), after the outbox worker has finished
   * the message it is sending. Tests close their database themselves.
   */
  closeDatabase?: boolean;
  /** How often the worker looks at the outbox. */
  mailPollMs?: number;
  /** The HTTP server's timeouts; tests make them short. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Where sharp's jobs wait (default: one at a time); a test counts the jobs through it. */
  imageJobs?: JobQueue;
  /** How often an outage of the database looks whether it answers again (db/outage.ts); tests make it short. */
  outageProbeMs?: number;
}

/**
 * How long the server waits for a client (README „Betrieb im Internet“). Behind a proxy
 * that buffers uploads (nginx does by default) the body arrives at the proxy's speed;
 * without one, a phone on a slow line still gets 50 MB through (about 0.7 Mbit/s).
 */
export interface HttpTimeouts {
  /** Until the request's headers are complete: they are a few hundred bytes, so a client that dribbles them is refused (408). */
  headersMs: number;
  /** Until the whole request, body included, has arrived (408); the work on it afterwards is not counted. */
  requestMs: number;
  /**
   * A connection on which nothing moves, in either direction, is closed. Longer than the
   * silence while a large gallery upload is converted before its answer.
   */
  idleMs: number;
  /** An idle kept-alive connection between two requests; longer than a proxy's own (nginx: 60 s), so the proxy closes first. */
  keepAliveMs: number;
  /** How often Node looks for requests over headersMs or requestMs. */
  checkIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 30_000,
  requestMs: 10 * 60_000,
  idleMs: 5 * 60_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

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
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...deps.httpTimeouts };
  const security = securityHeaderSets(deps.config.secureCookies);
  const clock = deps.clock ?? systemClock;
  // One line per request (none for a kept answer); for a refused one the outage (made below with the app's logger) says why.
  const requestLog = new RequestLog((request) => outage.refusalOf(request));
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: requestLog,
    bodyLimit: JSON_BODY_LIMIT,
    // Fastify's defaults wait for ever (0): a client that never finishes would hold its connection.
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    // Node checks the two request timeouts every checkIntervalMs (default 30 s), not on each byte.
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    // Every spelling of a path (//trpc, /TRPC, /%74rpc) reaches the same route and so the
    // same guards; the guards never look at the URL text.
    // A tRPC batch names its procedures in one path parameter (MAX_BATCH_SIZE of them).
    routerOptions: { ignoreDuplicateSlashes: true, caseSensitive: false, maxParamLength: 1000 },
    // Keep-alive sockets are closed on shutdown once their requests are answered.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    trustProxy: trustedHops(deps.config.trustProxy),
    // An address Fastify cannot decode (`/%E0%A4%A`) is refused before any route or hook
    // runs, in English and without the site's headers; it gets both like every other answer.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).headers(security.data).type('application/json; charset=utf-8').send({ message: MESSAGES.badRequest });
    },
  });
  // Typed, since the request log above refers to it before it exists (it asks only once requests come).
  const outage: DatabaseOutage = new DatabaseOutage({ logger: app.log, clock, probeIntervalMs: deps.outageProbeMs });
  // Every query of the app goes through the watched db, so the first success after an outage ends it.
  const db = outage.watch(deps.db);
  const serverLog = databaseServerLog(db, () => clock.now(), app.log, { outage });
  const mail = new OutboxWorker({
    db,
    transport: deps.mailTransport === undefined ? defaultTransport(deps.config) : (deps.mailTransport ?? undefined),
    clock,
    logger: app.log,
    serverLog,
    outage,
    ...(deps.mailPollMs === undefined ? {} : { pollMs: deps.mailPollMs }),
  });
  const background = new BackgroundTasks(app.log, outage);
  const dutyReminders = new DutyReminders({
    db,
    clock,
    logger: app.log,
    serverLog,
    publicUrl: deps.config.publicUrl,
    onQueued: () => mail.wake(),
    outage,
  });
  const storage = createStorage({ dir: deps.config.uploadsDir, limits: deps.uploadLimits, imageJobs: deps.imageJobs });
  const newsMails = new NewsMails({
    db,
    clock,
    logger: app.log,
    serverLog,
    context: { publicUrl: deps.config.publicUrl, urlOf: storage.urlOf },
    onQueued: () => mail.wake(),
    outage,
  });
  const services: AppServices = {
    db,
    dialect: deps.dialect,
    config: deps.config,
    passwords: deps.passwords ?? bcryptHasher(),
    clock,
    credentials: new CredentialCache(deps.credentialTtlMs),
    devices: new DeviceCookies(db),
    loginLimits: deps.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    background,
    serverLog,
    logger: app.log,
    publicCache: new PublicCache(clock),
    storage,
    mail,
    dutyReminders,
    newsMails,
    outage,
  };
  // One hook, so the order is certain: Fastify runs a later onClose hook of the same
  // instance first, so a database close hook added by the caller would run before this.
  app.addHook('onClose', async () => {
    // What requests started may still enqueue mails: first it, then the worker.
    await background.idle();
    await dutyReminders.stop();
    await newsMails.stop();
    await mail.stop();
    outage.close();
    if (deps.closeDatabase) await deps.db.destroy();
  });
  if (deps.startMailWorker) {
    app.addHook('onReady', (done) => {
      mail.start();
      dutyReminders.start();
      newsMails.start();
      background.run('gallery phone versions', async () => {
        await addMissingMediumVersions(services);
      });
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
  // Every 503 of every scope (tRPC, REST, pages, files, health) says when to ask again.
  // tRPC hands Fastify a fetch Response, whose status becomes the reply's only after onSend.
  // A callback, not an async hook: it runs for every answer, kept ones included.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const status = payload instanceof Response ? payload.status : reply.statusCode;
    if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    done(null, payload);
  });
  // Set by the data scopes on a shared read (keepSharedReads), and when the memory answered.
  app.decorateRequest('sharedRead', null);
  app.decorateRequest('answeredFromMemory', false);
  await app.register(securityHeaders, security);
  await app.register(trpcScope, { prefix: '/trpc', contextFor, sessionCookie });
  await app.register(restScope, { prefix: '/api', contextFor, sessionCookie });
  await app.register(fileRoutes, { storage: services.storage, catalogue: databaseCatalogue(db), cache: services.publicCache, contextFor });
  await app.register(pages, { clientDir: deps.clientDir, renderer: deps.renderer, securityHeaders: security.page });
  await app.register(attachmentCleanup);
  return app;
}
