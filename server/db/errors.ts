import { NETWORK_ERROR_CODES } from '../errors';

/** A row already holds this key (a unique index or primary key), on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * PostgreSQL's SQLSTATEs for "not now": admin/crash shutdown, starting up, too many connections.
 * Class 08 (connection exception) is matched by prefix.
 */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * What node-postgres says, without a code, when a connection dies under it or the pool cannot hand
 * one out within connectionTimeoutMillis.
 */
const PG_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
];

/**
 * SQLite's codes for a database that is there but cannot be written or read right now: locked by
 * another connection past the busy timeout, a failing or full disk, a file that cannot be opened.
 */
function isSqliteUnavailable(code: string): boolean {
  return (
    code === 'SQLITE_BUSY' ||
    code.startsWith('SQLITE_BUSY_') ||
    code === 'SQLITE_LOCKED' ||
    code.startsWith('SQLITE_LOCKED_') ||
    code === 'SQLITE_IOERR' ||
    code.startsWith('SQLITE_IOERR_') ||
    code === 'SQLITE_FULL' ||
    code === 'SQLITE_CANTOPEN' ||
    code.startsWith('SQLITE_CANTOPEN_') ||
    code === 'SQLITE_READONLY' ||
    code.startsWith('SQLITE_READONLY_') ||
    code === 'SQLITE_PROTOCOL'
  );
}

/**
 * The database cannot answer right now, through no fault of the request: worth a 503 and a "try
 * again in a moment" rather than a 500. Follows `cause` and AggregateError's `errors` (Node's
 * happy-eyeballs connect reports one error per address tried).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || POSTGRES_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (isSqliteUnavailable(code)) return true;
  }
  if (typeof message === 'string' && PG_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return cause !== undefined && isDatabaseUnavailable(cause, depth + 1);
}

/** The body of every 503 a database outage causes, so the API and /api/health say the same thing. */
export const DATABASE_UNAVAILABLE = {
  error: 'database_unavailable',
  message: 'The database is not reachable right now. Please try again in a moment.',
} as const;

/** A row names one that is gone (a foreign key), on SQLite or PostgreSQL: another request deleted it meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
