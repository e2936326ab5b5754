/**
 * The cookie notice of SPEC §2, outside React: every public page carries it (index.html),
 * so it is painted with the page itself instead of popping up later as the largest thing
 * on a phone's screen, and moves nothing (it is fixed at the bottom). The first script
 * hides it for visitors who confirmed it, before the browser's first paint when the script
 * is cached, and for good on OK. Only a notice: the site sets no tracking cookies.
 */

export const COOKIE_NOTICE_STORAGE_KEY = 'cookie-notice-accepted';

/** Storage may be switched off or full; the notice then simply shows again next time. */
function readAccepted(window: Window): boolean {
  try {
    return window.localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberAccepted(window: Window): void {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, 'true');
  } catch {
    // Nothing to do: see readAccepted.
  }
}

/** Hides the notice if it was confirmed, and on OK. (The back office's document has none.) */
export function setUpCookieNotice(window: Window): void {
  const notice = window.document.getElementById('cookie-notice');
  if (!notice) return;
  if (readAccepted(window)) {
    notice.hidden = true;
    return;
  }
  notice.querySelector('button')?.addEventListener('click', () => {
    rememberAccepted(window);
    notice.hidden = true;
  });
}
