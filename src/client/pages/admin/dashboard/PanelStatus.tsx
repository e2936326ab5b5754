import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface QueryState {
  isPending: boolean;
  refetch(): unknown;
}

/** What a panel shows until its texts are there: a spinner, or after a failure (the snackbar said why) a retry. */
export function PanelStatus({ query }: { query: QueryState }) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress aria-label="Wird geladen" />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography>Die Texte konnten nicht geladen werden.</Typography>
      <Button onClick={() => void query.refetch()}>Erneut versuchen</Button>
    </Box>
  );
}

/** Above a panel's texts for members without dashboard_update (SPEC §6: read-only, no save). */
export function ReadOnlyNote() {
  return <Alert severity="info">Du kannst diese Texte ansehen, aber zum Ändern fehlt dir die Berechtigung.</Alert>;
}
