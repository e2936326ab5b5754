/**
 * The club's own facts (DESIGN §8 'Club profile'): kept by the operator in a JSON file
 * outside the code (club.json, see README), served by `club.profile`. What the file leaves
 * out is absent here, and the client shows nothing for it. Free of zod, because public
 * pages import it; the file's schema is in schemas/clubProfile.ts.
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

export interface ClubAddress {
  street: string;
  postalCode: string;
  city: string;
}

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Unconfigured texts are '' (addresses) or absent (phone, e-mail, coordinates); social is [] then. */
export interface ClubProfile extends ClubAddress {
  name: string;
  phone?: string;
  email?: string;
  social: Array<{ kind: SocialKind; url: string }>;
  course: { lat: number; lon: number; parking: ClubAddress };
  /** Where the club house is, for its map on the contact page. */
  clubHouse?: Coordinates;
  /** Where the air rifle and pistol range is, for its map on the contact page. */
  range?: Coordinates;
}

export function hasAddress(address: ClubAddress): boolean {
  return address.street !== '' || address.postalCode !== '' || address.city !== '';
}

/** The link that dials a phone number as written for people (`06441 12 34-5` → `tel:06441123455`). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** `Waldweg 1, 12345 Musterstadt`, leaving out what is not configured. */
export function formatAddress(address: ClubAddress): string {
  const place = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.street, place].filter(Boolean).join(', ');
}

/** The club house as the contact page's map names it. */
export const CLUB_HOUSE_NAME = 'Vereinsheim';

function samePlace(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('de').replace(/[\s,.]+/g, ' ').trim();
}

/**
 * Whether an appointment's place is the club's own, so that its postal address applies
 * (issue 26, point 5; README „Termine“): the place is left empty, or it says, ignoring case,
 * spaces, commas and full stops, the club's name, 'Vereinsheim', the club's street or its
 * whole address (`Waldweg 1, 12345 Musterstadt`). Any other text is another place, known by
 * its words only.
 */
export function isClubPlace(location: string, profile: Pick<ClubProfile, 'name' | 'street' | 'postalCode' | 'city'>): boolean {
  const place = samePlace(location);
  if (place === '') return true;
  const own = [profile.name, CLUB_HOUSE_NAME, profile.street, formatAddress(profile)].map(samePlace).filter((text) => text !== '');
  return own.includes(place);
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
