/**
 * The one way the site sends files (DESIGN §4, §8): multipart to the REST upload paths with
 * XMLHttpRequest, because fetch reports no upload progress.
 */

import { UploadError } from './uploadError.ts';

export const UPLOAD_ABORTED_MESSAGE = 'Hochladen abgebrochen';
const UNREACHABLE_MESSAGE = 'Der Server ist nicht erreichbar. Bitte versuche es später erneut.';
const UNKNOWN_MESSAGE = 'Unbekannter Fehler';

export interface UploadOptions {
  /** e.g. '/api/downloads' */
  url: string;
  form: FormData;
  /** Whole percent of the request body sent so far, 0 to 100. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorOf(status: number, body: unknown): UploadError {
  if (typeof body === 'object' && body !== null) {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    if (typeof message === 'string' && message !== '') {
      const fieldErrors = typeof errors === 'object' && errors !== null ? (errors as Record<string, string[]>) : {};
      return new UploadError(status, message, fieldErrors);
    }
  }
  // A proxy's error page, say: nothing the member could read.
  return new UploadError(status, status === 0 ? UNREACHABLE_MESSAGE : UNKNOWN_MESSAGE);
}

/** Sends the form; resolves with the parsed JSON answer on 2xx, rejects with an UploadError otherwise. */
export function uploadWithProgress<T>({ url, form, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(0, UPLOAD_ABORTED_MESSAGE));
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    // The session cookie goes along (same origin); the header is what the server's CSRF guard asks for.
    request.withCredentials = true;
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');

    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);

    onProgress(0);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    });
    request.addEventListener('load', () => {
      settle();
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else {
        reject(errorOf(request.status, body));
      }
    });
    request.addEventListener('error', () => {
      settle();
      reject(new UploadError(0, UNREACHABLE_MESSAGE));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(new UploadError(0, UPLOAD_ABORTED_MESSAGE));
    });
    request.send(form);
  });
}
