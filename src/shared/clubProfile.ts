import { z } from 'zod';

/**
 * The club's own facts (DESIGN §8 'Club profile'): kept by the operator in a JSON file
 * outside the code (club.json, see README), served by `club.profile`. What the file leaves
 * out is absent here, and the client shows nothing for it.
 */

export const SOCIAL_KINDS = ['facebook', 'instagram', 'youtube', 'tiktok', 'x', 'mastodon', 'whatsapp'] as const;
export type SocialKind = (typeof SOCIAL_KINDS)[number];

export const SOCIAL_LABELS = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  x: 'X',
  mastodon: 'Mastodon',
  whatsapp: 'WhatsApp',
} as const satisfies Record<SocialKind, string>;

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

export const clubProfileSchema = z.object({
  name: z.string({ error: 'Der Vereinsname fehlt' }).trim().min(1, { error: 'Der Vereinsname fehlt' }),
  ...addressSchema.shape,
  phone: optionalString,
  email: optionalString.pipe(z.email({ error: 'ist keine gültige E-Mail-Adresse' }).optional()),
  social: z
    .array(z.object({ kind: z.enum(SOCIAL_KINDS, { error: `muss eines von ${SOCIAL_KINDS.join(', ')} sein` }), url: httpUrl }))
    .default([]),
  course: z.object({
    lat: z.number({ error: 'muss eine Zahl sein' }).min(-90).max(90),
    lon: z.number({ error: 'muss eine Zahl sein' }).min(-180).max(180),
    parking: addressSchema.default({ street: '', postalCode: '', city: '' }),
  }),
});

export interface ClubAddress {
  street: string;
  postalCode: string;
  city: string;
}

/** Unconfigured texts are '' (addresses) or absent (phone, e-mail); social is [] then. */
export interface ClubProfile extends ClubAddress {
  name: string;
  phone?: string;
  email?: string;
  social: Array<{ kind: SocialKind; url: string }>;
  course: { lat: number; lon: number; parking: ClubAddress };
}

// The file's parsed form must be a ClubProfile; this line fails to compile when they drift apart.
export const parseClubProfile = (raw: unknown): z.ZodSafeParseResult<ClubProfile> => clubProfileSchema.safeParse(raw);

export function hasAddress(address: ClubAddress): boolean {
  return address.street !== '' || address.postalCode !== '' || address.city !== '';
}

/** `Waldweg 1, 12345 Musterstadt`, leaving out what is not configured. */
export function formatAddress(address: ClubAddress): string {
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.street, place].filter(Boolean).join(', ');
}

/**
 * A route planner link to the course's parking: to its address when configured, otherwise
 * to the course's coordinates (OpenStreetMap, which the contact page embeds as well).
 */
export function routePlannerUrl(profile: ClubProfile): string {
  const { parking, lat, lon } = profile.course;
  if (hasAddress(parking)) return `https://www.openstreetmap.org/search?query=${encodeURIComponent(formatAddress(parking))}`;
  return `https://www.openstreetmap.org/directions?route=%3B${lat}%2C${lon}`;
}
