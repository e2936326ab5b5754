import { setUpCookieNotice } from './cookieNotice.ts';
import { pageAwaitsStoredChoice } from './storedChoice.ts';

/**
 * The one script every page loads first, a few hundred bytes. A public page comes rendered
 * from the server and is complete without JavaScript (links, texts, pictures); the app that
 * makes its buttons, menus and dialogs work (React, MUI, the router) starts when the
 * visitor first shows an intent (moves the pointer, touches, scrolls, presses a key,
 * moves the focus). Until then a phone spends nothing on it, and a page opens as fast as a
 * static one. A click that arrives while the app is still starting is held and given to the
 * page once the app has taken it over (links and disclosures simply work). The back office and the login, which the
 * browser renders alone, start the app at once, and so does a page that shows something else
 * for a choice this browser has stored (the maps after consent, storedChoice.ts): what the
 * visitor chose holds on arrival, while a first visit still costs nothing until an intent.
 */

const INTENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll', 'wheel'] as const;

/**
 * Links and disclosures (<summary>: an appointment's details and dates) work without the app;
 * a click anywhere else (a button, an appointment's entry) waits for it.
 */
const WORKS_WITHOUT_APP = 'a[href], summary';

async function startApp(): Promise<void> {
  const { startApp: start } = await import('./main.tsx');
  await start();
}

/**
 * Fetches the app's code (the list the server put in the page) in the browser's idle time
 * after the page has loaded, so that it is there when the visitor first acts, without
 * taking bandwidth from the page's own text and pictures on a slow connection.
 */
function prefetchAppWhenIdle(): void {
  const prefetch = () => {
    let files: unknown;
    try {
      files = JSON.parse(document.getElementById('app-chunks')?.textContent ?? '[]');
    } catch {
      return;
    }
    if (!Array.isArray(files)) return;
    for (const file of files) {
      if (typeof file !== 'string' || !file.startsWith('/assets/')) continue;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(prefetch, { timeout: 3000 }) : setTimeout(prefetch, 500));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Starts the app now (`atOnce`) or on the first intent, holding a click made while it starts. */
function startAppFor(root: HTMLElement, atOnce: boolean): void {
  let held: HTMLElement | null = null;
  const holdClick = (event: MouseEvent) => {
    // The element a person meant: an icon's drawing (SVG) belongs to its button.
    let target = event.target instanceof Element ? event.target : null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    if (!(target instanceof HTMLElement) || !root.contains(target) || target.closest(WORKS_WITHOUT_APP)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
  };
  const start = () => {
    for (const type of INTENTS) window.removeEventListener(type, start, true);
    document.addEventListener('click', holdClick, true);
    void startApp().finally(() => {
      document.removeEventListener('click', holdClick, true);
      const control = held;
      held = null;
      control?.click();
    });
  };
  if (atOnce) start();
  else for (const type of INTENTS) window.addEventListener(type, start, { capture: true, passive: true });
}

setUpCookieNotice();
const root = document.getElementById('root');
if (root && document.getElementById('page-state')) {
  const atOnce = pageAwaitsStoredChoice(root);
  startAppFor(root, atOnce);
  if (!atOnce) prefetchAppWhenIdle();
} else void startApp();
