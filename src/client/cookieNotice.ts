import { COOKIE_NOTICE_STORAGE_KEY } from '../shared/browserData.ts';
import { readStored, writeStored } from './browserStorage.ts';

/**
 * The cookie notice of SPEC §2, outside React: every public page carries it (index.html),
 * so it is painted with the page itself instead of popping up later as the largest thing
 * on a phone's screen, and moves nothing (it is fixed at the bottom). The first script
 * hides it for visitors who confirmed it, before the browser's first paint when the script
 * is cached, and for good on OK. Only a notice: the site sets no tracking cookies.
 */

/** Hides the notice if it was confirmed, and on OK. (The back office's document has none.) */
export function setUpCookieNotice(): void {
  const notice = document.getElementById('cookie-notice');
  if (!notice) return;
  if (readStored(COOKIE_NOTICE_STORAGE_KEY) === 'true') {
    notice.hidden = true;
    return;
  }
  notice.querySelector('button')?.addEventListener('click', () => {
    // Without storage the notice simply shows again on the next page.
    writeStored(COOKIE_NOTICE_STORAGE_KEY, 'true');
    notice.hidden = true;
  });
}
