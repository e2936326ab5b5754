import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadFirstPage } from './App.tsx';
import { readPageState } from './render/pageState.ts';
import { createRoutes } from './routes.tsx';

/**
 * Starts the app (boot.ts imports this module when it is needed): a page the server rendered
 * is hydrated, any other (the back office, the login) rendered here. Resolves once React
 * has committed the page, so that a click held until then can be given to it.
 */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html fehlt das Element #root');
  const routes = createRoutes();
  const pageState = readPageState(document);
  let committed!: () => void;
  const ready = new Promise<void>((resolve) => (committed = resolve));
  const app = (
    <StrictMode>
      <App routes={routes} pageState={pageState} onCommitted={committed} />
    </StrictMode>
  );
  if (!pageState) {
    createRoot(container).render(app);
    return ready;
  }
  // A public page the server rendered: its code first, then React takes over the markup.
  await loadFirstPage(routes, window.location);
  // As a transition, React hydrates in slices and lets the browser answer in between.
  startTransition(() => {
    // A difference between the server's markup and the first render here is a bug worth seeing.
    hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Hydration:', error) });
  });
  return ready;
}
