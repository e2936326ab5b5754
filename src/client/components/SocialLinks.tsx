import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageIcon from '@mui/icons-material/Language';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, type ReactElement, type ReactNode } from 'react';
import { EXTERNAL_LINK_DISCLAIMER } from '../../shared/club.ts';
import { SOCIAL_LABELS, type SocialKind } from '../../shared/clubProfile.ts';
import { useClubProfile } from '../publicContent.ts';

const NETWORK_ICONS: Record<SocialKind, ReactNode> = {
  facebook: <FacebookIcon fontSize="large" />,
  instagram: <InstagramIcon fontSize="large" />,
  youtube: <YouTubeIcon fontSize="large" />,
  // MUI has no icons of their own for these two.
  tiktok: <LanguageIcon fontSize="large" />,
  mastodon: <LanguageIcon fontSize="large" />,
  x: <XIcon fontSize="large" />,
  whatsapp: <WhatsAppIcon fontSize="large" />,
};

interface SocialLinksProps {
  /**
   * Wraps each link, as Meine Daten does with the disclaimer tooltip (SPEC §2). Without it
   * the disclaimer stands as text under the links, which phones and screen readers get
   * as well, and the public page needs no tooltip code.
   */
  wrapLink?: (link: ReactElement) => ReactElement;
}

/**
 * The club's social channels from its profile (SPEC §2, Meine Daten and Kontakt) as icon
 * links in a new tab, each with the disclaimer that the club is not responsible for the
 * linked pages. Without configured channels it shows nothing.
 */
export function SocialLinks({ wrapLink }: SocialLinksProps) {
  const social = useClubProfile().data?.social ?? [];
  const disclaimerId = useId();
  if (social.length === 0) return null;
  return (
    <>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
        {social.map((link) => {
          const anchor = (
            <IconButton
              component="a"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${SOCIAL_LABELS[link.kind]} (externer Link)`}
              {...(wrapLink ? {} : { 'aria-describedby': disclaimerId })}
              color="primary"
            >
              {NETWORK_ICONS[link.kind]}
            </IconButton>
          );
          return <li key={link.url}>{wrapLink ? wrapLink(anchor) : anchor}</li>;
        })}
      </Box>
      {!wrapLink && (
        <Typography id={disclaimerId} variant="caption" component="p" color="text.secondary" sx={{ maxWidth: 360 }}>
          {EXTERNAL_LINK_DISCLAIMER}
        </Typography>
      )}
    </>
  );
}
