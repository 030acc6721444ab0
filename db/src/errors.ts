function codeOf(err: unknown): unknown {
  return typeof err === 'object' && err !== null && 'code' in err ? (err as { code: unknown }).code : undefined;
}

/** True for a duplicate-key error on MySQL/MariaDB or SQLite. */
export function isUniqueViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * The database gave up on a transaction because of other transactions, not because of anything in it:
 * a deadlock victim, a lock wait that ran out (MySQL/MariaDB), a write lock that stayed busy (SQLite).
 * Rolled back whole, so the same work may simply run again.
 */
export function isLockConflict(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY';
}

/** Our own deadline for a statement the server never answered (see createDb). */
export const STATEMENT_TIMEOUT = 'ER_STATEMENT_TIMEOUT';

const UNAVAILABLE = new Set([
  // the server is gone, unreachable, restarting or full
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  // a statement that ran out of time: MariaDB's max_statement_time, MySQL's max_execution_time, ours
  STATEMENT_TIMEOUT,
  'ER_QUERY_TIMEOUT',
  'SQLITE_LOCKED',
]);

/** MariaDB's own error numbers, which mysql2 has no code names for. */
const MARIADB_UNAVAILABLE = new Set([
  1927, // ER_CONNECTION_KILLED
  1969, // ER_STATEMENT_TIMEOUT: max_statement_time exceeded
]);

/**
 * Nothing the client did wrong: the database is down, unreachable, overloaded or too slow to answer in
 * time, or kept refusing a lock. The answer is 503 and "try again shortly", never 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  // the pool waited its acquire timeout for a free connection
  if ((err as { name?: unknown }).name === 'KnexTimeoutError') return true;
  // knex's pool is gone: the process is shutting down
  if ((err as { message?: unknown }).message === 'Unable to acquire a connection') return true;
  const code = codeOf(err);
  if (typeof code === 'string' && UNAVAILABLE.has(code)) return true;
  if (MARIADB_UNAVAILABLE.has((err as { errno?: number }).errno ?? 0)) return true;
  if (isLockConflict(err)) return true;
  // mysql2 marks every error that ended its connection as fatal ("connection is in closed state" …)
  return (err as { fatal?: unknown }).fatal === true;
}
