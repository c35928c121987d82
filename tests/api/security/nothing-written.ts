/**
 * What a refused upload or import must not leave behind, read from the places the server writes:
 * the database's rows and the files under DATA_DIR (the blob store and anything beside it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Uploader } from '../cards';
import type { TestApp } from '../helpers';

/** Every file under DATA_DIR/blobs, relative to it, finished or temporary. */
export function blobFiles(test: TestApp): string[] {
  const root = path.join(test.dataDir, 'blobs');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The users.id the server gave this token's user. */
export async function userIdOf(test: TestApp, user: Uploader): Promise<string> {
  const profile = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers });
  if (profile.statusCode !== 200) throw new Error(`profile failed: ${profile.body}`);
  return profile.json().uid as string;
}

/** The user's rows in every table an upload or import writes. */
export async function rowsOf(test: TestApp, userId: string): Promise<{ images: number; chats: number; messages: number }> {
  const db = test.db.kysely;
  const [images, chats, messages] = await Promise.all([
    db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chats')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('messages')
      .innerJoin('chats', 'chats.id', 'messages.chat_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('chats.user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { images: Number(images.n), chats: Number(chats.n), messages: Number(messages.n) };
}
