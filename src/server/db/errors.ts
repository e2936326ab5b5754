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

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'PROTOCOL_CONNECTION_LOST',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ER_CON_COUNT_ERROR',
  'SQLITE_CANTOPEN',
]);

const CLOSED_MESSAGES = new Set(['Pool is closed.', 'The database connection is not open', 'driver has already been destroyed']);

/**
 * True when the database did not answer at all (server down, pool or file closed), as
 * opposed to refusing a statement: the member gets 503 and may try again later.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))) return true;
    // mysql2, better-sqlite3 and Kysely say so without a code once the pool, file or driver is closed.
    if (CLOSED_MESSAGES.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}
