/** Whether a database error is PostgreSQL's unique_violation (23505; PGlite reports it alike). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

