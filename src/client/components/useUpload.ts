import { createElement, useCallback, useState, type ReactElement } from 'react';
import { UploadError, uploadWithProgress } from '../upload.ts';
import { useSnackbar } from './Snackbar.tsx';
import { UploadProgressDialog } from './UploadProgressDialog.tsx';

export interface UseUploadOptions<T> {
  errorPrefix: string;
  onSuccess: (data: T) => void;
  title?: string;
}

export interface Upload {
  start: (url: string, form: FormData) => void;
  dialog: ReactElement;
  busy: boolean;
}

/** STAND-IN until the filesui branch is merged (see src/client/upload.ts): progress dialog plus snackbar. */
export function useUpload<T extends { message?: string }>({ errorPrefix, onSuccess, title = 'Hochladen …' }: UseUploadOptions<T>): Upload {
  const snackbar = useSnackbar();
  const [percent, setPercent] = useState<number | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  const start = useCallback(
    (url: string, form: FormData) => {
      const abort = new AbortController();
      setController(abort);
      setPercent(0);
      uploadWithProgress<T>({ url, form, onProgress: setPercent, signal: abort.signal }).then(
        (data) => {
          setPercent(null);
          if (data.message) snackbar.showSuccess(data.message);
          onSuccess(data);
        },
        (error: unknown) => {
          setPercent(null);
          snackbar.show('error', `${errorPrefix}: ${error instanceof UploadError ? error.message : 'Unbekannter Fehler'}`);
        },
      );
    },
    [errorPrefix, onSuccess, snackbar],
  );
  const cancel = useCallback(() => controller?.abort(), [controller]);
  const dialog = createElement(UploadProgressDialog, { open: percent !== null, title, percent: percent ?? 0, onCancel: cancel });
  return { start, dialog, busy: percent !== null };
}
