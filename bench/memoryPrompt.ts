/**
 * Figure 22: building one reply's prompt in-process for a long chat that remembers: a 10,000-message
 * history, 50 pinned memories, a 200-entry lorebook, a 200-word running summary and the chat's
 * author's note. Beside it, the same card and chat without memories, summary and note, alternating in
 * the same run, so what they add is measured on this machine whatever its load. Then what the
 * summary costs upstream (summaryCost.ts).
 */
import { normalizeCard } from '@core/card/index';
import { buildPrompt, type BuildPromptInput } from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { ms } from './lib/stats';
import type { Row } from './lib/table';
import { summaryCostRows } from './summaryCost';

const MESSAGES = 10_000;
const MEMORIES = 50;
const ENTRIES = 200;
const RUNS = 300;
const GOAL_MS = 5;
const words = ['harbour', 'lantern', 'storm', 'ferry', 'tide', 'gull', 'anchor', 'reef', 'beacon', 'fog'];

function input(): BuildPromptInput {
  const entries = Array.from({ length: ENTRIES }, (_, i) => ({
    id: i,
    keys: [`${words[i % words.length]}${Math.floor(i / words.length)}`],
    content: `Lore ${i} for {{user}}: ${'old harbour lore, '.repeat(5)}`,
    insertion_order: i % 40,
    enabled: true,
    extensions: { position: i % 5, depth: i % 6 },
  }));
  const card = normalizeCard({
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: {
      name: 'Bench Keeper',
      description: `{{char}} keeps the light. ${'Long text about the coast. '.repeat(30)}`,
      scenario: 'A storm night at the lighthouse.',
      extensions: { depth_prompt: { prompt: '{{char}} hides a secret.', depth: 4, role: 'system' } },
      character_book: { name: 'Bench', entries },
    },
  }).card;
  const history = Array.from({ length: MESSAGES }, (_, i) => ({
    role: (i % 2 === 0 ? 'user' : 'assistant') as ChatRole,
    content: `Message ${i} about the ${words[i % words.length]}${i % 20}, {{user}}. ${'More words here. '.repeat(8)}`,
    id: `m-${i}`,
  }));
  return {
    card,
    userName: 'Ada',
    history,
    contextTokens: 8192,
    replyTokens: 512,
    chatId: 'bench-chat',
    chatLength: MESSAGES,
    memories: Array.from({ length: MEMORIES }, (_, i) => `Memory ${i}: ${'something the story must not forget. '.repeat(4)}`),
    authorsNote: { text: 'Keep {{char}} terse and the storm loud.', depth: 2, interval: 1, role: 'system' },
    summary: `${'The keeper saw the storm coming and lit the lamp early. '.repeat(20)}`.trim(),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function memoryPromptFigures(): Row[] {
  const full = input();
  const bare: BuildPromptInput = { ...full, memories: undefined, authorsNote: undefined, summary: undefined };
  const ours: number[] = [];
  const plain: number[] = [];
  const time = (what: BuildPromptInput, into: number[]) => {
    const started = performance.now();
    buildPrompt(what);
    into.push(performance.now() - started);
  };
  for (let i = 0; i < 20; i++) {
    buildPrompt(full);
    buildPrompt(bare);
  }
  for (let run = 0; run < RUNS; run++) {
    if (run % 2) {
      time(full, ours);
      time(bare, plain);
    } else {
      time(bare, plain);
      time(full, ours);
    }
  }
  const p95 = percentile(ours, 95);
  const base = percentile(plain, 95);
  const anchor = `the same card and chat without memories, summary and note, alternating: p95 ${ms(base)}`;
  return [
    {
      n: '22',
      figure: `Prompt for a ${MESSAGES.toLocaleString('en')}-message chat with ${MEMORIES} memories, a ${ENTRIES}-entry lorebook, a summary and an author's note, in-process: p95 (median ${ms(percentile(ours, 50))})`,
      value: ms(p95),
      goal: `≤ ${GOAL_MS} ms`,
      anchor,
      pass: p95 <= GOAL_MS,
    },
    {
      n: '22',
      figure: 'Same: ÷ the prompt without memories, summary and note at p95',
      value: `${(p95 / base).toFixed(2)}×`,
      goal: '—',
      anchor,
      pass: undefined,
    },
    ...summaryCostRows(),
  ];
}
