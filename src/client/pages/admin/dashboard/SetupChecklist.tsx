import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { manualHref } from '../../../../shared/manual.ts';
import type { SetupItem } from '../../../../shared/setupChecklist.ts';
import { trpc } from '../../../trpc.ts';

function WhereToFix({ link }: { link: SetupItem['link'] }) {
  if (link.kind === 'screen') {
    return (
      <Link component={RouterLink} to={link.path}>
        Zu „{link.label}“
      </Link>
    );
  }
  // The server's environment is set where it runs, not in the browser; the operators' manual says how.
  return (
    <>
      Einzustellen in der Umgebung des Servers, siehe{' '}
      <Link href={manualHref('betrieb', link.section)} target="_blank" rel="noopener">
        Handbuch „Betrieb“, Abschnitt „{link.section}“
      </Link>
      .
    </>
  );
}

/**
 * What a fresh installation has not set up yet (issue 18), above the panels for members
 * with dashboard_update: one line per open point with where it is fixed. Gone once all are done.
 */
export function SetupChecklist() {
  const checklist = trpc.club.checklist.useQuery(undefined, { meta: { errorPrefix: 'Fehler beim Abrufen der Einrichtungshinweise' } });
  const items = checklist.data ?? [];
  if (items.length === 0) return null;
  return (
    <Alert severity="warning" component="section" role="region" aria-label="Noch einzurichten" sx={{ mb: 2 }}>
      <AlertTitle component="h2">Noch einzurichten</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map((item) => (
          <Box component="li" key={item.id} data-setup-item={item.id} sx={{ mb: 0.5 }}>
            {item.text} <WhereToFix link={item.link} />
          </Box>
        ))}
      </Box>
    </Alert>
  );
}
