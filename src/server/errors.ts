import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { isDatabaseUnreachable } from './db/errors.ts';

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

/**
 * A 403 whose reason goes to the server log ('Zugriff verweigert: <reason>'). Thrown
 * anywhere in a procedure, also inside a transaction; the base middleware of every
 * procedure writes the line once the procedure has ended (and the transaction is gone).
 */
export class Refusal extends AppError {
  readonly reason: string;

  constructor(reason: string, message: string = MESSAGES.forbidden) {
    super('FORBIDDEN', message);
    this.name = 'Refusal';
    this.reason = reason;
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Interner Serverfehler';

/**
 * Every 503 says when to ask again (Retry-After): a restarting database is back within
 * seconds, and a client that waits this long does not hammer it meanwhile.
 */
export const RETRY_AFTER_SECONDS = 10;

/** More calls in one tRPC request would let one request do the work (and the log lines) of many. */
export const MAX_BATCH_SIZE = 10;

export const MESSAGES = {
  unauthorized: 'Du bist nicht angemeldet. Bitte melde dich mit Schützennummer und Passwort an.',
  forbidden: 'Dir fehlt die Berechtigung für diese Aktion.',
  appPasswordNotForAccount:
    'Mit einem App-Passwort kannst du nur mit den Daten des Vereins arbeiten, nicht dein Konto verwalten (Passwort, E-Mail-Adresse, Schützennummer, App-Passwörter, zweiter Faktor, Kalenderadressen). Melde dich dazu mit deinem Passwort an.',
  secondFactorRequired: 'Deine Gruppe verlangt einen zweiten Faktor. Bitte richte ihn zuerst unter „Meine Daten“ ein.',
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
  referenceGone: 'Ein ausgewählter Eintrag wurde inzwischen gelöscht. Bitte lade die Seite neu und versuche es erneut.',
  batchTooLarge: `Zu viele Aufrufe in einer Anfrage: höchstens ${MAX_BATCH_SIZE} sind erlaubt.`,
} as const;

/** tRPC's text when a batch holds more calls than maxBatchSize. */
const BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

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
      if (error.message === BATCH_TOO_LARGE) return MESSAGES.batchTooLarge;
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

/**
 * Status and JSON body of any error thrown by a procedure, as the REST shim answers it
 * (DESIGN §3). `internal`: a fault whose details belong in the logs; `unavailable`: the
 * database is gone, which the outage (db/outage.ts) counts and logs instead, once.
 */
export function describeError(error: unknown): { status: number; body: ErrorBody; internal: boolean; unavailable: boolean } {
  if (error instanceof TRPCError && error.cause instanceof ZodError) {
    const errors = fieldErrorsOf(error.cause);
    return { status: 422, body: { message: error.cause.issues[0]?.message ?? 'Ungültige Eingabe', errors }, internal: false, unavailable: false };
  }
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message };
    if (error.fieldErrors) body.errors = error.fieldErrors;
    return { status: getHTTPStatusCodeFromError(error), body, internal: false, unavailable: false };
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    return { status: getHTTPStatusCodeFromError(error), body: { message: error.message }, internal: false, unavailable: false };
  }
  if (isDatabaseUnreachable(error)) {
    return { status: 503, body: { message: MESSAGES.databaseUnavailable }, internal: false, unavailable: true };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE }, internal: true, unavailable: false };
}

/**
 * A procedure's refusal as a page posted without JavaScript shows it (the sign-up forms, the
 * unsubscribe link): its status and body. A fault of the server itself, or an unreachable
 * database, is thrown on, for the page's own error answer.
 */
export function formRefusal(error: unknown): { status: number; body: ErrorBody } {
  if (!(error instanceof TRPCError)) throw error;
  const { status, body, internal, unavailable } = describeError(error);
  if (internal || unavailable) throw error;
  return { status, body };
}
