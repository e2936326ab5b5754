import { useState } from 'react';

export interface DialogState<Item> {
  open: boolean;
  /** The entry shown; kept while the dialog closes so its content does not vanish mid-animation. */
  item: Item | null;
  /** Changes with every opening: as a dialog's key it makes the form start fresh. */
  key: number;
  show(item: Item | null): void;
  close(): void;
}

/** Which entry a dialog (edit, confirm) is open for. */
export function useDialogState<Item>(): DialogState<Item> {
  const [state, setState] = useState<{ open: boolean; item: Item | null; key: number }>({ open: false, item: null, key: 0 });
  return {
    ...state,
    show: (item) => setState((previous) => ({ open: true, item, key: previous.key + 1 })),
    close: () => setState((previous) => ({ ...previous, open: false })),
  };
}
