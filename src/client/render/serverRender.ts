import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What a page tells the server while it is rendered there (entry-server.tsx): its head
 * (title, description, image, structured data) and whether it exists at all. In the
 * browser there is none: the page then names only the browser tab.
 */
export interface PageHeadData {
  /** The page's own title; the document title adds the club's name. */
  title: string;
  /** What a search result or a shared link says about the page; taken from its content. */
  description?: string;
  /** A root-relative or absolute address of the page's picture (an album's first photo, a logo). */
  image?: string;
  /** The picture's size, when known (an article's 1200 px cover): shared links show it large. */
  imageSize?: { width: number; height: number };
  /** Open Graph type: 'website' unless the page is an article. */
  type?: 'website' | 'article';
  /** schema.org objects, each written as one JSON-LD script. */
  structuredData?: readonly object[];
  /** Search engines leave it out (the not-found page). */
  noindex?: boolean;
}

export interface ServerRender {
  /** The site's origin (PUBLIC_URL): structured data names absolute addresses. */
  origin: string;
  /** Adds what a part of the page says about the head; later parts win. */
  declareHead: (head: Partial<PageHeadData>) => void;
  /** The page does not exist (unknown address or album): the server answers 404. */
  declareNotFound: () => void;
  /** The page has moved for good (an article's old address): the server answers 301 to `location`. */
  declareRedirect: (location: string) => void;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The server's collector while rendering there, null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

/**
 * The site's origin while the page is rendered on the server, null in the browser: a
 * page's structured data is of use only in the server's document, so it is built only then.
 */
export function useSiteOrigin(): string | null {
  return useServerRender()?.origin ?? null;
}

const unchanging = () => () => undefined;

/**
 * False on the server and while the browser hydrates a page, true afterwards: what only
 * the browser knows (local storage, the device's clock and settings) must not change the
 * first render, which has to match the server's markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
