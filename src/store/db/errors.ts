/** A unique-constraint violation, as each driver reports it (PostgreSQL SQLSTATE, SQLite code). */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof Error) || !('code' in err)) return false;
  const code = String(err.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
