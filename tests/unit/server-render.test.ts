import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '../../src/client/components/Carousel.tsx';

/**
 * Public components render on a server (no window, no storage, no media queries) the way
 * the first render in the browser does, so that hydration finds the same HTML: what only
 * the visitor's browser knows comes in after hydration, without moving the page.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('server rendering of the carousel', () => {
  it('renders the carousel turning, whatever the media settings of the machine that renders it', () => {
    // A renderer that does offer matchMedia, saying 'reduce': the first render must not ask it.
    vi.stubGlobal('window', { matchMedia: () => ({ matches: true, addEventListener() {}, removeEventListener() {} }) });
    const slides = [1, 2].map((number) => ({ src: `/bild${number}.webp`, alt: `Bild ${number}`, title: `Titel ${number}`, caption: '' }));
    const html = renderToString(createElement(Carousel, { label: 'Bilder aus dem Verein', slides }));
    expect(html).toContain('aria-label="Automatischen Bildwechsel anhalten"');
  });
});
