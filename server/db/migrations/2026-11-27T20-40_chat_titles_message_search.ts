import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Chats a person can tell apart, and search inside them:
 * - `chats.title`: the name the person gave the chat; null shows the character's name.
 * - Full-text search over every message's shown text (`content`), kept current by the database
 *   itself (triggers), so a message stored, edited, deleted or imported by any code path is found
 *   or forgotten in the same transaction. Each index row carries its owner, and every search names
 *   the user in the query. Rows are numbered in the order they were stored (`id` / rowid): search
 *   pages go newest stored first and can stop early, however common the word.
 *
 * SQLite: an FTS5 table that keeps no copy of the text (contentless, with deletes), whose rowid
 * comes from `message_search_keys` (an INTEGER PRIMARY KEY, so VACUUM never renumbers it, which
 * would cut messages off from their index rows). The owner is a column of the index (`u` + hex of
 * the user id), so one user's search never walks another's matches; an index of every word's first
 * three letters keeps a word being typed as fast as a whole one.
 * PostgreSQL: `message_search` with a tsvector (the 'simple' configuration: no stemming, no stop
 * words, as FTS5's unicode61) under a GIN index, the row going with its message (cascade).
 * Both split words at the same ASCII punctuation (PostgreSQL's parser would keep `example.com` or
 * `a-b` as one word where FTS5 sees two) and neither folds accents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').addColumn('title', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresUp(db);
  else await sqliteUp(db);
}

/** ASCII punctuation read as a space before PostgreSQL parses words (FTS5's unicode61 does so already). */
export const PUNCTUATION = `.,:;/\\@_-+=~|#%&*'"!?()[]{}<>^$\`` as const;

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  const spaces = ' '.repeat(PUNCTUATION.length);
  await sql`
    create table message_search (
      id bigserial primary key,
      message_id text not null unique references messages(id) on delete cascade,
      user_id text not null,
      body tsvector not null
    )`.execute(db);
  await sql`create index message_search_body_index on message_search using gin (body)`.execute(db);
  await sql`create index message_search_user_index on message_search (user_id, id)`.execute(db);
  await sql`
    create function message_search_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into message_search (message_id, user_id, body)
          select new.id, chats.user_id, to_tsvector('simple', translate(new.content, ${sql.lit(PUNCTUATION)}, ${sql.lit(spaces)}))
          from chats where chats.id = new.chat_id;
      elsif new.content is distinct from old.content then
        update message_search
          set body = to_tsvector('simple', translate(new.content, ${sql.lit(PUNCTUATION)}, ${sql.lit(spaces)}))
          where message_id = new.id;
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger messages_search_insert after insert on messages
      for each row execute function message_search_write()`.execute(db);
  await sql`
    create trigger messages_search_update after update of content on messages
      for each row execute function message_search_write()`.execute(db);
  // Messages stored before this migration.
  await sql`
    insert into message_search (message_id, user_id, body)
      select messages.id, chats.user_id, to_tsvector('simple', translate(messages.content, ${sql.lit(PUNCTUATION)}, ${sql.lit(spaces)}))
      from messages join chats on chats.id = messages.chat_id
      order by messages.chat_id, messages.seq`.execute(db);
}

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  await sql`create table message_search_keys (id integer primary key, message_id text not null unique)`.execute(db);
  await sql`
    create virtual table message_search using fts5(
      owner, body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0', prefix='3'
    )`.execute(db);
  await sql`
    create trigger messages_search_insert after insert on messages begin
      insert into message_search_keys (message_id) values (new.id);
      insert into message_search (rowid, owner, body)
        select last_insert_rowid(), 'u' || hex(chats.user_id), new.content from chats where chats.id = new.chat_id;
    end`.execute(db);
  await sql`
    create trigger messages_search_update after update of content on messages when new.content is not old.content begin
      delete from message_search where rowid = (select id from message_search_keys where message_id = old.id);
      insert into message_search (rowid, owner, body)
        select keys.id, 'u' || hex(chats.user_id), new.content
        from message_search_keys keys join chats on chats.id = new.chat_id
        where keys.message_id = new.id;
    end`.execute(db);
  await sql`
    create trigger messages_search_delete after delete on messages begin
      delete from message_search where rowid = (select id from message_search_keys where message_id = old.id);
      delete from message_search_keys where message_id = old.id;
    end`.execute(db);
  // Messages stored before this migration, in the order they were written.
  await sql`insert into message_search_keys (message_id) select id from messages order by chat_id, seq`.execute(db);
  await sql`
    insert into message_search (rowid, owner, body)
      select keys.id, 'u' || hex(chats.user_id), messages.content
      from message_search_keys keys
      join messages on messages.id = keys.message_id
      join chats on chats.id = messages.chat_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger messages_search_update on messages`.execute(db);
    await sql`drop trigger messages_search_insert on messages`.execute(db);
    await sql`drop function message_search_write()`.execute(db);
    await sql`drop table message_search`.execute(db);
  } else {
    for (const trigger of ['messages_search_delete', 'messages_search_update', 'messages_search_insert']) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    await sql`drop table message_search`.execute(db);
    await sql`drop table message_search_keys`.execute(db);
  }
  await db.schema.alterTable('chats').dropColumn('title').execute();
}
