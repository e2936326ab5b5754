import { createContext, useContext, type ReactNode } from 'react';
import { useHydrated } from './serverRender.ts';

const RenderedAtContext = createContext<string | null>(null);

/**
 * The moment the page was rendered on the server, while the browser hydrates it: what
 * depends on the time (the course's opening hours for the next days) must first render as
 * on the server, and is then computed again for the visitor's own clock (SPEC §1). After
 * hydration the value is null and such parts use the device's time.
 */
export function RenderedAtProvider({ renderedAt, children }: { renderedAt: string | null; children: ReactNode }) {
  const hydrated = useHydrated();
  return <RenderedAtContext value={hydrated ? null : renderedAt}>{children}</RenderedAtContext>;
}

/** Now: the server's render time while hydrating, the device's time afterwards. */
export function useNow(): Date {
  const renderedAt = useContext(RenderedAtContext);
  return renderedAt === null ? new Date() : new Date(renderedAt);
}
