/**
 * Chat figures, measured in-process (buildApp + inject, SQLite, the demo AI with no delay between
 * words), so they show the server's own work: the database, the idempotency ledger, the prompt
 * builder, the archive. Network time and the AI's speed are not in them.
 */
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { testCardPng } from '../tests/support/cards';
import { userOf } from '../tests/api/cards';
import { chatJsonl, complete, exportChat, getChat, importArchive, ownCard } from '../tests/api/chat-helpers';
import { createTestApp } from '../tests/api/helpers';
import { median, ms, timeMs } from './lib/stats';
import type { Row } from './lib/table';

export interface ChatFigures {
  completionMs: number;
  pageMs: number;
  importMs: number;
  exportMs: number;
  messages: number;
}

const RUNS = 30;
const LONG_CHAT = 5000;

/** Times a request that must answer 200 (a figure for a refusal would mean nothing). */
const timed = (run: () => Promise<{ statusCode: number }>): Promise<number> =>
  timeMs(async () => {
    const response = await run();
    if (response.statusCode !== 200) throw new Error(`bench request answered ${response.statusCode}`);
  });

export async function chatFigures(): Promise<ChatFigures> {
  const test = await createTestApp('sqlite', { LLM_DEMO_WORD_DELAY_MS: '0' });
  try {
    const user = await userOf(test, 'bench');
    const card = await ownCard(test, user, testCardPng({ name: 'Bench', mes_example: '<START>\n{{user}}: hi\n{{char}}: hello' }));
    const chatId = randomUUID();
    const completions: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      completions.push(await timed(() => complete(test, user, { chatId, characterId: card, text: `Message number ${run}` })));
    }

    const lines = Array.from({ length: LONG_CHAT }, (_, i) => ({ is_user: i % 2 === 0, mes: `Line ${i}: ${'words '.repeat(40)}` }));
    const zip = zipSync({ 'Bench.jsonl': strToU8(chatJsonl('Bench', lines)) });
    const started = performance.now();
    const imported = await importArchive(test, user, zip);
    const importMs = performance.now() - started;
    const longChat = imported.json().imported[0].chat_id as string;

    const pages: number[] = [];
    for (let run = 0; run < RUNS; run++) pages.push(await timed(() => getChat(test, user, { chat_id: longChat, page: 1 + (run % 50) })));
    const exportMs = await timed(() => exportChat(test, user, longChat));
    return { completionMs: median(completions), pageMs: median(pages), importMs, exportMs, messages: LONG_CHAT };
  } finally {
    await test.close();
  }
}

/** The oldest figures, kept beside the numbered ones: the server's own work per request, in-process. */
export async function chatRows(): Promise<Row[]> {
  const chat = await chatFigures();
  const row = (figure: string, value: number, goalMs: number): Row => ({
    n: '—',
    figure,
    value: ms(value),
    goal: `≤ ${goalMs} ms`,
    anchor: 'in-process, SQLite',
    pass: value <= goalMs,
  });
  return [
    row('Completion, server time (demo AI, in-process)', chat.completionMs, 50),
    row(`A page of 10 messages from a ${chat.messages}-message chat`, chat.pageMs, 20),
    row(`Import of a ${chat.messages}-message chat (.zip), in-process`, chat.importMs, 2000),
    row('Export of that chat (.zip)', chat.exportMs, 1000),
  ];
}
