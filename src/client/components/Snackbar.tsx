import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Portal from '@mui/material/Portal';
import MuiSnackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
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

type SnackbarEdge = 'top' | 'bottom';

/** Where a snackbar at the top of a phone's screen begins: below the app bar (56 px). */
const SNACKBAR_TOP_PHONE_PX = 64;
/** What a snackbar of up to three lines takes at an edge of a phone's screen, margin included. */
const SNACKBAR_ZONE_PX = 120;

/**
 * Where a new message goes (issue 28.5): below the app bar on larger screens; on a phone at
 * the bottom, unless it would cover a heading or the field being typed into there, then at
 * the top. The on-screen keyboard cannot be seen from a page: a field low on the screen is
 * the sign. A dialog's buttons and a floating add button at the bottom are spared too where the top is free; when
 * both edges cover something, the field being typed into wins.
 */
export function snackbarEdge(phoneQuery: string): SnackbarEdge {
  if (typeof window === 'undefined' || !window.matchMedia(phoneQuery).matches) return 'top';
  const height = window.innerHeight;
  const zones: Record<SnackbarEdge, [number, number]> = { top: [SNACKBAR_TOP_PHONE_PX, SNACKBAR_TOP_PHONE_PX + SNACKBAR_ZONE_PX], bottom: [height - SNACKBAR_ZONE_PX, height] };
  // A pixel of rounding is no cover: a full-screen dialog's title ends where the snackbar begins.
  const within = (edge: SnackbarEdge, box: DOMRect) => box.bottom > zones[edge][0] + 1 && box.top < zones[edge][1] - 1;
  const boxes = (selector: string) =>
    [...document.querySelectorAll(selector)].map((element) => element.getBoundingClientRect()).filter((box) => box.width > 0 && box.height > 0);
  const focused = document.activeElement;
  const field = focused instanceof HTMLElement && focused.matches('input, textarea, select, [contenteditable="true"]') ? focused.getBoundingClientRect() : null;
  const headings = boxes('h1, h2, h3, h4, h5, h6, [role="heading"]');
  const dialogButtons = boxes('.MuiDialogActions-root, .MuiFab-root');
  const covers = (edge: SnackbarEdge) => ({
    field: field !== null && within(edge, field),
    heading: headings.some((box) => within(edge, box)),
    buttons: dialogButtons.some((box) => within(edge, box)),
  });
  const bottom = covers('bottom');
  const top = covers('top');
  const free = (cover: typeof bottom) => !cover.field && !cover.heading;
  if (free(bottom) && !bottom.buttons) return 'bottom';
  if (free(top) && !top.buttons) return 'top';
  if (free(bottom)) return 'bottom';
  if (free(top)) return 'top';
  return bottom.field ? 'top' : 'bottom';
}

function SnackbarHost({ store }: { store: SnackbarStore }) {
  const current = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.current(),
    // A page rendered on the server shows no message.
    () => null,
  );
  const phoneQuery = useTheme().breakpoints.down('sm').replace(/^@media\s*/, '');
  // The last message stays rendered while the snackbar slides out; its edge is chosen once, as it appears.
  const [placed, setPlaced] = useState<{ message: SnackbarMessage; edge: SnackbarEdge } | null>(() => current && { message: current, edge: snackbarEdge(phoneQuery) });
  if (current && current !== placed?.message) setPlaced({ message: current, edge: snackbarEdge(phoneQuery) });
  if (!placed) return null;
  const { message: shown, edge } = placed;

  const close = () => store.dismiss(shown.id);
  // Each message in a node of its own at the end of <body>: an open dialog hides the rest of
  // the page from screen readers (aria-hidden), but not what is added after it opened, so a
  // failed save in a dialog is still announced.
  return (
    <Portal key={shown.id}>
      <MuiSnackbar
        open={current?.id === shown.id}
        autoHideDuration={LIMITS.snackbarMs}
        // Below the app bar, where the cookie notice at the bottom cannot hide it; on a phone
        // where it covers no heading and not the field being typed into (snackbarEdge).
        anchorOrigin={{ vertical: edge, horizontal: 'center' }}
        sx={edge === 'top' ? { top: { xs: SNACKBAR_TOP_PHONE_PX, sm: 80 } } : undefined}
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
