import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a page rendered on the server hands to the browser (DESIGN §9): the data its render
 * used, the router's state and the moment it was rendered. It travels as
 * `<script type="application/json" id="page-state">`, which no browser executes, so the
 * strict policy without inline scripts holds.
 */
export interface PageState {
  queries: DehydratedState;
  router: Pick<HydrationState, 'loaderData' | 'actionData'>;
  /** ISO time of the render: the first render in the browser shows what the server showed. */
  renderedAt: string;
}

export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** The state of a page the server rendered, or null for a page the browser renders alone (the back office). */
export function readPageState(document: Document): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageState;
}

/**
 * The state as the text of its script element: `<` is written as `\u003c`, so that no
 * text in the data (an appointment's description, say) can end the element.
 */
export function serializePageState(state: PageState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
