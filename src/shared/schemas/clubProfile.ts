import { z } from 'zod';
import { SOCIAL_KINDS, type ClubProfile } from '../clubProfile.ts';

/** The club's profile file (club.json, see README "Vereinsdaten"), checked at start-up. */

const httpUrl = z.httpUrl({ error: 'muss eine Internetadresse mit http:// oder https:// sein' });
/** Blank means "not configured". */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const addressSchema = z.object({
  street: z.string().trim().default(''),
  postalCode: z.string().trim().default(''),
  city: z.string().trim().default(''),
});

const latitude = z
  .number({ error: 'muss eine Zahl sein' })
  .min(-90, { error: 'muss zwischen -90 und 90 liegen' })
  .max(90, { error: 'muss zwischen -90 und 90 liegen' });
const longitude = z
  .number({ error: 'muss eine Zahl sein' })
  .min(-180, { error: 'muss zwischen -180 und 180 liegen' })
  .max(180, { error: 'muss zwischen -180 und 180 liegen' });
/** Optional places with a map on the contact page; left out, their map is not shown. */
const coordinates = z.object({ lat: latitude, lon: longitude }).optional();

export const clubProfileSchema = z.object({
  name: z.string({ error: 'fehlt' }).trim().min(1, { error: 'fehlt' }),
  ...addressSchema.shape,
  phone: optionalString,
  email: optionalString.pipe(z.email({ error: 'ist keine gültige E-Mail-Adresse' }).optional()),
  social: z
    .array(z.object({ kind: z.enum(SOCIAL_KINDS, { error: `muss eines von ${SOCIAL_KINDS.join(', ')} sein` }), url: httpUrl }))
    .default([]),
  course: z.object({
    lat: latitude,
    lon: longitude,
    parking: addressSchema.default({ street: '', postalCode: '', city: '' }),
  }),
  clubHouse: coordinates,
  range: coordinates,
});

// The file's parsed form must be a ClubProfile; this fails to compile when they drift apart.
export const parseClubProfile = (raw: unknown): z.ZodSafeParseResult<ClubProfile> => clubProfileSchema.safeParse(raw);
