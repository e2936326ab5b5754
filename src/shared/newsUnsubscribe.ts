/**
 * The article mail's unsubscribe link (issue 27.4, README „Aktuelles per Mail“):
 * /aktuelles/abmelden/<token>, a page rendered for its one reader. GET only asks (mail
 * scanners follow links); the button, or a mail program's one-click POST (RFC 8058),
 * unsubscribes. No zod here: the public page reads these without the schemas.
 */

/** Where an unsubscribe link points (the mail's List-Unsubscribe and its text). */
export const NEWS_UNSUBSCRIBE_PATH = '/aktuelles/abmelden';

/** The route of the page, as React Router and Fastify read it. */
export const NEWS_UNSUBSCRIBE_ROUTE = `${NEWS_UNSUBSCRIBE_PATH}/:token`;

/**
 * Far longer than a link's token (43 characters): as long as the server's routes read a
 * parameter (maxParamLength), so every link its route takes is answered as unknown, not as
 * bad input. The page asks nothing about a longer one (the procedures' input allows no more).
 */
export const NEWS_UNSUBSCRIBE_TOKEN_MAX = 1000;

export const NEWS_UNSUBSCRIBE_MESSAGES = {
  unknownLink: 'Diesen Abmeldelink gibt es nicht (mehr). Vielleicht wurde er nicht vollständig kopiert.',
  unsubscribed: 'Du bekommst keine Artikel mehr per Mail.',
} as const;

/** What the link's page shows before the button: whom it is for, and whether the mails are off already. */
export interface NewsUnsubscribeLink {
  name: string;
  off: boolean;
}

/** The server's answer to the page's form posted without JavaScript (render/formAnswer.ts). */
export type NewsUnsubscribeAnswer = { kind: 'unsubscribed'; message: string } | { kind: 'refused'; message: string };
