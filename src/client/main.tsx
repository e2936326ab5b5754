import { StrictMode } from 'react';
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
  await loadFirstPage(routes, window.location);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
