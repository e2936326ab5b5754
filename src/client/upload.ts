/**
 * STAND-IN until the filesui branch is merged: the interface of /work/notes/upload-interface.md,
 * kept minimal so the calendar can upload. On merge, filesui's version of this file wins.
 */
export class UploadError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

export interface UploadOptions {
  url: string;
  form: FormData;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/** Sends a multipart form with XMLHttpRequest (for its progress events); resolves with the JSON answer. */
export function uploadWithProgress<T>({ url, form, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : 'Unbekannter Fehler';
      reject(new UploadError(request.status, message));
    };
    request.onerror = () => reject(new UploadError(0, 'Der Server ist nicht erreichbar. Bitte versuche es später erneut.'));
    request.onabort = () => reject(new UploadError(0, 'Hochladen abgebrochen'));
    signal?.addEventListener('abort', () => request.abort());
    request.send(form);
  });
}
