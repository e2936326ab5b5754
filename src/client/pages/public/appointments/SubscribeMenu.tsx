import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { CALENDAR_FEED_PATH } from '../../../publicContent.ts';

export interface SubscribeMenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** Subscribing keeps a calendar app up to date; the download is a snapshot for apps that cannot subscribe. */
export function SubscribeMenu({ id, anchor, onClose }: SubscribeMenuProps) {
  const webcal = `webcal://${window.location.host}${CALENDAR_FEED_PATH}`;
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <MenuItem component="a" href={webcal} onClick={onClose}>
        In Kalender-App abonnieren
      </MenuItem>
      <MenuItem component="a" href={CALENDAR_FEED_PATH} download="termine.ics" onClick={onClose}>
        Als iCal-Datei herunterladen
      </MenuItem>
    </Menu>
  );
}
