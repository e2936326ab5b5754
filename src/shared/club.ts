/**
 * Texts about the club's links to other sites. The channels themselves are part of the
 * club profile (src/shared/clubProfile.ts, configured outside the code).
 */

/** Beside every link that leaves the site (a tooltip in Meine Daten, a line of text on the contact page). */
export const EXTERNAL_LINK_DISCLAIMER =
  'Externer Link: Für die Inhalte der verlinkten Seiten sind ausschließlich deren Betreiber verantwortlich.';
