/**
 * What makes a card trend: a chat started with it (counted once per person per day, so one person
 * starting many chats is one), a like given (and taken back, if it was given within the window).
 * Each moves the card's counts and Trending score at once; the hourly recount (plugins/trending.ts)
 * lets the score age.
 */
import type { Kysely } from 'kysely';
import { activeCards, activitySince, addActivity, pruneActivity } from '../../db/repositories/activity';
import { changeGalleryCount, setTrendScores, trendingCards } from '../../db/repositories/gallery';
import type { Database } from '../../db/schema';
import type { ServiceContext } from '../context';
import { accountViewer } from '../cardHits';
import { firstChatToday } from '../../db/repositories/cardHits';
import { changeChatCount, changingGallery } from '../../db/repositories/images';
import { hourOf, hoursAgo, trendingScore, windowStart, type HourActivity } from './trending';

/** Recomputes the Trending score of these cards from their activity in the window. */
export async function rescore(db: Kysely<Database>, imageIds: readonly string[], now = new Date()): Promise<void> {
  const rows = await activitySince(db, imageIds, windowStart(now));
  const activity = new Map<string, HourActivity[]>(imageIds.map((id) => [id, []]));
  for (const row of rows) activity.get(row.image_id)?.push({ hoursAgo: hoursAgo(row.hour, now), chats: row.chats, likes: row.likes });
  await setTrendScores(db, new Map([...activity].map(([id, hours]) => [id, trendingScore(hours)])));
}

/** A like given now (`delta` 1), or taken back (-1) when it was given at `givenAt`, inside the favorite's transaction. */
export async function noteLike(db: Kysely<Database>, imageId: string, delta: 1 | -1, givenAt: Date, now = new Date()): Promise<void> {
  if (delta < 0 && hourOf(givenAt) < windowStart(now)) return;
  await addActivity(db, imageId, hourOf(delta > 0 ? now : givenAt), { likes: delta });
  await rescore(db, [imageId], now);
}

/** A new chat with a card: its chat count, and its trend once a day per person. A failure is only logged: the chat goes on. */
export async function noteChatStarted(ctx: ServiceContext, imageId: string, userId: string, now = new Date()): Promise<void> {
  try {
    await changingGallery(() =>
      ctx.db.transaction().execute(async (trx) => {
        await changeChatCount(trx, imageId);
        await changeGalleryCount(trx, imageId, 'chat_count', 1);
        if (!(await firstChatToday(trx, imageId, accountViewer(userId), now.toISOString().slice(0, 10)))) return;
        await addActivity(trx, imageId, hourOf(now), { chats: 1 });
        await rescore(trx, [imageId], now);
      }),
    );
  } catch (error) {
    ctx.log.warn({ err: error, imageId }, 'a chat was not counted for its card');
  }
}

const BATCH = 500;

/** The hourly recount: every card with a score or recent activity scored as of now; activity past the window dropped. */
export async function rescoreAll(db: Kysely<Database>, now = new Date()): Promise<void> {
  const since = windowStart(now);
  const ids = [...new Set([...(await activeCards(db, since)), ...(await trendingCards(db))])];
  for (let i = 0; i < ids.length; i += BATCH) await rescore(db, ids.slice(i, i + BATCH), now);
  await pruneActivity(db, since);
}
