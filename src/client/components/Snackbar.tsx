import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import MuiSnackbar from '@mui/material/Snackbar';
import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { LIMITS } from '../../shared/constants.ts';
import { errorText } from '../errors.ts';
import type { SnackbarAction, SnackbarMessage, SnackbarSeverity, SnackbarStore } from './snackbarStore.ts';

const SnackbarContext = createContext<SnackbarStore | null>(null);

export function SnackbarProvider({ store, children }: { store: SnackbarStore; children: ReactNode }) {
  return (
    <SnackbarContext value={store}>
      {children}
      <SnackbarHost store={store} />
    </SnackbarContext>
  );
}

export interface SnackbarApi {
  show: (severity: SnackbarSeverity, text: string, action?: SnackbarAction) => void;
  showSuccess: (text: string, action?: SnackbarAction) => void;
  /** '<prefix>: <server message>' as in SPEC §8. */
  showError: (prefix: string, error: unknown) => void;
}

/** For messages that are not the outcome of a query or mutation (those show by themselves). */
export function useSnackbar(): SnackbarApi {
  const store = useContext(SnackbarContext);
  if (!store) throw new Error('useSnackbar braucht einen SnackbarProvider');
  return useMemo(
    () => ({
      show: (severity, text, action) => store.show(severity, text, action),
      showSuccess: (text, action) => store.show('success', text, action),
      showError: (prefix, error) => store.show('error', errorText(prefix, error)),
    }),
    [store],
  );
}

function SnackbarHost({ store }: { store: SnackbarStore }) {
  const current = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.current(),
    // A page rendered on the server shows no message.
    () => null,
  );
  // The last message stays rendered while the snackbar slides out.
  const [shown, setShown] = useState<SnackbarMessage | null>(current);
  if (current && current !== shown) setShown(current);
  if (!shown) return null;

  const close = () => store.dismiss(shown.id);
  // Each message in a node of its own at the end of <body>: an open dialog hides the rest of
  // the page from screen readers (aria-hidden), but not what is added after it opened, so a
  // failed save in a dialog is still announced.
  return (
    <Portal key={shown.id}>
      <MuiSnackbar
        open={current?.id === shown.id}
        autoHideDuration={LIMITS.snackbarMs}
        // Below the app bar, where the cookie notice at the bottom cannot hide it.
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        sx={{ top: { xs: 64, sm: 80 } }}
        onClose={(_event, reason) => {
          // A click elsewhere must not cut the five seconds short.
          if (reason !== 'clickaway') close();
        }}
      >
        <Alert
          severity={shown.severity}
          variant="filled"
          onClose={close}
          action={
            shown.action && (
              <>
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => {
                    close();
                    shown.action?.onClick();
                  }}
                >
                  {shown.action.label}
                </Button>
                <IconButton color="inherit" size="small" aria-label="Schließen" onClick={close}>
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            )
          }
          sx={{ width: '100%' }}
        >
          {shown.text}
        </Alert>
      </MuiSnackbar>
    </Portal>
  );
}
