import { z } from 'zod';
import { ABOUT_DRAWING_KEYS, type AboutCaption } from '../aboutSlides.ts';
import { requiredText } from './fields.ts';

/** The About carousel's captions as the panel 'Über uns: Bildunterschriften' saves them (`club.updateAboutCaptions`, `PUT /api/club/about`). */

export const ABOUT_CAPTIONS_LIMITS = { title: 100, caption: 255 } as const;

export const ABOUT_CAPTIONS_MESSAGES = {
  slides: 'Es gibt genau eine Bildunterschrift je Zeichnung (Luftgewehr und Luftpistole, 3D-Bogenparcours, Bogensport, Blasrohr) in dieser Reihenfolge!',
} as const;

const caption = z.object({
  slide: z.enum(ABOUT_DRAWING_KEYS, { error: ABOUT_CAPTIONS_MESSAGES.slides }),
  title: requiredText('Der Titel des Bildes', ABOUT_CAPTIONS_LIMITS.title),
  caption: requiredText('Die Bildunterschrift', ABOUT_CAPTIONS_LIMITS.caption),
});

export const aboutCaptionsInput = z.object({
  captions: z
    .array(caption, { error: ABOUT_CAPTIONS_MESSAGES.slides })
    .refine((list) => list.length === ABOUT_DRAWING_KEYS.length && list.every((entry, index) => entry.slide === ABOUT_DRAWING_KEYS[index]), {
      error: ABOUT_CAPTIONS_MESSAGES.slides,
    }),
});

// What a save stores must be the captions; this fails to compile when they drift apart.
export const parseAboutCaptions = (raw: unknown): z.ZodSafeParseResult<{ captions: AboutCaption[] }> => aboutCaptionsInput.safeParse(raw);
