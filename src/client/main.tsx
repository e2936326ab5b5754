import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadFirstPage } from './App.tsx';
import { readPageState } from './render/pageState.ts';
import { createRoutes } from './routes.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html fehlt das Element #root');

const routes = createRoutes();
const pageState = readPageState(document);
const app = (
  <StrictMode>
    <App routes={routes} pageState={pageState} />
  </StrictMode>
);

if (pageState) {
  // A public page the server rendered: its code first, then React takes over the markup.
  void loadFirstPage(routes, window.location).then(() => {
    // As a transition, React hydrates in slices and lets the browser answer in between: the
    // page is already readable, and a phone stays responsive while React takes it over.
    startTransition(() => {
      // A difference between the server's markup and the first render here is a bug worth seeing.
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Hydration:', error) });
    });
  });
} else {
  createRoot(container).render(app);
}
