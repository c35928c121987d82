/**
 * Figure 9: importing a zip holding a 10,000-message SillyTavern chat. First the server's time
 * (the upload's last byte to the end of its job, followed every 20 ms), then Dexie storing those messages in the browser: the app's own
 * database (opened by name, so its real schema and indexes), with Dexie's own build, written as the
 * app writes a page the server sent (rows of /api/chats/get with state 'sent', one transaction).
 * The app stores a chat a page at a time as it is read, so no code of its own stores a whole
 * import; this is the figure that bounds it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { strToU8, zipSync } from 'fflate';
import { writeChatJsonl, type ArchiveMessage } from '@core/chat/index';
import { multipartBody } from '../tests/api/cards';
import { apiJson, jobDone, timedPost } from './lib/http';
import type { Session } from './lib/session';
import { median, ms, repeat } from './lib/stats';
import type { Row } from './lib/table';

export const LONG_CHAT = 10_000;
const SERVER_RUNS = 3;
const DEXIE_RUNS = 3;

/** The newest message of the imported chat: what the chat-window figure waits to see painted. */
export const NEWEST_LINE = `Line ${LONG_CHAT - 1}:`;

/** Run `run`'s chat starts a day after the one before: the same file again would be the chat already there. */
function archive(characterName: string, run: number): Uint8Array {
  const start = Date.UTC(2025, 0, 1 + run);
  const messages: ArchiveMessage[] = Array.from({ length: LONG_CHAT }, (_, i) => ({
    role: i % 2 ? 'assistant' : 'user',
    name: i % 2 ? characterName : 'You',
    // About the length of a chat message; varied, so compression does not flatter the archive.
    content: `Line ${i}: ${'a few words of conversation '.repeat(3 + (i % 7))}`,
    sendDate: new Date(start + i * 60_000).toISOString(),
  }));
  const jsonl = writeChatJsonl({ userName: 'You', characterName, createdAt: new Date(start).toISOString(), messages });
  return zipSync({ [`${characterName} - bench.jsonl`]: strToU8(jsonl) });
}

export interface ImportResult {
  rows: Row[];
  /** The one imported chat kept (the others are deleted), opened by the chat-window figure. */
  chatId: string;
}

/** Server half: the imports; the chat is linked to the seeded card by its character name. */
export async function importToServer(session: Session): Promise<{ serverMs: number; chatId: string }> {
  const imported = await repeat(SERVER_RUNS, async (run) => {
    const zip = archive(session.card.name, run);
    const { payload, headers } = await multipartBody({ field: 'file', filename: 'bench-chat.zip', type: 'application/zip', bytes: zip });
    const response = await timedPost(
      new URL('/api/chats/import', session.api.baseURL).href,
      { ...headers, authorization: `Bearer ${await session.api.token()}` },
      payload,
    );
    if (response.status !== 202) throw new Error(`import answered ${response.status}: ${response.body.slice(0, 300)}`);
    // The import is a job: the server's time runs from the upload's last byte to the job's end.
    const started = performance.now() - response.serverMs;
    const job = await jobDone<{ imported: { chat_id: string; message_count: number }[] }>(
      session.api,
      (JSON.parse(response.body) as { job: { id: string } }).job.id,
    );
    const chat = job.imported[0]!;
    if (chat.message_count !== LONG_CHAT) throw new Error(`the import kept ${chat.message_count} messages`);
    return { ms: performance.now() - started, chatId: chat.chat_id };
  });
  for (const extra of imported.slice(1)) await apiJson(session.api, 'POST', '/api/chats/delete', { chat_id: extra.chatId });
  return { serverMs: median(imported.map((run) => run.ms)), chatId: imported[0]!.chatId };
}

const dexieSource = fs.readFileSync(createRequire(import.meta.url).resolve('dexie/dist/dexie.js'), 'utf8');

/** Browser half: every message of the chat from the API, then timed bulkPuts into the app's database. */
export async function storeInDexie(session: Session, chatId: string): Promise<number> {
  const messages: unknown[] = [];
  let beforeSeq: number | undefined;
  for (;;) {
    const page = await apiJson<{ data: { seq: number }[] }>(session.api, 'POST', '/api/chats/get', {
      chat_id: chatId,
      page_size: 100,
      ...(beforeSeq === undefined ? {} : { before_seq: beforeSeq }),
    });
    if (page.data.length === 0) break;
    messages.unshift(...page.data);
    beforeSeq = page.data[0]!.seq;
    if (beforeSeq === 0) break;
  }
  if (messages.length < LONG_CHAT) throw new Error(`read ${messages.length} of the chat's messages back`);
  // Its own page, so the app's window (open in the session's page) does not redraw meanwhile.
  const page = await session.context.newPage();
  try {
    await page.goto('/');
    await page.evaluate(dexieSource);
    const times = await repeat(DEXIE_RUNS, () =>
      page.evaluate(async (rows) => {
        const Dexie = (window as unknown as { Dexie: new (name: string) => any }).Dexie;
        const db = new Dexie('cardchat');
        await db.open();
        const ids = rows.map((row) => (row as { id: string }).id);
        await db.table('messages').bulkDelete(ids);
        const started = performance.now();
        await db.table('messages').bulkPut(rows.map((row) => ({ ...(row as object), state: 'sent' })));
        const elapsed = performance.now() - started;
        db.close();
        return elapsed;
      }, messages),
    );
    return median(times);
  } finally {
    await page.close();
  }
}

export function importRows(serverMs: number, dexieMs: number): Row[] {
  const perSecond = LONG_CHAT / (dexieMs / 1000);
  return [
    {
      n: '9',
      figure: `Import of a zip holding a ${LONG_CHAT.toLocaleString('en')}-message SillyTavern chat: server time`,
      value: ms(serverMs),
      goal: '≤ 2 s',
      anchor: '—',
      pass: serverMs <= 2000,
    },
    {
      n: '9',
      figure: `Dexie storing those ${LONG_CHAT.toLocaleString('en')} messages in Chromium (app's database, one bulkPut)`,
      value: `${Math.round(perSecond).toLocaleString('en')} messages/s (${ms(dexieMs)})`,
      goal: '≥ 8,000 messages/s',
      anchor: '—',
      pass: perSecond >= 8000,
    },
  ];
}
