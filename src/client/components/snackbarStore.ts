/**
 * The one snackbar message of SPEC §8. A tiny external store, so that the query cache
 * (outside React) and components (through useSnackbar) can both show messages.
 */
export type SnackbarSeverity = 'success' | 'error' | 'info' | 'warning';

/** A button beside the message, e.g. 'Rückgängig' after a save that happened by itself. */
export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

export interface SnackbarMessage {
  /** Changes with every message, so that a repeated text shows again for its full time. */
  id: number;
  severity: SnackbarSeverity;
  text: string;
  action?: SnackbarAction | undefined;
}

export interface SnackbarStore {
  show: (severity: SnackbarSeverity, text: string, action?: SnackbarAction) => void;
  dismiss: (id: number) => void;
  subscribe: (listener: () => void) => () => void;
  current: () => SnackbarMessage | null;
}

export function createSnackbarStore(): SnackbarStore {
  let current: SnackbarMessage | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    show(severity, text, action) {
      // The newest message replaces the one on screen: it is what the member just did.
      current = { id: nextId++, severity, text, action };
      notify();
    },
    dismiss(id) {
      if (current?.id !== id) return;
      current = null;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => current,
  };
}
