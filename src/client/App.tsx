import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SnackbarProvider } from './components/Snackbar.tsx';
import { createSnackbarStore } from './components/snackbarStore.ts';
import { createQueryClient } from './queryClient.ts';
import { routes } from './routes.tsx';
import { theme } from './theme.ts';
import { createTrpcClient, trpc } from './trpc.ts';

/** Theme, data (tRPC over react-query), the snackbar and the routes. */
export function App() {
  // Created once per app rather than per module, so nothing leaks between tests or renders.
  const [snackbars] = useState(createSnackbarStore);
  const [queryClient] = useState(() => createQueryClient(snackbars));
  const [trpcClient] = useState(createTrpcClient);
  const [router] = useState(() => createBrowserRouter(routes));

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider store={snackbars}>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </ThemeProvider>
  );
}
