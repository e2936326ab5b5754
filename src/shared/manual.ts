/**
 * The manual (issue 28.7): README.md and docs/*.md, rendered at build time into pages the
 * site serves under /hilfe/ (scripts/build-manual.ts), so a club that installed from the
 * repository has its manual without any other address. Headings get the anchors GitHub
 * gives them, so the same `#anchor` works on the site and in the repository.
 */

/** Where the build puts the rendered manual, under the client build and thus served as static files. */
export const MANUAL_PATH = '/hilfe';

/** The documents of docs/, by the name of their page. */
export const MANUAL_DOCUMENTS = ['verwaltung', 'betrieb', 'schnittstellen', 'code'] as const;
export type ManualDocument = (typeof MANUAL_DOCUMENTS)[number];

/**
 * A heading's anchor as GitHub makes it: lower case, punctuation and symbols removed, each
 * space a hyphen („Standaufsicht & Bewirtung“ is `standaufsicht--bewirtung`, „Über uns:
 * Bildunterschriften“ `über-uns-bildunterschriften`). The n-th repeat of a heading in one
 * document gets `-n`; the renderer counts those.
 */
export function manualAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The address of a section of the manual on this site, e.g. `/hilfe/verwaltung.html#kalender`. */
export function manualHref(document: ManualDocument, heading: string): string {
  return `${MANUAL_PATH}/${document}.html#${manualAnchor(heading)}`;
}
