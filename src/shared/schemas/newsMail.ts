import { z } from 'zod';
import { NEWS_UNSUBSCRIBE_TOKEN_MAX } from '../newsUnsubscribe.ts';

/**
 * 'Aktuelles per Mail erhalten' in Meine Daten (issue 27.4); a module of its own, so the
 * account page does not load the article schemas.
 */
export const NEWS_MAIL_SETTING_MESSAGES = {
  on: 'Du bekommst neue Artikel per Mail.',
  off: 'Du bekommst keine Artikel mehr per Mail.',
  missing: 'Bitte wähle, ob du Artikel per Mail bekommen willst.',
} as const;

export const newsMailSettingInput = z.object({ receive: z.boolean({ error: NEWS_MAIL_SETTING_MESSAGES.missing }) });

/** The secret of an unsubscribe link; what is no link token is refused as unknown (after the log line), not as bad input. */
export const newsUnsubscribeInput = z.object({ token: z.string().max(NEWS_UNSUBSCRIBE_TOKEN_MAX) });
