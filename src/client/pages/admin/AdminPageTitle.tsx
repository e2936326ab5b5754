import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { manualHref } from '../../../shared/manual.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ADMIN_SCREENS, type AdminScreenName } from './screens.ts';

/** The label of every help button, so a person (and a test) finds it by the same name on each screen. */
export const HELP_BUTTON_LABEL = 'Hilfe zu dieser Seite';

/**
 * A back-office screen's h1 with its help button (issue 28.7): the screen's section of the
 * volunteers' manual, which the site serves itself (/hilfe/verwaltung.html). It opens in a
 * new tab, so reading never leaves a form behind.
 */
export function AdminPageTitle({ screen }: { screen: AdminScreenName }) {
  const { label, manual } = ADMIN_SCREENS[screen];
  return (
    <PageTitle
      action={
        <Tooltip title={HELP_BUTTON_LABEL}>
          <IconButton component="a" href={manualHref('verwaltung', manual)} target="_blank" rel="noopener" aria-label={HELP_BUTTON_LABEL}>
            <HelpOutlineIcon />
          </IconButton>
        </Tooltip>
      }
    >
      {label}
    </PageTitle>
  );
}
