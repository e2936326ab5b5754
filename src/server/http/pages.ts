import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { unstable_localLink } from '@trpc/client';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RenderRequest, RenderResult } from '../../client/entry-server.tsx';
import { CLIENT_ONLY_PATHS, PUBLIC_PAGES, readPageQuery, SIGNUP_LINK_PATH, type PublicPage } from '../../client/publicPages.ts';
import { PASSWORD_RESET_PATH } from '../../shared/constants.ts';
import { MANUAL_PATH } from '../../shared/manual.ts';
import { NEWS_UNSUBSCRIBE_PATH, NEWS_UNSUBSCRIBE_ROUTE } from '../../shared/newsUnsubscribe.ts';
import { serializePageState } from '../../client/render/pageState.ts';
import { isDatabaseUnreachable } from '../db/errors.ts';
import { MESSAGES } from '../errors.ts';
import { postSignup, postSignupLink } from '../areas/registrations/forms.ts';
import { postNewsUnsubscribe } from '../areas/news/unsubscribe.ts';
import { appRouter, createCaller } from '../router.ts';
import { createContextInner } from '../trpc/context.ts';
import { compressedCopies } from './encoding.ts';
import { etagOf, keepSharedReads, prepareAnswer, writeAnswer, type AnswerKey, type PreparedAnswer } from './public-cache.ts';
import { siteFiles } from './site-files.ts';
import { courseBookPages } from '../areas/coursebook/pages.ts';
import { ticketPath } from '../../shared/courseBook.ts';

/** Renders a public page with the client's own components (src/client/entry-server.tsx). */
export type PageRenderer = (request: RenderRequest) => Promise<RenderResult>;

export interface PagesOptions {
  /** The built client (vite build); without it no assets are served, as in the api tests. */
  clientDir: string | undefined;
  /**
   * The server render of the public pages; without it (no server build) every page is the
   * app's empty document and the browser renders it, as the back office always is.
   */
  renderer: PageRenderer | undefined;
  /** The page's security headers (security.ts), sent with every answer. */
  securityHeaders: Readonly<Record<string, string>>;
}

/** Where the rendered parts go in the built index.html (see its comments). */
const MARKERS = { head: '<!--head-->', app: '<!--app-->', state: '<!--state-->' } as const;

/** The document when there is no client build (api tests): the same markers, no scripts. */
const BARE_TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--icons--><!--/icons-->
    ${MARKERS.head}
  </head>
  <body>
    <div id="root">${MARKERS.app}</div>
    ${MARKERS.state}
  </body>
</html>
`;

/** The cookie notice in index.html: public pages show it, the back office's document has none (SPEC §2). */
const COOKIE_NOTICE = /<!--notice-->[\s\S]*?<!--\/notice-->\s*/;

/** The site's own icon links in index.html, replaced on rendered pages by the uploaded logo's (issue 26.3). */
const ICON_LINKS = /<!--icons-->[\s\S]*?<!--\/icons-->/;

/** The document with the page's icon links in place of the site's drawings; a function as replacement, like `fill`. */
function withIcons(document: string, icons: string | undefined): string {
  return icons === undefined ? document : document.replace(ICON_LINKS, () => icons);
}

/** Fills the markers; a function as replacement, so that `$&` in a page's text stays text. */
function fill(template: string, parts: Record<keyof typeof MARKERS, string>): string {
  let document = template;
  for (const [name, marker] of Object.entries(MARKERS) as [keyof typeof MARKERS, string][]) {
    document = document.replace(marker, () => parts[name]);
  }
  return document;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The files of the app and of the page's own module beyond what the document loads anyway,
 * as a JSON list the first script (boot.ts) turns into `<link rel="prefetch">` once the
 * page has loaded: the app starts only when the visitor first shows an intent, and by then
 * the browser has fetched its code in idle time instead of competing with the page's own
 * text and pictures on a slow connection.
 */
function appChunks(clientDir: string | undefined, template: string | undefined): (page: PublicPage | undefined) => string {
  const path = clientDir ? join(clientDir, '.vite', 'manifest.json') : undefined;
  if (!path || !existsSync(path) || !template) return () => '';
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const inDocument = new Set([...template.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
  const collect = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, into);
  };
  // The app: what the first script imports when it starts it.
  const app = new Set<string>();
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) for (const key of chunk.dynamicImports ?? []) collect(key, app);
  // File names are Vite's hashes (no `<` or `&`), so the list is safe inside a script element.
  const list = (keys: Iterable<string>) =>
    `<script type="application/json" id="app-chunks">${JSON.stringify(
      [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) => !inDocument.has(file)).map((file) => `/${file}`),
    )}</script>`;
  const lists = new Map<string, string>();
  for (const page of PUBLIC_PAGES as readonly PublicPage[]) {
    const needed = new Set(app);
    if (page.module) collect(page.module, needed);
    lists.set(page.id, list(needed));
  }
  const appOnly = list(app);
  return (page) => (page ? (lists.get(page.id) ?? appOnly) : appOnly);
}

/**
 * Where a request for a page belongs: `canonical`, the page's one address for what it
 * shows (rendered and kept under it); `moved`, another spelling of that address (an
 * unknown parameter, `?album=01`), sent there for good; `unknown`, a query naming nothing
 * (a parameter given twice, `?album=abc`), rendered as asked so the page says 404.
 */
interface PageAddress {
  kind: 'canonical' | 'moved' | 'unknown';
  url: string;
}

function pageAddress(page: PublicPage, request: FastifyRequest): PageAddress {
  const params = request.params as Record<string, string | undefined>;
  // The path as the route spells it, whatever spelling Fastify matched (case, doubled slashes).
  const path = page.path.includes(':')
    ? page.path.replace(/\/:(\w+)\??/g, (_match, name: string) => (params[name] ? `/${encodeURIComponent(params[name])}` : ''))
    : page.path;
  const at = request.url.indexOf('?');
  // Most requests: no query at all.
  if (at === -1) return { kind: 'canonical', url: path };
  const search = request.url.slice(at);
  const query = readPageQuery(page.query, new URLSearchParams(search));
  if (query === null) return { kind: 'unknown', url: routerPath(request.url) };
  const canonical = new URLSearchParams(query).toString();
  const canonicalSearch = canonical === '' ? '' : `?${canonical}`;
  return { kind: canonicalSearch === search ? 'canonical' : 'moved', url: `${path}${canonicalSearch}` };
}

/** A page is kept under its canonical address; no other spelling is kept (it is moved or not found). */
function pageAnswerKey(page: PublicPage): AnswerKey {
  return (request) => {
    const address = pageAddress(page, request);
    return address.kind === 'canonical' ? address.url : undefined;
  };
}

/** A path as the browser's router will see it, spelled once (doubled slashes would read as a host). */
function routerPath(url: string): string {
  const [path = '/', query] = url.split('?', 2);
  const single = path.replace(/\/{2,}/g, '/');
  return query === undefined ? single : `${single}?${query}`;
}

/**
 * A Location on this site, whatever the request spelled: one `/`, then neither another `/`
 * nor a `\` (browsers read `//host` and `/\host` as another host: an open redirect), nor
 * white space (browsers drop tabs and line breaks before reading an address, so `/<tab>/host`
 * is `//host` to them).
 */
export function sameSiteLocation(location: string): string {
  return `/${location.replace(/^[/\\\s]+/, '')}`;
}

const HTML = 'text/html; charset=utf-8';

/** `extra` over `headers`, replacing a header of any spelling (helmet writes `Referrer-Policy`), so none is sent twice. */
function withHeaders(headers: Record<string, string>, extra: Record<string, string>): Record<string, string> {
  const replaced = new Set(Object.keys(extra).map((name) => name.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(headers).filter(([name]) => !replaced.has(name.toLowerCase()))), ...extra };
}

/**
 * The site's pages (DESIGN §9): public pages rendered on the server with the client's own
 * components, kept in the one memory of answers like every shared read (keyed by the page's
 * canonical address, other spellings moved there, dropped by any write, expiring with the
 * values it was built from and at the club's midnight, ETag, compressed forms made once);
 * the back office and the login as the app's document for the browser to render, marked
 * noindex; every other address a German not-found page with 404. Hashed assets come from
 * the build's folder.
 */
export const pages: FastifyPluginAsync<PagesOptions> = async (app, { clientDir, renderer, securityHeaders }) => {
  const { services } = app;
  const { publicCache: cache, config } = services;
  const indexPath = clientDir ? join(clientDir, 'index.html') : undefined;
  const template = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const chunksOf = appChunks(clientDir, template);

  if (clientDir && template) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // scripts/compress.ts writes .br/.gz at build time; phones get a third of the bytes.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Vite puts a content hash in every asset name, so they never change.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The manual (issue 28.7) is for the club's volunteers, not for search results.
        if (path.includes(`${MANUAL_PATH}/`)) res.header('X-Robots-Tag', 'noindex');
      },
    });
    // The manual's overview: scripts/build-manual.ts renders it into the client build.
    if (existsSync(join(clientDir, MANUAL_PATH, 'index.html'))) {
      app.get(MANUAL_PATH, (_request, reply) => reply.redirect(`${MANUAL_PATH}/index.html`, 302));
    }
  }
  await app.register(siteFiles, { withPages: renderer !== undefined });

  /** The app's document as a prepared answer with its compressed forms, made once. */
  async function preparedDocument(html: string, extra: Record<string, string>): Promise<PreparedAnswer> {
    const body = Buffer.from(html, 'utf8');
    const etag = etagOf(body);
    return prepareAnswer({
      body,
      etag,
      headers: withHeaders({ ...securityHeaders, 'cache-control': 'no-cache', 'content-type': HTML, etag }, extra),
      encoded: await compressedCopies(body, HTML),
    });
  }

  /**
   * The app's document without content, for the browser to render: the back office and
   * the login (DESIGN §9). Made once; search engines are told to leave it out.
   */
  const shellDocument = fill((template ?? BARE_TEMPLATE).replace(COOKIE_NOTICE, ''), {
    head: '<title>Verwaltung</title>\n    <meta name="robots" content="noindex" />',
    app: '<noscript>Für die Anmeldung und die Verwaltung muss JavaScript aktiviert sein.</noscript>',
    state: '',
  });
  const shell = await preparedDocument(shellDocument, { 'x-robots-tag': 'noindex' });
  /**
   * The page of a password reset link: the same document, kept by no cache and sending no
   * Referer anywhere (the token is in the fragment, which neither reaches the server nor a
   * Referer; this is the second lock on that door).
   */
  const resetShell = await preparedDocument(shellDocument, { 'x-robots-tag': 'noindex', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });

  if (!renderer && !template) {
    // Neither a client nor a server build (the api tests): no pages, every address the API's 404.
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: MESSAGES.pathNotFound }));
    return;
  }
  for (const path of CLIENT_ONLY_PATHS) {
    const document = path === PASSWORD_RESET_PATH ? resetShell : shell;
    app.get(path, (request, reply) => writeAnswer(request, reply, document));
  }

  if (!renderer) {
    // Without the server build, every public page is the same document the browser fills.
    for (const page of PUBLIC_PAGES) app.get(page.path, (request, reply) => writeAnswer(request, reply, shell));
    app.get('/', (request, reply) => writeAnswer(request, reply, shell));
    app.setNotFoundHandler((request, reply) => {
      if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/assets/')) {
        return reply.code(404).send({ message: MESSAGES.pathNotFound });
      }
      writeAnswer(request, reply, shell);
    });
    return;
  }

  /** The context of a page's queries: nobody in particular, and the page's expiry follows its values. */
  const linkFor = (request: FastifyRequest) =>
    unstable_localLink({
      router: appRouter,
      createContext: async () =>
        createContextInner({
          services,
          request: { address: request.ip, userAgent: request.headers['user-agent'] ?? '' },
          sharedRead: request.sharedRead,
        }),
    });

  /** What one render made: the page (or a redirect, a failure) and when its data expires. */
  interface Rendering {
    result: RenderResult;
    document: string | undefined;
    notAfter: number;
  }

  async function render(request: FastifyRequest, url: string, page: PublicPage | undefined, formAnswer?: unknown): Promise<Rendering> {
    const result = await renderer!({ url, origin: config.publicUrl, link: linkFor(request), now: services.clock.now(), ...(formAnswer === undefined ? {} : { formAnswer }) });
    const document =
      result.kind === 'page'
        ? fill(withIcons(template ?? BARE_TEMPLATE, result.icons), {
            head: [result.head, result.styles].filter(Boolean).join('\n    '),
            app: result.html,
            state: [`<script type="application/json" id="page-state">${serializePageState(result.state)}</script>`, chunksOf(page)]
              .filter(Boolean)
              .join('\n    '),
          })
        : undefined;
    return { result, document, notAfter: request.sharedRead?.notAfter ?? Number.POSITIVE_INFINITY };
  }

  /**
   * Renders in flight, by the data's generation and the page's address: visitors who ask
   * for a page while it is being rendered (after a write, at its expiry) wait for that one
   * render instead of each starting their own, which would keep a small server's CPU busy
   * for all of them at once. A write in between starts a new generation and a new render.
   */
  const inFlight = new Map<string, Promise<Rendering>>();

  function renderOnce(request: FastifyRequest, url: string, page: PublicPage | undefined): Promise<Rendering> {
    const read = request.sharedRead;
    if (!read) return render(request, url, page);
    const key = `${read.generation} ${url}`;
    const running = inFlight.get(key);
    if (running) {
      // The answer is built from the same values as the first one: it expires with them.
      return running.then((rendering) => {
        read.expiresNoLaterThan(rendering.notAfter);
        return rendering;
      });
    }
    const rendering = render(request, url, page);
    inFlight.set(key, rendering);
    const settled = () => inFlight.delete(key);
    rendering.then(settled, settled);
    return rendering;
  }

  /**
   * Renders `url` and answers with the document (200, or 404 for an unknown page). A page
   * whose data do not exist (a procedure answered 404: a sign-up that is gone, a wrong
   * personal link) is the German not-found page.
   */
  async function renderAndAnswer(request: FastifyRequest, reply: FastifyReply, url: string, page: PublicPage | undefined, rendered?: Rendering): Promise<FastifyReply> {
    const { result, document } = rendered ?? (await renderOnce(request, url, page));
    // The app's own paths ('/' to '/home'); kept to this site all the same.
    if (result.kind === 'redirect') return reply.redirect(sameSiteLocation(result.location), result.status);
    if (result.kind === 'failed' && httpStatusOf(result.error) === 404) {
      const notFound = await renderOnce(request, NOT_FOUND_URL, undefined);
      // Without the page's state: the browser renders its address afresh (and finds it gone
      // too) instead of hydrating another page's markup.
      return renderAndAnswer(request, reply, NOT_FOUND_URL, undefined, { ...notFound, document: notFound.document?.replace(PAGE_STATE_SCRIPT, '') });
    }
    if (result.kind === 'failed') {
      const unavailable = isDatabaseUnreachable(result.error) || httpStatusOf(result.error) === 503;
      // An outage is counted and logged once by the outage and the request's own line.
      if (unavailable) services.outage.refuse(request, result.error);
      else request.log.error({ err: result.error, url }, 'page render failed');
      return reply
        .code(unavailable ? 503 : 500)
        .headers({ ...securityHeaders, 'cache-control': 'no-store' })
        .type(HTML)
        .send(errorDocument(unavailable ? MESSAGES.databaseUnavailable : 'Die Seite konnte gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.'));
    }
    // A found page is kept by the scope's hook like any shared read; a 404 is not.
    return reply.code(result.status).type(HTML).send(document);
  }

  await app.register(async (scope) => {
    // A page is the same for every visitor: a shared read of the one memory of answers,
    // keyed by its canonical address (DESIGN §8, §9): a page without parameters by its
    // route alone, which no number of other addresses can push out.
    const answers = keepSharedReads(cache, (request) => request.routeOptions.config.answerKey !== undefined);
    scope.addHook('onRequest', answers.started);
    scope.addHook('onSend', answers.keep);
    for (const page of PUBLIC_PAGES) {
      scope.get(page.path, { config: { answerKey: pageAnswerKey(page) } }, (request, reply) => {
        const address = pageAddress(page, request);
        if (address.kind === 'moved') return reply.redirect(sameSiteLocation(address.url), 301);
        return renderAndAnswer(request, reply, address.url, page);
      });
    }
    scope.get('/', (_request, reply) => reply.redirect('/home', 302));
  });

  await app.register(courseBookPages, {
    renderTicket: async (request, reply, token) => {
      const { result, document } = await render(request, ticketPath(token), undefined);
      if (result.kind !== 'page') return renderAndAnswer(request, reply, ticketPath(token), undefined);
      // Each group's own page: kept by no cache, found by no search engine, its address sent nowhere as a Referer.
      return reply
        .code(result.status)
        .headers({ ...securityHeaders, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' })
        .type(HTML)
        .send(document);
    },
    renderNotFound: (request, reply) => renderAndAnswer(request, reply, `${ticketPath('unbekannt')}/-`, undefined),
  });

  /** The page's answer for one reader: kept by nobody, indexed by nobody, its address sent nowhere as a Referer. */
  const forOneReader = (reply: FastifyReply) =>
    reply.headers({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex', 'referrer-policy': 'no-referrer' });

  /** A sign-up's personal link (issue 29.2): rendered for its one reader and kept by no cache. */
  app.get<{ Params: { appointmentId: string; token: string } }>(SIGNUP_LINK_PATH, (request, reply) =>
    renderAndAnswer(request, forOneReader(reply), `/anmeldung/${encodeURIComponent(request.params.appointmentId)}/${encodeURIComponent(request.params.token)}`, undefined),
  );

  /** The article mail's unsubscribe link (issue 27.4): rendered for its one reader; asking only, never unsubscribing. */
  const unsubscribeUrl = (token: string) => `${NEWS_UNSUBSCRIBE_PATH}/${encodeURIComponent(token)}`;
  app.get<{ Params: { token: string } }>(NEWS_UNSUBSCRIBE_ROUTE, (request, reply) =>
    renderAndAnswer(request, forOneReader(reply), unsubscribeUrl(request.params.token), undefined),
  );

  /** The page of a form posted without JavaScript, rendered again with the procedure's answer; never kept. */
  async function answerForm(request: FastifyRequest, reply: FastifyReply, url: string, outcome: { status: number; answer: unknown }) {
    const rendering = await render(request, url, undefined, outcome.answer);
    if (rendering.result.kind === 'page') rendering.result.status = outcome.status;
    return renderAndAnswer(request, forOneReader(reply), url, undefined, rendering);
  }
  /** The procedures of a form posted without JavaScript run for nobody in particular. */
  const callerOf = (request: FastifyRequest) =>
    createCaller(createContextInner({ services, request: { address: request.ip, userAgent: request.headers['user-agent'] ?? '' } }));

  /**
   * The sign-up's forms posted without JavaScript (issue 29.2): the procedure runs for
   * nobody in particular (members sign up with JavaScript, as they log in with it), and the
   * page is rendered again with its answer: the outcome, or the form with the values and
   * the German message under each field. Such an answer is never kept.
   */
  await app.register(async (forms) => {
    forms.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const formOf = (request: FastifyRequest): Record<string, string> =>
      typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : {};
    forms.post<{ Params: { appointmentId: string } }>('/anmeldung/:appointmentId', async (request, reply) => {
      const { appointmentId } = request.params;
      return answerForm(request, reply, `/anmeldung/${encodeURIComponent(appointmentId)}`, await postSignup(callerOf(request), appointmentId, formOf(request)));
    });
    forms.post<{ Params: { appointmentId: string; token: string } }>(SIGNUP_LINK_PATH, async (request, reply) => {
      const { appointmentId, token } = request.params;
      const url = `/anmeldung/${encodeURIComponent(appointmentId)}/${encodeURIComponent(token)}`;
      return answerForm(request, reply, url, await postSignupLink(callerOf(request), token, formOf(request)));
    });
  });

  /**
   * The unsubscribe link's button without JavaScript, and a mail program's one click (RFC
   * 8058: `List-Unsubscribe=One-Click` as a urlencoded or multipart form, without cookie or
   * CSRF header): both unsubscribe through the page's procedure and get the page with its
   * answer (2xx; a link naming nobody, the page's German 404).
   */
  await app.register(async (unsubscribe) => {
    // The body says nothing the address does not: it is read under a small limit and dropped.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      unsubscribe.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));
    }
    unsubscribe.post<{ Params: { token: string } }>(NEWS_UNSUBSCRIBE_ROUTE, async (request, reply) => {
      const { token } = request.params;
      return answerForm(request, reply, unsubscribeUrl(token), await postNewsUnsubscribe(callerOf(request), token));
    });
  });

  app.setNotFoundHandler(async (request, reply) => {
    // A missing asset (an old build's chunk, say) or any other method: the API's answer.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/assets/')) {
      return reply.code(404).send({ message: MESSAGES.pathNotFound });
    }
    const url = routerPath(request.url);
    // A page's address with a trailing slash: one address per page (canonical, kept answer),
    // so the browser is sent to it instead of the router rendering the page afresh.
    const [path = '/', query] = url.split('?', 2);
    if (path.length > 1 && path.endsWith('/')) {
      return reply.redirect(`${sameSiteLocation(path.replace(/\/+$/, ''))}${query === undefined ? '' : `?${query}`}`, 301);
    }
    // Every other address: the not-found page, rendered for it (the router shows it for any path).
    await renderAndAnswer(request, reply, url, undefined);
  });
};

/** The page's state in a rendered document (the app's hydration data). */
const PAGE_STATE_SCRIPT = /<script type="application\/json" id="page-state">[\s\S]*?<\/script>/;

/** Any address no page has: the router renders the not-found page for it. */
const NOT_FOUND_URL = '/seite-nicht-gefunden';

/** The HTTP status a procedure's failure carries (tRPC's client error), if any. */
function httpStatusOf(error: unknown): number | undefined {
  return (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
}

/** A page for when rendering failed; plain HTML without the app, so it cannot fail itself. */
function errorDocument(message: string): string {
  const text = message.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="de">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Vorübergehend nicht erreichbar</title></head>
  <body style="font-family: sans-serif; margin: 2rem"><h1>Vorübergehend nicht erreichbar</h1><p>${text}</p><p><a href="/home">Zur Startseite</a></p></body>
</html>
`;
}
