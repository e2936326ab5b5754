/*
 * Apart from upload.ts, because every page reads errors (errors.ts) but only the back office
 * uploads: the sending code stays out of the public pages' first load.
 */

/** A refused or failed upload; `message` is the server's German message (status 0: no answer or cancelled). */
export class UploadError extends Error {
  readonly status: number;
  /** The server's messages per field (422), if any. */
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, message: string, fieldErrors: Record<string, string[]> = {}) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}
