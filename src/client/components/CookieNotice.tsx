import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore } from 'react';
import { Link as RouterLink } from 'react-router';

export const COOKIE_NOTICE_STORAGE_KEY = 'cookie-notice-accepted';

/** Storage may be switched off or full; the notice then simply shows again next time. */
function readAccepted(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_NOTICE_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Acknowledged in another tab: the notice goes there as well. */
function subscribeToStorage(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/**
 * A server knows nothing of the visitor's storage: its HTML leaves the notice out, and the
 * browser adds it right after hydration. Being a bar fixed over the page, it moves nothing.
 */
const acceptedOnServer = () => true;

function rememberAccepted(): void {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_STORAGE_KEY, 'true');
  } catch {
    // Nothing to do: see readAccepted.
  }
}

/** The cookie notice of SPEC §2. Only a notice: the site sets no tracking cookies. */
export function CookieNotice() {
  const stored = useSyncExternalStore(subscribeToStorage, readAccepted, acceptedOnServer);
  // Remembered for this page view even where storage refuses it.
  const [acceptedNow, setAcceptedNow] = useState(false);
  if (stored || acceptedNow) return null;

  return (
    <Paper
      component="section"
      aria-label="Hinweis zu Cookies"
      elevation={6}
      square
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 3,
        py: 2,
      }}
    >
      <Typography variant="body2" sx={{ maxWidth: 800 }}>
        Diese Website verwendet nur technisch notwendige Cookies, zum Beispiel für die Anmeldung im Mitgliederbereich. Es
        findet kein Tracking statt. Mehr dazu in der{' '}
        <Link component={RouterLink} to="/datenschutz">
          Datenschutzerklärung
        </Link>
        .
      </Typography>
      <Button
        variant="contained"
        onClick={() => {
          rememberAccepted();
          setAcceptedNow(true);
        }}
      >
        OK
      </Button>
    </Paper>
  );
}
