import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { CALENDAR_FEED_PATH, sectionFeedPath, type PublicSection } from '../../../../shared/sectionGroups.ts';

export interface SubscribeMenuProps {
  id: string;
  anchor: HTMLElement | null;
  /** The section /termine shows: its own feed; none: the feed of all public appointments. */
  section?: PublicSection | undefined;
  onClose: () => void;
}

/** Subscribing keeps a calendar app up to date; the download is a snapshot for apps that cannot subscribe. */
export function SubscribeMenu({ id, anchor, section, onClose }: SubscribeMenuProps) {
  const path = section ? sectionFeedPath(section.slug) : CALENDAR_FEED_PATH;
  const webcal = `webcal://${window.location.host}${path}`;
  const labels = section
    ? { subscribe: `Sparte ${section.name} in Kalender-App abonnieren`, download: `Sparte ${section.name} als iCal-Datei herunterladen`, file: `termine-${section.slug}.ics` }
    : { subscribe: 'In Kalender-App abonnieren', download: 'Als iCal-Datei herunterladen', file: 'termine.ics' };
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component="a" href={webcal} onClick={onClose}>
        {labels.subscribe}
      </MenuItem>
      <MenuItem component="a" href={path} download={labels.file} onClick={onClose}>
        {labels.download}
      </MenuItem>
    </Menu>
  );
}
