/**
 * Issue 27 #4: an upload racing its account's deletion answered 500 (a foreign-key error in the log).
 * Any write that races a deletion now answers 401 'This account has been deleted.' and leaves nothing
 * behind. The race is made certain: the deletion runs while the write stores its first blob, that
 * is, after the write passed every check and before its rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../server/blobs/store';
import { ACCOUNT_DELETED } from '../../server/services/users';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { deletionFinished } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';
import { blobFiles, rowsOf, userIdOf } from './security/nothing-written';

const png = `data:image/png;base64,${Buffer.from(cardPng()).toString('base64')}`;

describe.each(databases)('writes racing the account deletion (%s)', (dialect) => {
  let test: TestApp;
  let put: BlobStore['put'];

  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    put = test.app.blobs.put.bind(test.app.blobs);
  });
  afterAll(async () => {
    test.app.blobs.put = put;
    await test.close();
  });

  /** The next blob write deletes `user`'s account first (and, when `finished`, waits for its data to go). */
  function deleteDuringNextPut(user: Uploader, email: string, finished: boolean) {
    test.app.blobs.put = async (...args) => {
      test.app.blobs.put = put;
      const userId = await userIdOf(test, user);
      const deleted = await test.app.inject({
        method: 'DELETE',
        url: '/api/users/me',
        headers: user.headers,
        payload: { confirmation: email },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      if (finished) await deletionFinished(test, userId);
      return put(...args);
    };
  }

  for (const finished of [false, true]) {
    const when = finished ? 'once its data is gone' : 'while its data is being deleted';
    it(`answers a card upload 401 and keeps none of it, ${when}`, async () => {
      const who = `racing-upload-${finished}`;
      const user = await userOf(test, who);
      const userId = await userIdOf(test, user);
      const before = blobFiles(test);
      deleteDuringNextPut(user, `${who}@example.com`, finished);
      const response = await upload(test, user, cardPng({ name: 'Raced' }));
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized', message: ACCOUNT_DELETED });
      await deletionFinished(test, userId);
      expect(await rowsOf(test, userId)).toEqual({ images: 0, chats: 0, messages: 0 });
      expect(await test.db.kysely.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
      expect(blobFiles(test)).toEqual(before);
    });

    it(`answers a persona with a picture 401 and keeps neither, ${when}`, async () => {
      const who = `racing-persona-${finished}`;
      const user = await userOf(test, who);
      const userId = await userIdOf(test, user);
      const before = blobFiles(test);
      deleteDuringNextPut(user, `${who}@example.com`, finished);
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/personas',
        headers: user.headers,
        payload: { name: 'Raced', avatar: png },
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ error: 'unauthorized', message: ACCOUNT_DELETED });
      await deletionFinished(test, userId);
      expect(await test.db.kysely.selectFrom('personas').select('id').where('user_id', '=', userId).execute()).toEqual([]);
      expect(blobFiles(test)).toEqual(before);
    });
  }
});
