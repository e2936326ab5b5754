import DownloadIcon from '@mui/icons-material/Download';
import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CALENDAR_FEED_PATH, sectionFeedPath, type PublicSection } from '../../../../shared/sectionGroups.ts';
import { useSiteOrigin } from '../../../render/serverRender.ts';

/**
 * The site's origin: on the server PUBLIC_URL, in the browser the address it was reached
 * at, which is the same site (a webcal:// address needs a host).
 */
function useOrigin(): string {
  return useSiteOrigin() ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/**
 * The feed of all public appointments, or of the chosen section (its own address), as two
 * plain links (issue 26, point 5): they work before the app has started and without
 * JavaScript. Subscribing keeps a calendar app up to date; the download is a snapshot for
 * apps that cannot subscribe.
 */
export function SubscribeLinks({ section }: { section: PublicSection | undefined }) {
  const origin = useOrigin();
  const path = section ? sectionFeedPath(section.slug) : CALENDAR_FEED_PATH;
  const webcal = `${origin.replace(/^https?:/, 'webcal:')}${path}`;
  const labels = section
    ? { subscribe: `Sparte ${section.name} in Kalender-App abonnieren`, download: `Sparte ${section.name} als iCal-Datei herunterladen`, file: `termine-${section.slug}.ics` }
    : { subscribe: 'In Kalender-App abonnieren', download: 'Als iCal-Datei herunterladen', file: 'termine.ics' };
  return (
    <Box component="section" aria-labelledby="appointments-subscribe" sx={{ mb: 3 }}>
      <Typography id="appointments-subscribe" variant="h6" component="h2" gutterBottom>
        Kalender abonnieren
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button component="a" href={webcal} variant="outlined" startIcon={<EventIcon />} sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}>
          {labels.subscribe}
        </Button>
        <Button component="a" href={`${origin}${path}`} download={labels.file} variant="outlined" startIcon={<DownloadIcon />} sx={{ textTransform: 'none', overflowWrap: 'anywhere' }}>
          {labels.download}
        </Button>
      </Box>
    </Box>
  );
}
