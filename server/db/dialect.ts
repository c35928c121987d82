import { PostgresAdapter } from 'kysely';

/** Which database a connection (or a transaction of it) speaks to, where their SQL differs (full-text search). */
export function isPostgres(db: { getExecutor(): { adapter: object } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
