import { createElement, useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { responseMessage } from '../errors.ts';
import { UPLOAD_ABORTED_MESSAGE, uploadWithProgress } from '../upload.ts';
import { UploadError } from '../uploadError.ts';
import { useSnackbar } from './Snackbar.tsx';
import { UploadProgressDialog } from './UploadProgressDialog.tsx';

export interface UseUploadOptions<T> {
  /** SPEC §8, e.g. 'Fehler beim Anlegen des Downloads'. */
  errorPrefix: string;
  onSuccess?: (data: T) => void;
  /** After the snackbar has told the failure, e.g. to show the server's messages under fields. */
  onError?: (error: UploadError) => void;
}

export type UploadOutcome<T> = { ok: true; data: T } | { ok: false; error: UploadError };

export interface Upload<T> {
  /** Sends the form to a REST upload path while the dialog shows its progress. Never rejects. */
  start: (url: string, form: FormData, title?: string) => Promise<UploadOutcome<T>>;
  /** The progress dialog; put it in the tree. */
  dialog: ReactElement;
  /** True while a request runs. */
  busy: boolean;
}

const DEFAULT_TITLE = 'Datei wird hochgeladen';

interface Running {
  title: string;
  percent: number;
  /** null once the request has ended; the title stays while the dialog fades out. */
  controller: AbortController | null;
}

/**
 * The upload of the site (DESIGN §8): progress dialog with percent and 'Abbrechen', the
 * server's message as success snackbar, failures as '<errorPrefix>: <message>'. Cancelling
 * aborts the request; the server then keeps nothing of it.
 */
export function useUpload<T = unknown>({ errorPrefix, onSuccess, onError }: UseUploadOptions<T>): Upload<T> {
  const snackbar = useSnackbar();
  const [running, setRunning] = useState<Running>({ title: DEFAULT_TITLE, percent: 0, controller: null });
  // The latest callbacks, so that `start` stays stable while a parent re-renders.
  const callbacks = useRef({ onSuccess, onError, errorPrefix });
  useEffect(() => {
    callbacks.current = { onSuccess, onError, errorPrefix };
  });
  // Leaving the screen ends a running upload instead of letting it finish unseen.
  const { controller } = running;
  useEffect(() => () => controller?.abort(), [controller]);

  const start = useCallback(
    async (url: string, form: FormData, title = DEFAULT_TITLE): Promise<UploadOutcome<T>> => {
      const abort = new AbortController();
      setRunning((previous) => {
        previous.controller?.abort();
        return { title, percent: 0, controller: abort };
      });
      try {
        const data = await uploadWithProgress<T>({
          url,
          form,
          signal: abort.signal,
          onProgress: (percent) => setRunning((previous) => (previous.controller === abort && previous.percent !== percent ? { ...previous, percent } : previous)),
        });
        const message = responseMessage(data);
        if (message) snackbar.showSuccess(message);
        callbacks.current.onSuccess?.(data);
        return { ok: true, data };
      } catch (caught) {
        const error = caught instanceof UploadError ? caught : new UploadError(0, String(caught));
        if (abort.signal.aborted) snackbar.show('info', UPLOAD_ABORTED_MESSAGE);
        else {
          snackbar.show('error', `${callbacks.current.errorPrefix}: ${error.message}`);
          callbacks.current.onError?.(error);
        }
        return { ok: false, error };
      } finally {
        setRunning((previous) => (previous.controller === abort ? { ...previous, controller: null } : previous));
      }
    },
    [snackbar],
  );

  const dialog = createElement(UploadProgressDialog, {
    open: controller !== null,
    title: running.title,
    percent: running.percent,
    onCancel: () => controller?.abort(),
  });
  return { start, dialog, busy: controller !== null };
}
