import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SnackbarProvider } from './components/Snackbar.tsx';
import type { SnackbarStore } from './components/snackbarStore.ts';
import { theme } from './theme.ts';
import { trpc, type AppTrpcClient } from './trpc.ts';

export interface AppProvidersProps {
  emotionCache: EmotionCache;
  queryClient: QueryClient;
  trpcClient: AppTrpcClient;
  snackbars: SnackbarStore;
  /** The router: the browser's, or the server's static one for a public page. */
  children: ReactNode;
}

/**
 * Theme, styles, data (tRPC over react-query) and the snackbar around the router: the same
 * tree in the browser (main.tsx) and on the server (entry-server.tsx), so that a page
 * rendered there is hydrated here without a difference.
 */
export function AppProviders({ emotionCache, queryClient, trpcClient, snackbars, children }: AppProvidersProps) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <SnackbarProvider store={snackbars}>{children}</SnackbarProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </ThemeProvider>
    </CacheProvider>
  );
}
