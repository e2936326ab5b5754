import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import YouTubeIcon from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { EXTERNAL_LINK_DISCLAIMER, SOCIAL_LINKS, type SocialNetwork } from '../../shared/club.ts';

const NETWORK_ICONS: Record<SocialNetwork, ReactNode> = {
  facebook: <FacebookIcon fontSize="large" />,
  instagram: <InstagramIcon fontSize="large" />,
  youtube: <YouTubeIcon fontSize="large" />,
};

/**
 * The club's social channels (SPEC §2, Meine Daten and Kontakt) as icon links in a new tab,
 * each with the disclaimer that the club is not responsible for the linked pages.
 */
export function SocialLinks() {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0 }}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.network}>
          <Tooltip title={EXTERNAL_LINK_DISCLAIMER}>
            <IconButton
              component="a"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${link.label} (externer Link)`}
              color="primary"
            >
              {NETWORK_ICONS[link.network]}
            </IconButton>
          </Tooltip>
        </li>
      ))}
    </Box>
  );
}
