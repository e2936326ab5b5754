import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** While a screen's code or the member's data is on its way. */
export function LoadingScreen() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label="Wird geladen" />
    </Box>
  );
}
