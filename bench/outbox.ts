/**
 * Figure 8: the outbox. Offline, 100 messages are typed into the open chat's composer (the app
 * queues each in Dexie with its outbox entry); back online, the app's own triggers replay them to a
 * fake LLM that answers at once. Timed from going online until the server holds all 100 messages
 * and their replies; then duplicates are counted by text.
 */
import type { Page } from 'playwright-core';
import type { ChatGetResponse } from '@core/contract';
import { apiJson, type Api } from './lib/http';
import type { Session } from './lib/session';
import { sleep } from './lib/stats';
import type { Row } from './lib/table';

const MESSAGES = 100;
const PREFIX = 'Outbox message';
const TIMEOUT_MS = 120_000;

/** Rows in the app's outbox table, read with plain IndexedDB. */
function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('cardchat');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const count = db.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}

const chatOf = (api: Api, chatId: string, body: Record<string, unknown> = {}) =>
  apiJson<ChatGetResponse>(api, 'POST', '/api/chats/get', { chat_id: chatId, page_size: 100, ...body });

/** How many times each queued text is stored, from the newest messages. */
async function storedCopies(api: Api, chatId: string): Promise<Map<string, number>> {
  const copies = new Map<string, number>();
  let beforeSeq: number | undefined;
  for (let page = 0; page < 3; page++) {
    const { data } = await chatOf(api, chatId, beforeSeq === undefined ? {} : { before_seq: beforeSeq });
    for (const message of data) {
      if (message.role === 'user' && message.content.startsWith(PREFIX))
        copies.set(message.content, (copies.get(message.content) ?? 0) + 1);
    }
    if (data.length === 0) break;
    beforeSeq = data[0]!.seq;
  }
  return copies;
}

export async function outboxFigures(session: Session, chatId: string): Promise<Row[]> {
  const { page, context, api } = session;
  await page.goto(`/recent-chat?chat=${chatId}`);
  const input = page.getByPlaceholder('Type a message');
  await input.waitFor();
  const before = (await chatOf(api, chatId)).chat.message_count;

  await context.setOffline(true);
  for (let i = 0; i < MESSAGES; i++) {
    await input.fill(`${PREFIX} ${i}`);
    await input.press('Enter');
  }
  const queuedBy = Date.now() + 30_000;
  while ((await outboxCount(page)) < MESSAGES) {
    if (Date.now() > queuedBy) throw new Error(`only ${await outboxCount(page)} of ${MESSAGES} messages reached the outbox`);
    await sleep(50);
  }

  const started = performance.now();
  await context.setOffline(false);
  const deadline = Date.now() + TIMEOUT_MS;
  let held = before;
  let lastReport = 0;
  while (held < before + 2 * MESSAGES) {
    if (process.env.BENCH_VERBOSE && Date.now() - lastReport > 1000) {
      lastReport = Date.now();
      console.log(
        `outbox: ${((performance.now() - started) / 1000).toFixed(1)} s, server holds ${held - before}, outbox ${await outboxCount(page)}`,
      );
    }
    if (Date.now() > deadline)
      throw new Error(`after ${TIMEOUT_MS / 1000} s the server held ${held - before} of ${2 * MESSAGES} new messages`);
    await sleep(25);
    held = (await chatOf(api, chatId, { page_size: 1 })).chat.message_count;
  }
  const replayMs = performance.now() - started;

  const copies = await storedCopies(api, chatId);
  const duplicates = [...copies.values()].reduce((sum, count) => sum + count - 1, 0);
  const missing = MESSAGES - copies.size;
  const seconds = replayMs / 1000;
  return [
    {
      n: '8',
      figure: `Outbox replay of ${MESSAGES} messages queued offline, fake LLM answering at once: online → all stored with replies`,
      value: `${seconds.toFixed(2)} s, ${duplicates} duplicates${missing ? `, ${missing} missing` : ''}${held > before + 2 * MESSAGES ? `, ${held - before - 2 * MESSAGES} extra rows` : ''}`,
      goal: '≤ 3 s, zero duplicates',
      anchor: 'workbox-background-sync replays only on SW start in Safari and duplicates on retry',
      pass: seconds <= 3 && duplicates === 0 && missing === 0,
    },
  ];
}
