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
