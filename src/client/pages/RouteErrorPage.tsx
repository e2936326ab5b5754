import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageTitle } from '../components/PageTitle.tsx';

/**
 * Shown instead of a screen that failed to load or render, typically a chunk of an older
 * build after an update; reloading fetches the current one.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    // The details help whoever maintains the site; the member gets German words.
    console.error(error);
  }, [error]);
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', p: 3 }}>
      <PageTitle>Die Seite konnte nicht geladen werden</PageTitle>
      <Alert severity="error" sx={{ mb: 2 }}>
        Beim Laden dieser Seite ist ein Fehler aufgetreten. Vielleicht wurde die Website gerade aktualisiert.
      </Alert>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Neu laden
      </Button>
    </Box>
  );
}
