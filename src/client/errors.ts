import { isClientError } from './trpc.ts';
import { isUploadError } from './uploadError.ts';

const UNREACHABLE_MESSAGE = 'Der Server ist nicht erreichbar. Bitte versuche es später erneut.';
const UNKNOWN_MESSAGE = 'Unbekannter Fehler';

/** The German message the server sent, or a German stand-in when no answer came at all. */
export function messageOf(error: unknown): string {
  if (isClientError(error)) {
    // Without a shape the request never got a tRPC answer (offline, proxy page, ...),
    // and fetch's own message would be English.
    return error.shape ? error.message : UNREACHABLE_MESSAGE;
  }
  return UNKNOWN_MESSAGE;
}

/** 'Fehler beim Einloggen: Schützennummer oder Passwort ist falsch.' (SPEC §8). */
export function errorText(prefix: string, error: unknown): string {
  return `${prefix}: ${messageOf(error)}`;
}

export function httpStatusOf(error: unknown): number | undefined {
  return isClientError(error) ? error.data?.httpStatus : undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return isClientError(error) && error.data?.code === 'UNAUTHORIZED';
}

/** The messages per field that the server found (zod issues or a domain error on one field). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (isUploadError(error)) return error.fieldErrors;
  return (isClientError(error) && error.data?.fieldErrors) || {};
}

/** The German `message` of a server answer (success texts of mutations and uploads). */
export function responseMessage(data: unknown): string | undefined {
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}
