/** The club's channels in social networks, shown on Meine Daten and the contact page (SPEC §2). */
export type SocialNetwork = 'facebook' | 'instagram' | 'youtube';

export interface SocialLink {
  network: SocialNetwork;
  /** The network's name as the link reads it. */
  label: string;
  url: string;
}

/**
 * Placeholders in the shape of real profile addresses: the club enters its own profiles
 * here before going live.
 */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/schuetzenverein' },
  { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/schuetzenverein/' },
  { network: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@schuetzenverein' },
];

/** The tooltip on every link that leaves the site. */
export const EXTERNAL_LINK_DISCLAIMER =
  'Externer Link: Für die Inhalte der verlinkten Seiten sind ausschließlich deren Betreiber verantwortlich.';
