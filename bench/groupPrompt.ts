/**
 * Figure 31: one reply's prompt in a 5-member group chat, in-process: the speaker picked by natural
 * order (mentions, talkativeness) over the last 100 messages, then the speaker's card laid out with
 * the line about the others and the group nudge. Beside it, a one-character chat's prompt over the
 * same history, alternating in the same run, so what a group adds is measured on this machine.
 */
import { normalizeCard } from '@core/card/index';
import { buildPrompt, type BuildPromptInput } from '@core/chat/index';
import { seededRandom } from '@core/chat/macros/seeded';
import { buildGroupPrompt, pickSpeaker, talkativenessOf } from '@core/group/index';
import { ms } from './lib/stats';
import type { Row } from './lib/table';

const MEMBERS = 5;
const MESSAGES = 100;
const RUNS = 300;
const GOAL_MS = 5;

const cards = Array.from(
  { length: MEMBERS },
  (_, i) =>
    normalizeCard({
      name: `Member ${i}`,
      description: `{{char}} is member ${i} of the crew. ${'A long description of the crew member. '.repeat(40)}`,
      personality: 'Curious, brave.',
      scenario: 'A ship in a storm.',
      mes_example: '<START>\n{{user}}: Hi\n{{char}}: Hello there.',
      extensions: { talkativeness: (i + 1) / MEMBERS },
    }).card,
);
const history = Array.from({ length: MESSAGES }, (_, i) => ({
  role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
  content: `Message ${i}: ${'words about the voyage and the storm, '.repeat(6)}`,
  name: i % 2 === 0 ? 'Ada' : `Member ${i % MEMBERS}`,
  id: `m-${i}`,
}));
const base: BuildPromptInput = { card: cards[0]!, userName: 'Ada', history, contextTokens: 8192, replyTokens: 512, chatId: 'bench-group' };

function groupReply(seed: number): void {
  const speaker = pickSpeaker({
    strategy: 'natural',
    members: cards.map((card, i) => ({
      id: String(i),
      names: [card.data.name],
      talkativeness: talkativenessOf(card.data.extensions),
      muted: false,
    })),
    history: history.map((m) => ({ role: m.role, content: m.content, speakerId: m.role === 'assistant' ? m.name.slice(-1) : null })),
    random: seededRandom(`run-${seed}`),
  })!;
  const index = Number(speaker);
  buildGroupPrompt({
    ...base,
    card: cards[index]!,
    speakerName: cards[index]!.data.name,
    others: cards.filter((_, i) => i !== index).map((card) => card.data.name),
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function groupPromptFigures(): Row[] {
  const group: number[] = [];
  const single: number[] = [];
  const time = (work: () => void, into: number[]) => {
    const started = performance.now();
    work();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < 20; i++) {
    groupReply(i);
    buildPrompt(base);
  }
  for (let run = 0; run < RUNS; run++) {
    if (run % 2) {
      time(() => groupReply(run), group);
      time(() => buildPrompt(base), single);
    } else {
      time(() => buildPrompt(base), single);
      time(() => groupReply(run), group);
    }
  }
  const p95 = percentile(group, 95);
  const anchor = `a one-character chat's prompt over the same history, alternating: p95 ${ms(percentile(single, 95))}`;
  return [
    {
      n: '31',
      figure: `A ${MEMBERS}-member group: speaker picked and its prompt built over ${MESSAGES} messages, in-process: p95 (median ${ms(percentile(group, 50))})`,
      value: ms(p95),
      goal: `≤ ${GOAL_MS} ms`,
      anchor,
      pass: p95 <= GOAL_MS,
    },
  ];
}
