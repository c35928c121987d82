/**
 * Figure 22, the summary's cost: the upstream tokens the automatic summary adds per 100 replies of a
 * long roleplay, beside what those 100 replies cost themselves. A chat is played out in-process
 * (buildPrompt as the server builds each reply's prompt, the summary asked for when summaryDue says,
 * each request's tokens estimated as the prompt's are); each summary answers in its 200 words.
 */
import { buildPrompt, SUMMARY_WORDS, summaryDue, summaryRequest, type ChatSummaryState } from '@core/chat/index';
import { estimateMessageTokens, estimateTokens } from '@core/chat/tokens';
import { normalizeCard } from '@core/card/index';
import type { ChatRole } from '@core/contract';
import type { Row } from './lib/table';

const REPLIES = 400;
/** Replies 301–400 are measured: by then the summary runs as it will for the rest of a long chat. */
const MEASURED_FROM = 300;
const CONTEXT = 8192;
const REPLY = 512;

const card = normalizeCard({
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: { name: 'Bench Keeper', description: `{{char}} keeps the light. ${'Long text about the coast. '.repeat(30)}` },
}).card;
const sentence = 'The storm rolls over the harbour and the lantern swings. ';
const userText = (i: number) => `Turn ${i}: ${sentence.repeat(3)}`;
const replyText = (i: number) => `Reply ${i}: ${sentence.repeat(10)}`;
const summaryText = 'word '.repeat(SUMMARY_WORDS).trim();
const tokensOf = (messages: readonly { content: string }[]) => messages.reduce((sum, m) => sum + estimateMessageTokens(m), 0);

export function summaryCostRows(): Row[] {
  const history: { role: ChatRole; content: string }[] = [];
  let summary: ChatSummaryState = { text: '', off: false, covers: 0, updated_at: null, demo: false };
  let replyCost = 0;
  let summaryCost = 0;
  let summaries = 0;
  for (let i = 0; i < REPLIES; i++) {
    history.push({ role: 'user', content: userText(i) });
    // The prompt reads the last 100 messages, as the server does.
    const read = history.slice(-100);
    const prompt = buildPrompt({ card, userName: 'Ada', history: read, contextTokens: CONTEXT, replyTokens: REPLY, summary: summary.text });
    const reply = replyText(i);
    history.push({ role: 'assistant', content: reply });
    const firstKept = history.length - 1 - read.length + prompt.droppedHistory;
    const upto = summaryDue(summary, firstKept);
    const measured = i >= MEASURED_FROM;
    if (measured) replyCost += prompt.estimatedTokens + estimateTokens(reply);
    if (upto === null) continue;
    const lines = history.slice(summary.covers, upto).map((m) => ({ role: m.role, name: '', content: m.content }));
    const room = CONTEXT - REPLY - tokensOf(summaryRequest(summary.text, []));
    let used = 0;
    const fitting = lines.reverse().filter((line) => (used += estimateMessageTokens(line)) <= room);
    if (measured) {
      summaryCost += tokensOf(summaryRequest(summary.text, fitting.reverse())) + estimateTokens(summaryText);
      summaries += 1;
    }
    summary = { ...summary, text: summaryText, covers: upto };
  }
  const per100 = (n: number) => Math.round((n * 100) / (REPLIES - MEASURED_FROM));
  const anchor = `the same 100 replies' own prompt and reply tokens: ${per100(replyCost).toLocaleString('en')}`;
  return [
    {
      n: '22',
      figure: `Automatic summary's upstream tokens per 100 replies of a long chat (${CONTEXT.toLocaleString('en')}-token window; ${per100(summaries)} summary requests)`,
      value: per100(summaryCost).toLocaleString('en'),
      goal: '—',
      anchor,
      pass: undefined,
    },
    {
      n: '22',
      figure: 'Same: ÷ the replies’ own tokens',
      value: `${((summaryCost / replyCost) * 100).toFixed(1)} %`,
      goal: '—',
      anchor,
      pass: undefined,
    },
  ];
}
