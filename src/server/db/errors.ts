/** True when the database refused a row because a unique key already holds the value (SQLite and MySQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY';
}

/** True when a foreign key still points at the row that was to be deleted. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ER_ROW_IS_REFERENCED_2' || code === 'ER_ROW_IS_REFERENCED') return true;
  // SQLite reports ON DELETE RESTRICT as SQLITE_CONSTRAINT_TRIGGER, other keys as _FOREIGNKEY.
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && message === 'FOREIGN KEY constraint failed';
}

/**
 * True when an insert or update names a row that is gone: a member, group or album that
 * someone else deleted between the procedure's check and its write. MySQL says so with its
 * own codes; SQLite reports every foreign key failure of a statement as
 * SQLITE_CONSTRAINT_FOREIGNKEY, and in this schema (cascade, set null, or restrict, which
 * SQLite reports as _TRIGGER) that code can only come from a missing referenced row.
 */
export function isMissingReference(error: unknown): boolean {
  let current: unknown = error;
  // tRPC wraps the driver's error as the cause of its own.
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === 'ER_NO_REFERENCED_ROW_2' || code === 'ER_NO_REFERENCED_ROW' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return true;
    current = current.cause;
  }
  return false;
}

/**
 * Codes that say the database cannot be reached or will not take a statement now, though
 * nothing is wrong with the statement: the same request succeeds once the database is
 * back. Not among them, on purpose: ER_LOCK_WAIT_TIMEOUT and ER_LOCK_DEADLOCK (one
 * transaction against another, with the database up; the procedure's own affair),
 * SQLITE_LOCKED (a conflict inside the one connection, which retrying cannot resolve: a
 * bug, so a 500 with the details in the log), ER_ACCESS_DENIED_ERROR (wrong credentials
 * in DATABASE_URL; a fault of the setup that must be loud).
 */
const UNREACHABLE_CODES = new Set([
  // The server is not there, or the network between us is gone (Node's socket errors).
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // mysql2: the server closed the connection, or a query's own timeout ran out.
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  // The server is shutting down, takes no further connection, or dropped an idle one.
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CLIENT_INTERACTION_TIMEOUT',
]);

/**
 * The same by number: MariaDB's ER_CONNECTION_KILLED (1927, sent to every connection when
 * it shuts down) has no name in mysql2, and 2006/2013 are the client codes of "server has
 * gone away" and "Lost connection" that other clients and proxies report.
 */
const UNREACHABLE_ERRNOS = new Set([1040, 1053, 1927, 2006, 2013, 4031]);

/**
 * mysql2, better-sqlite3 and Kysely say these without a code: the pool was ended, a pooled
 * connection died under the command given to it (MariaDB shutting down), the SQLite file
 * or the Kysely driver is closed.
 */
const UNREACHABLE_MESSAGES = new Set([
  'Pool is closed.',
  "Can't add new command when connection is in closed state",
  "Can't write in closed state",
  'The database connection is not open',
  'driver has already been destroyed',
]);

/**
 * The pool's queue of waiting requests is full (connectionLimit busy, queueLimit waiting):
 * refused rather than piled up. The database may well answer, only slowly (a busy host);
 * while it is gone, this is how most requests learn it before a connect timeout says so.
 */
const OVERLOAD_MESSAGES = new Set(['Queue limit reached.']);

function codeOf(error: Error): { code: string | undefined; errno: number | undefined } {
  const { code, errno } = error as Error & { code?: unknown; errno?: unknown };
  return { code: typeof code === 'string' ? code : undefined, errno: typeof errno === 'number' ? errno : undefined };
}

/** Why the database cannot take a request now; see `unavailability`. */
export interface Unavailability {
  /** A short text for the log: the driver's code or message, no stack. */
  reason: string;
  /** true: the database is gone (an outage); false: this process has more waiting for it than it lets wait. */
  gone: boolean;
}

/**
 * Why the database cannot take the request now, when that is what `error` (or an error it
 * wraps: tRPC and Kysely wrap the driver's) says; undefined for every other error, which
 * is the statement's own. The one place that decides what answers 503 (DESIGN §3).
 */
export function unavailability(error: unknown): Unavailability | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const { code, errno } = codeOf(current);
    if (code !== undefined && UNREACHABLE_CODES.has(code)) return { reason: code, gone: true };
    if (errno !== undefined && UNREACHABLE_ERRNOS.has(errno)) return { reason: code ?? `Fehler ${errno}`, gone: true };
    // SQLITE_BUSY and its kinds (_TIMEOUT, _SNAPSHOT, _RECOVERY): another process held the
    // file's lock longer than busy_timeout. CANTOPEN and IOERR: the file or its disk is gone.
    if (code !== undefined && /^SQLITE_(BUSY|CANTOPEN|IOERR)/.test(code)) return { reason: code, gone: true };
    if (UNREACHABLE_MESSAGES.has(current.message)) return { reason: current.message, gone: true };
    if (OVERLOAD_MESSAGES.has(current.message)) return { reason: current.message, gone: false };
    current = current.cause;
  }
  return undefined;
}

/** The reason of `unavailability`, for whoever needs only that. */
export function unreachableReason(error: unknown): string | undefined {
  return unavailability(error)?.reason;
}

/**
 * True when the database cannot take the request now (server down, pool or file closed,
 * busy beyond its timeout, too many waiting for it), as opposed to refusing a statement:
 * the member gets 503 and may try again later.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return unavailability(error) !== undefined;
}
