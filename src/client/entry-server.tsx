import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider } from 'react-router';
import { AppProviders } from './AppProviders.tsx';
import { createSnackbarStore } from './components/snackbarStore.ts';
import { createEmotionCache } from './render/emotionCache.ts';
import { FORM_ANSWER } from './render/formAnswer.ts';
import type { ClubPictures } from '../shared/clubPictures.ts';
import { previewPicture } from '../shared/clubPictures.ts';
import { headTags, iconLinks } from './render/head.ts';
import type { PageState } from './render/pageState.ts';
import { RenderedAtProvider } from './render/renderedAt.tsx';
import { ServerRenderContext, type PageHeadData, type ServerRender } from './render/serverRender.ts';
import { createRoutes } from './routes.tsx';
import { createServerTrpcClient, trpc, type AppTrpcLink } from './trpc.ts';

export type { PageState } from './render/pageState.ts';

export interface RenderRequest {
  /**
   * The page's own address, root-relative: its path and the query parameters that change
   * it, as the server's route read them. Also the canonical address.
   */
  url: string;
  /** The site's own origin (PUBLIC_URL): the router sees the address as the browser does. */
  origin: string;
  /** How the page's queries reach the procedures: in the same process, with the server's context. */
  link: AppTrpcLink;
  /** The server's clock: the course's opening hours are rendered for this day. */
  now: Date;
  /**
   * The server's answer to a form posted without JavaScript (render/formAnswer.ts): the page
   * is rendered as the answer to a POST, and its route's action hands this to the page.
   */
  formAnswer?: unknown;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** A query failed (the database is down, say): no page is rendered from half the data. */
  | { kind: 'failed'; error: unknown }
  | {
      kind: 'page';
      status: number;
      /** Title, description, canonical address, Open Graph, JSON-LD: the document head's elements. */
      head: string;
      /** The icon links where the club has uploaded a logo (issue 26.3); undefined: the document's own. */
      icons: string | undefined;
      /** The markup of the app, for inside `#root`. */
      html: string;
      /** The page's styles as `<style>` elements, for the document's head. */
      styles: string;
      /** What the browser hydrates from (a JSON script, never executed). */
      state: PageState;
      /** The ids of the routes that matched, outermost first. */
      routeIds: string[];
    };

/**
 * Rendering stops after this many rounds of "render, fetch what the render asked for": a
 * part that appears only once data of another has arrived asks in the next round.
 */
const MAX_DATA_ROUNDS = 4;

/** Queries a render created but that have neither data nor a fetch under way, and may fetch. */
function waitingQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && (query.options as { enabled?: unknown }).enabled !== false });
}

/** The club's name from the profile the page's layout asked for. */
function clubNameOf(queryClient: QueryClient): string {
  return queryClient.getQueryData<{ name: string }>(getQueryKey(trpc.club.profile, undefined, 'query'))?.name ?? '';
}

/** The club's logo and home picture, which every page's header asks for. */
function clubPicturesOf(queryClient: QueryClient): ClubPictures | undefined {
  return queryClient.getQueryData<ClubPictures>(getQueryKey(trpc.club.pictures, undefined, 'query'));
}

function failedQuery(queryClient: QueryClient): Query | undefined {
  return queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' })[0];
}

/**
 * Renders a public page with the browser's own routes and components (DESIGN §9): the
 * router's static handler matches the address (and loads the page's code), the page is
 * rendered, the queries it asked for are fetched through the server's procedures, and it is
 * rendered again until it asks for nothing more. Its styles are extracted, its head is what
 * its parts declared (PageHead), and the query cache is dehydrated for the browser.
 */
export async function renderPage({ url, origin, link, now, formAnswer }: RenderRequest): Promise<RenderResult> {
  const routes = createRoutes();
  const handler = createStaticHandler(routes);
  const requestContext = new RouterContextProvider();
  if (formAnswer !== undefined) requestContext.set(FORM_ANSWER, formAnswer);
  const context = await handler.query(new Request(new URL(url, origin), formAnswer === undefined ? {} : { method: 'POST' }), { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/home' };
  }
  if (context.errors) return { kind: 'failed', error: Object.values(context.errors)[0] };

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } });
  const trpcClient = createServerTrpcClient(link);
  const router = createStaticRouter(handler.dataRoutes, context);
  const renderedAt = now.toISOString();

  for (let round = 1; ; round += 1) {
    let head: Partial<PageHeadData> = {};
    let status = context.statusCode;
    let movedTo: string | undefined;
    const server: ServerRender = {
      origin,
      declareHead: (declared) => void (head = { ...head, ...declared }),
      declareNotFound: () => void (status = 404),
      declareRedirect: (location) => void (movedTo = location),
    };
    const emotionCache = createEmotionCache();
    const emotion = createEmotionServer(emotionCache);
    const html = renderToString(
      <ServerRenderContext value={server}>
        <AppProviders emotionCache={emotionCache} queryClient={queryClient} trpcClient={trpcClient} snackbars={createSnackbarStore()}>
          <RenderedAtProvider renderedAt={renderedAt}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </RenderedAtProvider>
        </AppProviders>
      </ServerRenderContext>,
    );
    const failed = failedQuery(queryClient);
    if (failed) return { kind: 'failed', error: failed.state.error };
    if (movedTo !== undefined) return { kind: 'redirect', status: 301, location: movedTo };
    const waiting = waitingQueries(queryClient);
    if (waiting.length > 0 && round < MAX_DATA_ROUNDS) {
      // A failure is kept in the query's state and ends the next round.
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      continue;
    }
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    const pictures = clubPicturesOf(queryClient);
    return {
      kind: 'page',
      status,
      head: headTags(head, { clubName: clubNameOf(queryClient), origin, canonicalPath: url, image: previewPicture(pictures) }),
      icons: iconLinks(pictures?.logo),
      html,
      styles,
      state: {
        queries: dehydrate(queryClient),
        router: { loaderData: context.loaderData, actionData: context.actionData },
        renderedAt,
      },
      routeIds: context.matches.map((match) => match.route.id),
    };
  }
}
