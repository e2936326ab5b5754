import { z } from 'zod';
import { CLUB_PICTURE_MESSAGES, CLUB_PICTURE_ROLES, PICTURE_ALT_MAX } from '../clubPictures.ts';

/** 'Bildbeschreibung (Alternativtext)': what a screen reader says instead of the home picture; required, one line. */
export const pictureAlt = z
  .string({ error: CLUB_PICTURE_MESSAGES.missingAlt })
  .transform((value) => value.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, { error: CLUB_PICTURE_MESSAGES.missingAlt }).max(PICTURE_ALT_MAX, { error: CLUB_PICTURE_MESSAGES.altTooLong }));

export const homePictureAltInput = z.object({ alt: pictureAlt });

export const clubPictureRoleInput = z.object({ role: z.enum(CLUB_PICTURE_ROLES, { error: CLUB_PICTURE_MESSAGES.unknownRole }) });
