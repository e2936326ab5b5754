import { lazy, type ComponentType } from 'react';

export interface OnDemand<Props> {
  /** Render it below a Suspense boundary, and only once it is wanted (opened). */
  Component: ComponentType<Props>;
  /** Starts the download early, e.g. when the pointer reaches or focus lands on what opens it. */
  preload: () => void;
}

/**
 * A part of a page (dialog, menu, drawer) whose code loads when it is first wanted, so it is
 * not part of the page's first load. The browser fetches each module once, however often
 * `load` runs.
 */
export function onDemand<Props extends object>(load: () => Promise<ComponentType<Props>>): OnDemand<Props> {
  return {
    Component: lazy(async () => ({ default: await load() })),
    preload: () => {
      // A failed download shows when the part is rendered: the lazy component loads again.
      load().catch(() => undefined);
    },
  };
}
