// Whether a failed write ran into a given unique index, on SQLite or PostgreSQL. A check before a write
// cannot see a row another request is committing at that moment; the index refuses it, and this tells
// the caller to answer the person's mistake (400) rather than a server failure.
export function isUniqueViolation(err: unknown, column: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  if (e.code !== '23505' && e.code !== 'SQLITE_CONSTRAINT_UNIQUE') return false;
  // PostgreSQL names the index (tests_name_key) and the column in its detail; SQLite says "tests.name_key".
  return `${String(e.constraint ?? '')} ${String(e.detail ?? '')} ${String(e.message ?? '')}`.includes(column);
}
