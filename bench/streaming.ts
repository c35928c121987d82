/**
 * Figure 5: a streamed reply through our server (POST /api/chat/completions) beside the same reply
 * straight from the fake LLM, alternating in the same run: what the server adds to the first token
 * and to the whole reply (its idempotency ledger, prompt building, storing the reply).
 */
import { randomUUID } from 'node:crypto';
import { apiJson } from './lib/http';
import type { Session } from './lib/session';
import { median, ms, repeat } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 9;
const WORDS = 80;
/** 50 words a second, a brisk real model. */
const WORD_DELAY_MS = 20;
const REPLY = Array.from({ length: WORDS }, (_, i) => `word${i}`).join(' ');

interface StreamTiming {
  firstTokenMs: number;
  wholeMs: number;
}

/** Reads an SSE response to its end, noting when the first content delta arrived. */
async function timedStream(url: string, headers: Record<string, string>, body: unknown): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  let firstTokenMs: number | undefined;
  for await (const chunk of response.body) {
    text += decoder.decode(chunk, { stream: true });
    if (firstTokenMs === undefined && text.includes('"content":"word0')) firstTokenMs = performance.now() - started;
  }
  if (firstTokenMs === undefined || !text.includes(`word${WORDS - 1}`)) throw new Error(`${url} streamed an incomplete reply`);
  return { firstTokenMs, wholeMs: performance.now() - started };
}

export async function streamingFigures(session: Session): Promise<Row[]> {
  const { fake, api, card } = session;
  const chats: string[] = [];
  const direct = () => {
    fake.next({ kind: 'reply', text: REPLY, chunkDelayMs: WORD_DELAY_MS });
    return timedStream(
      `${fake.baseUrl}/chat/completions`,
      {},
      { model: 'bench', stream: true, messages: [{ role: 'user', content: 'Hello' }] },
    );
  };
  const throughServer = async () => {
    fake.next({ kind: 'reply', text: REPLY, chunkDelayMs: WORD_DELAY_MS });
    const chatId = randomUUID();
    chats.push(chatId);
    return timedStream(
      `${api.baseURL}/api/chat/completions`,
      { authorization: `Bearer ${await api.token()}`, 'idempotency-key': randomUUID() },
      { chat_id: chatId, character_id: card.fileId, messages: [{ role: 'user', content: 'Hello' }], stream: true, regenerate: false },
    );
  };
  await throughServer(); // warm-up
  const pairs = await repeat(RUNS, async (run) => {
    // Alternating which goes first, so neither always follows the other's garbage.
    if (run % 2) {
      const ours = await throughServer();
      return { ours, theirs: await direct() };
    }
    const theirs = await direct();
    return { ours: await throughServer(), theirs };
  });
  for (const chatId of chats) await apiJson(api, 'POST', '/api/chats/delete', { chat_id: chatId });

  const addedFirst = median(pairs.map((pair) => pair.ours.firstTokenMs)) - median(pairs.map((pair) => pair.theirs.firstTokenMs));
  const directWhole = median(pairs.map((pair) => pair.theirs.wholeMs));
  const addedWhole = median(pairs.map((pair) => pair.ours.wholeMs)) / directWhole - 1;
  const anchor = 'a direct connection';
  return [
    {
      n: '5',
      figure: `Streaming through our server vs straight from the fake LLM (${WORDS} words, ${WORD_DELAY_MS} ms apart): added to first token`,
      value: ms(addedFirst),
      goal: '≤ 5 ms',
      anchor,
      pass: addedFirst <= 5,
    },
    {
      n: '5',
      figure: `Same: added to the whole reply (direct ${ms(directWhole)})`,
      value: `${(addedWhole * 100).toFixed(1)} %`,
      goal: '≤ 2 %',
      anchor,
      pass: addedWhole <= 0.02,
    },
  ];
}
