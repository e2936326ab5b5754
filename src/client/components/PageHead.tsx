import { useEffect } from 'react';
import { useClubName } from '../publicContent.ts';
import { documentTitle } from '../render/head.ts';
import { useServerRender, type PageHeadData } from '../render/serverRender.ts';

/**
 * What a page says about itself beyond its visible content (DESIGN §9): on the server it
 * goes into the document's head (title, description, canonical address, Open Graph,
 * JSON-LD); in the browser it names the tab. Rendered by each page with values from the
 * same data it shows; several on one page add up (the later ones win).
 */
export function PageHead(props: Partial<PageHeadData>) {
  const server = useServerRender();
  const clubName = useClubName();
  // During the server's render: collected, so the document's head says what the page shows.
  server?.declareHead(Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)));
  const { title } = props;
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title, clubName);
  }, [title, clubName]);
  return null;
}
