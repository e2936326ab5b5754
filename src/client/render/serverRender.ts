import { createContext, useContext } from 'react';

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
  /** Open Graph type: 'website' unless the page is an article or an event list. */
  type?: 'website' | 'article';
  /** schema.org objects, each written as one JSON-LD script. */
  structuredData?: readonly object[];
  /** Search engines leave it out (the not-found page). */
  noindex?: boolean;
}

export interface ServerRender {
  /** Collected in the order the page's parts are rendered; later parts add to earlier ones. */
  head: Partial<PageHeadData>;
  /** 200 unless a part of the page said otherwise (the not-found page: 404). */
  status: number;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The server's collector while rendering there, null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}
