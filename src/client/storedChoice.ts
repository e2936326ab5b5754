import { readStored } from './browserStorage.ts';

/**
 * Parts of a page that show something else once the visitor has made a choice this browser
 * keeps (the maps after their consent, MAP_CONSENT_KEY) carry the key they read in this
 * attribute, e.g. `<div data-stored-choice="sv-map-consent">`. The server renders every page
 * as for a first visit, since the choice lives in the browser and the page is shared by all
 * visitors; the first script (boot.ts) finds the mark and, when this browser has stored that
 * key, starts the app at once instead of on the first intent, so the choice holds on arrival.
 * The cookie notice needs no app: the first script hides it itself (cookieNotice.ts).
 */
export const STORED_CHOICE_ATTRIBUTE = 'data-stored-choice' as const;

/** The mark of a part that reads `key` from the browser's storage, to spread onto its outermost element. */
export function storedChoiceMark(key: string): Record<typeof STORED_CHOICE_ATTRIBUTE, string> {
  return { [STORED_CHOICE_ATTRIBUTE]: key };
}

/** Whether the page shows a part that a choice stored in this browser changes. */
export function pageAwaitsStoredChoice(root: ParentNode): boolean {
  for (const element of root.querySelectorAll(`[${STORED_CHOICE_ATTRIBUTE}]`)) {
    const key = element.getAttribute(STORED_CHOICE_ATTRIBUTE);
    if (key && readStored(key) !== null) return true;
  }
  return false;
}
