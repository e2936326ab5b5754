import { z } from 'zod';
import { HOME_CARD_PATHS, type HomeTexts } from '../homeTexts.ts';
import { optionalText, requiredText } from './fields.ts';

/** The home page's texts as the panel 'Startseite' saves them (`club.updateHomeTexts`, `PUT /api/club/home`). */

export const HOME_TEXTS_LIMITS = { greeting: 255, welcome: 1000, title: 100, text: 255 } as const;

export const HOME_TEXTS_MESSAGES = {
  cards: 'Die Startseite hat genau eine Karte je Sparte (LG/LP, Bogen, Blasrohr, 3D-Bogenparcours) in dieser Reihenfolge!',
} as const;

const card = z.object({
  path: z.enum(HOME_CARD_PATHS, { error: HOME_TEXTS_MESSAGES.cards }),
  title: requiredText('Der Titel der Karte', HOME_TEXTS_LIMITS.title),
  text: requiredText('Der Text der Karte', HOME_TEXTS_LIMITS.text),
});

export const homeTextsInput = z.object({
  greeting: optionalText('Die Begrüßung', HOME_TEXTS_LIMITS.greeting),
  welcome: requiredText('Der Willkommenstext', HOME_TEXTS_LIMITS.welcome),
  cards: z
    .array(card, { error: HOME_TEXTS_MESSAGES.cards })
    .refine((cards) => cards.length === HOME_CARD_PATHS.length && cards.every((entry, index) => entry.path === HOME_CARD_PATHS[index]), {
      error: HOME_TEXTS_MESSAGES.cards,
    }),
});

// What a save stores must be the texts; this fails to compile when they drift apart.
export const parseHomeTexts = (raw: unknown): z.ZodSafeParseResult<HomeTexts> => homeTextsInput.safeParse(raw);
