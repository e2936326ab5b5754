import { hydrate, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders.tsx';
import { createSnackbarStore } from './components/snackbarStore.ts';
import { createQueryClient } from './queryClient.ts';
import { createEmotionCache } from './render/emotionCache.ts';
import type { PageState } from './render/pageState.ts';
import { RenderedAtProvider } from './render/renderedAt.tsx';
import { createTrpcClient } from './trpc.ts';

/**
 * The first page's lazy routes, loaded in place before hydrating: the server rendered the
 * page's component, so the browser must have it for its first render too.
 */
export async function loadFirstPage(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const { lazy } = route;
      if (!lazy || typeof lazy === 'function') return;
      const loaded = await Promise.all(Object.entries(lazy).map(async ([name, load]) => [name, await (load as () => Promise<unknown>)()] as const));
      Object.assign(route, Object.fromEntries(loaded));
      delete route.lazy;
    }),
  );
}

/**
 * The data the server's render used, as fresh as the page: the browser's clock decides
 * staleness, and the page must not ask again at once for what it came with.
 */
function hydrateQueries(queryClient: QueryClient, state: PageState): void {
  const received = Date.now();
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: received } })),
  });
}

export interface AppProps {
  routes: RouteObject[];
  /** The state of a page the server rendered; absent for the back office, rendered here alone. */
  pageState: PageState | null;
  /** Called once React has committed the first render (hydrated or rendered). */
  onCommitted?: () => void;
}

/** The app in the browser: theme, data, snackbar and the router, hydrating a page the server rendered. */
export function App({ routes, pageState, onCommitted }: AppProps) {
  // Created once per app rather than per module, so nothing leaks between tests or renders.
  const [snackbars] = useState(createSnackbarStore);
  const [queryClient] = useState(() => {
    const client = createQueryClient(snackbars);
    if (pageState) hydrateQueries(client, pageState);
    return client;
  });
  const [trpcClient] = useState(createTrpcClient);
  const [emotionCache] = useState(createEmotionCache);
  const [router] = useState(() => createBrowserRouter(routes, pageState ? { hydrationData: pageState.router } : {}));
  // After the first commit: the page is React's now (hydrated, or rendered here). Tools and
  // tests that drive the page wait for the mark; nothing in the app reads it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    onCommitted?.();
  }, [onCommitted]);

  return (
    <AppProviders emotionCache={emotionCache} queryClient={queryClient} trpcClient={trpcClient} snackbars={snackbars}>
      <RenderedAtProvider renderedAt={pageState?.renderedAt ?? null}>
        <RouterProvider router={router} />
      </RenderedAtProvider>
    </AppProviders>
  );
}

