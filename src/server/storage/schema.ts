import { z } from 'zod';
import { UPLOAD_MESSAGES } from '../../shared/schemas/files.ts';
import type { UploadKind } from './kinds.ts';
import { ReceivedFile, ReceivedImage, ReceivedPicture } from './storage.ts';

/**
 * A procedure input field holding a file the REST upload route has received for this
 * kind. JSON (the /trpc transport) can never produce one, so such a procedure is only
 * reachable through the upload route, and still runs its permission and validation.
 */
export function receivedFile(kind: UploadKind, missing: string = UPLOAD_MESSAGES.missingFile) {
  return z
    .instanceof(ReceivedFile, { error: missing })
    .refine((file) => file.kind === kind, { error: missing });
}

/** The gallery images one upload route received (display version and thumbnail each); like receivedFile, never from JSON. */
export function receivedImages(missing: string) {
  return z.array(z.instanceof(ReceivedImage, { error: missing }), { error: missing });
}

/** A picture the REST upload route received and the image pipeline turned into its files (renditions.ts); like receivedFile, never from JSON. */
export function receivedPicture(kind: UploadKind, missing: string) {
  return z
    .instanceof(ReceivedPicture, { error: missing })
    .refine((file) => file.kind === kind, { error: missing });
}
