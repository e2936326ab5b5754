import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { PageHead } from '../../components/PageHead.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { useServerRender } from '../../render/serverRender.ts';

/**
 * Any address the site does not know, and pages whose data does not exist (an unknown
 * album). Rendered on the server it answers 404. It names no part of the address, so that
 * every unknown address gets the same page (kept once in the server's memory).
 */
export function NotFoundPage() {
  useServerRender()?.declareNotFound();
  return (
    <>
      <PageTitle>Seite nicht gefunden</PageTitle>
      <PageHead noindex />
      <Typography sx={{ mb: 2 }}>Die aufgerufene Adresse gibt es auf dieser Website nicht.</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        Zur Startseite
      </Button>
    </>
  );
}
