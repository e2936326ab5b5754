import { useCallback, useMemo, useState } from 'react';

export interface DialogState<Item> {
  open: boolean;
  /** The entry shown; kept while the dialog closes so its content does not vanish mid-animation. */
  item: Item | null;
  /** Changes with every opening: as a dialog's key it makes the form start fresh. */
  key: number;
  show: (item: Item | null) => void;
  close: () => void;
}

/** Which entry a dialog (edit, confirm) is open for. */
export function useDialogState<Item>(): DialogState<Item> {
  const [state, setState] = useState<{ open: boolean; item: Item | null; key: number }>({ open: false, item: null, key: 0 });
  const show = useCallback((item: Item | null) => setState((previous) => ({ open: true, item, key: previous.key + 1 })), []);
  const close = useCallback(() => setState((previous) => ({ ...previous, open: false })), []);
  // Stable between renders while nothing changes, so tables that use it need not rebuild.
  return useMemo(() => ({ ...state, show, close }), [state, show, close]);
}
