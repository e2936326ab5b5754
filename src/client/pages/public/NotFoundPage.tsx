import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { PageTitle } from '../../components/PageTitle.tsx';

/** Any path the site does not know; the server hands every such path to the app. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageTitle>Seite nicht gefunden</PageTitle>
      <Typography sx={{ mb: 2 }}>Die Adresse „{pathname}“ gibt es auf dieser Website nicht.</Typography>
      <Button component={RouterLink} to="/home" variant="contained">
        Zur Startseite
      </Button>
    </>
  );
}
