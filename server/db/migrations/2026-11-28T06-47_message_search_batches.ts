import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { PUNCTUATION } from './2026-11-27T20-40_chat_titles_message_search';

/**
 * PostgreSQL fills the search index once per insert statement instead of once per stored message:
 * the row trigger ran its plpgsql function, and an insert into the index, for each message of an
 * imported chat's batch. A statement trigger reads the inserted rows from a transition table and
 * indexes them in one insert, in the order they were stored (chat, then seq), in the same
 * transaction, so a message stored by any code path is still found.
 * SQLite keeps its row trigger: FTS5 takes the rows of one multi-row insert as fast either way
 * (measured: a batch written by hand after the rows cost the same), and it has no statement triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger messages_search_insert on messages`.execute(db);
  await sql`
    create function message_search_insert_rows() returns trigger language plpgsql as $$
    begin
      insert into message_search (message_id, user_id, body)
        select inserted.id, chats.user_id,
          to_tsvector('simple', translate(inserted.content, ${sql.lit(PUNCTUATION)}, ${sql.lit(' '.repeat(PUNCTUATION.length))}))
        from inserted join chats on chats.id = inserted.chat_id
        order by inserted.chat_id, inserted.seq;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger messages_search_insert after insert on messages
      referencing new table as inserted
      for each statement execute function message_search_insert_rows()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger messages_search_insert on messages`.execute(db);
  await sql`drop function message_search_insert_rows()`.execute(db);
  await sql`
    create trigger messages_search_insert after insert on messages
      for each row execute function message_search_write()`.execute(db);
}
