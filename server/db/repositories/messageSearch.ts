import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { isPrefixTerm } from '@core/chat/search';
import type { Database, Message } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A message a search found, with its place in the index's order (the cursor of the next page). */
export type FoundMessage = Pick<Message, 'id' | 'chat_id' | 'seq' | 'role' | 'name' | 'send_date' | 'content'> & { key: number };

/**
 * The user's messages holding every term (the last as a word's start: core/chat/search.ts), newest stored first, at
 * most `limit`, before the index position `before` when given. `terms` are words only (core/chat's
 * searchTerms): nothing in them is an operator. The user is named twice on purpose: in the index
 * (its owner column, so the search only walks their rows) and against the chat that holds the
 * message. Chats an import is still writing are left out, as every list leaves them out.
 */
export async function searchMessages(
  db: Db,
  userId: string,
  terms: string[],
  page: { limit: number; before?: number | undefined },
): Promise<FoundMessage[]> {
  if (terms.length === 0) return [];
  const query =
    db.getExecutor().adapter instanceof PostgresAdapter ? postgresSearch(userId, terms, page) : sqliteSearch(userId, terms, page);
  const { rows } = await query.execute(db);
  return rows.map((row) => ({ ...row, key: Number(row.key), seq: Number(row.seq) }));
}

type Row = Omit<FoundMessage, 'key'> & { key: number | string };

function sqliteSearch(userId: string, terms: string[], page: { limit: number; before?: number | undefined }) {
  const owner = `u${Buffer.from(userId).toString('hex')}`;
  // Each term quoted (it holds word characters only), the last one a prefix; all of them, and the owner.
  const words = terms.map((term, i) => `"${term}"${isPrefixTerm(terms, i) ? '*' : ''}`).join(' AND ');
  const match = `owner:"${owner}" AND body:(${words})`;
  return sql<Row>`
    select s.rowid as key, m.id, m.chat_id, m.seq, m.role, m.name, m.send_date, m.content
    from message_search s
    join message_search_keys k on k.id = s.rowid
    join messages m on m.id = k.message_id
    join chats c on c.id = m.chat_id
    where message_search match ${match}
      and c.user_id = ${userId} and c.importing_since is null
      ${page.before === undefined ? sql`` : sql`and s.rowid < ${page.before}`}
    order by s.rowid desc
    limit ${page.limit}`;
}

function postgresSearch(userId: string, terms: string[], page: { limit: number; before?: number | undefined }) {
  const query = terms.map((term, i) => `'${term}'${isPrefixTerm(terms, i) ? ':*' : ''}`).join(' & ');
  return sql<Row>`
    select s.id as key, m.id, m.chat_id, m.seq, m.role, m.name, m.send_date, m.content
    from message_search s
    join messages m on m.id = s.message_id
    join chats c on c.id = m.chat_id
    where s.user_id = ${userId} and s.body @@ to_tsquery('simple', ${query})
      and c.user_id = ${userId} and c.importing_since is null
      ${page.before === undefined ? sql`` : sql`and s.id < ${page.before}`}
    order by s.id desc
    limit ${page.limit}`;
}
