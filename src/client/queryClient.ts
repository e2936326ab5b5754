import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { SnackbarStore } from './components/snackbarStore.ts';
import { errorText, httpStatusOf, isUnauthorized, responseMessage } from './errors.ts';
import { trpc } from './trpc.ts';

/**
 * What a query or mutation tells the central snackbar (SPEC §8), e.g.
 * `meta: { errorPrefix: 'Fehler beim Abrufen der Benutzer' }`.
 */
export type RequestMeta = {
  /** Put before the server's message on failure: '<errorPrefix>: <message>'. */
  errorPrefix?: string;
  /** Mutations: shown on success instead of the response's `message`; false shows nothing. */
  successMessage?: string | false;
  /**
   * Queries: the page shows a 404 as its own not-found page (a sign-up that is gone, a wrong
   * personal link), which says all there is to say; a snackbar on top would say it twice.
   */
  notFoundIsPage?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

const FALLBACK_ERROR_PREFIX = 'Fehler';
const MAX_RETRIES = 2;

/** Only answers that may change on their own are worth asking again: none at all, or a server fault. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  return failureCount < MAX_RETRIES && (status === undefined || status >= 500);
}

/** The query client with the snackbar of SPEC §8 wired in once for every request. */
export function createQueryClient(snackbar: SnackbarStore): QueryClient {
  const currentUserKey = getQueryKey(trpc.auth.session, undefined, 'query');

  // A member whose session ended is sent to the login by the back office's guard once it
  // asks again who is logged in; a snackbar on top of that would only be noise.
  const recheckLogin = () => void queryClient.invalidateQueries({ queryKey: currentUserKey });

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (isUnauthorized(error)) return recheckLogin();
        if (query.meta?.notFoundIsPage && httpStatusOf(error) === 404) return;
        snackbar.show('error', errorText(query.meta?.errorPrefix ?? FALLBACK_ERROR_PREFIX, error));
      },
    }),
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (isUnauthorized(error)) recheckLogin();
        snackbar.show('error', errorText(mutation.meta?.errorPrefix ?? FALLBACK_ERROR_PREFIX, error));
      },
      onSuccess(data, _variables, _context, mutation) {
        const message = mutation.meta?.successMessage ?? responseMessage(data);
        if (message) snackbar.show('success', message);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
