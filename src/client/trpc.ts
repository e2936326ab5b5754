import type { TRPCClient, TRPCLink } from '@trpc/client';
import { createTRPCReact, httpBatchLink, TRPCClientError } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../server/router.ts';

/** The typed client of every procedure; the server router is imported for its type only. */
export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type CurrentUser = RouterOutputs['auth']['me'];
export type AppClientError = TRPCClientError<AppRouter>;

export type AppTrpcClient = TRPCClient<AppRouter>;

/** The server's way to the procedures while it renders a page: a call in the same process. */
export type AppTrpcLink = TRPCLink<AppRouter>;

export function createServerTrpcClient(link: AppTrpcLink): AppTrpcClient {
  return trpc.createClient({ links: [link] });
}

export function createTrpcClient(): AppTrpcClient {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server answers at most 10 calls per request (MAX_BATCH_SIZE); long GET
        // addresses are split before proxies would refuse them.
        maxItems: 10,
        maxURLLength: 2000,
        // The server refuses cookie-authenticated changes without it (DESIGN §4).
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        // The session lives in an HttpOnly cookie; the browser keeps no password.
        fetch: (input, init) => fetch(input, { ...init, credentials: 'same-origin' }),
      }),
    ],
  });
}

export function isClientError(error: unknown): error is AppClientError {
  return error instanceof TRPCClientError;
}
