import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';

export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

export type FieldErrors = Record<string, string[]>;

/**
 * The one domain error: a code and the German message a member reads. It is a TRPCError
 * so tRPC answers with the right HTTP status; `errorFormatter` and the REST shim turn it
 * into their bodies.
 */
export class AppError extends TRPCError {
  readonly fieldErrors: FieldErrors | undefined;

  constructor(code: AppErrorCode, message: string, fieldErrors?: FieldErrors) {
    super({ code, message });
    this.name = 'AppError';
    this.fieldErrors = fieldErrors;
  }

  /** A validation failure on one field, shaped like the zod failures. */
  static field(field: string, message: string): AppError {
    return new AppError('UNPROCESSABLE_CONTENT', message, { [field]: [message] });
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Interner Serverfehler';

export const MESSAGES = {
  unauthorized: 'Du bist nicht angemeldet. Bitte melde dich mit Schützennummer und Passwort an.',
  forbidden: 'Dir fehlt die Berechtigung für diese Aktion.',
  protected: 'Dieser Eintrag ist geschützt und kann weder geändert noch gelöscht werden.',
  notFound: 'Der angeforderte Eintrag wurde nicht gefunden.',
  pathNotFound: 'Diese Adresse gibt es nicht.',
  csrf: 'Anfrage abgelehnt: Der Header X-Requested-With fehlt.',
  databaseUnavailable: 'Die Datenbank ist derzeit nicht erreichbar. Bitte versuche es später erneut.',
  bodyTooLarge: 'Die Anfrage ist zu groß.',
  invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
  unsupportedMediaType: 'Dieses Anfrageformat wird nicht unterstützt.',
  methodNotAllowed: 'Diese Methode ist für diese Adresse nicht erlaubt.',
  badRequest: 'Die Anfrage ist ungültig.',
} as const;

/**
 * tRPC's own failures (unknown procedure, wrong method, unreadable body) carry English
 * texts; members read German. Domain errors are AppErrors and keep their message.
 */
export function protocolErrorMessage(error: TRPCError): string | undefined {
  if (error instanceof AppError) return undefined;
  switch (error.code) {
    case 'NOT_FOUND':
      return MESSAGES.pathNotFound;
    case 'METHOD_NOT_SUPPORTED':
      return MESSAGES.methodNotAllowed;
    case 'UNSUPPORTED_MEDIA_TYPE':
      return MESSAGES.unsupportedMediaType;
    case 'PAYLOAD_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'PARSE_ERROR':
      return MESSAGES.invalidJson;
    case 'BAD_REQUEST':
      return error.cause instanceof SyntaxError ? MESSAGES.invalidJson : MESSAGES.badRequest;
    default:
      return undefined;
  }
}

export function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
}

/** Status and JSON body of any error thrown by a procedure, as the REST shim answers it (DESIGN §3). */
export function describeError(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof TRPCError && error.cause instanceof ZodError) {
    const errors = fieldErrorsOf(error.cause);
    return { status: 422, body: { message: error.cause.issues[0]?.message ?? 'Ungültige Eingabe', errors }, internal: false };
  }
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    return { status: getHTTPStatusCodeFromError(error), body, internal: false };
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    return { status: getHTTPStatusCodeFromError(error), body: { message: error.message }, internal: false };
  }
  if (isDatabaseUnreachable(error)) {
    return { status: 503, body: { message: MESSAGES.databaseUnavailable }, internal: true };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE }, internal: true };
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'PROTOCOL_CONNECTION_LOST', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    current = current.cause;
  }
  return false;
}
