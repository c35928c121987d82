/**
 * Figure 14: building one reply's prompt in-process, as the server does for every message, for a
 * demanding card: a 300-entry lorebook with recursion (entries naming each other's keys), regex
 * keys, sticky and grouped entries, macros in every field and entry, a character's note, over a
 * 2,000-message chat. Beside it, the same card and chat through the builder as it was before it
 * followed SillyTavern (commit BASELINE_COMMIT, taken from git into a scratch folder), so the
 * added cost is measured on this machine in the same run, alternating.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { normalizeCard, type Card } from '@core/card/index';
import { buildPrompt, type BuildPromptInput } from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { ms } from './lib/stats';
import type { Row } from './lib/table';

/** main before the prompt builder followed SillyTavern's macros, lorebook and layout. */
const BASELINE_COMMIT = '5cd36c4';
const ENTRIES = 300;
const MESSAGES = 2000;
const RUNS = 300;
const GOAL_MS = 10;

const words = ['harbour', 'lantern', 'storm', 'ferry', 'tide', 'gull', 'anchor', 'reef', 'beacon', 'fog'];

function benchCard(): Card {
  const entries = Array.from({ length: ENTRIES }, (_, i) => {
    const key = `${words[i % words.length]}${Math.floor(i / words.length)}`;
    const next = `${words[(i + 1) % words.length]}${Math.floor((i + 1) / words.length)}`;
    return {
      id: i,
      // Every fifth entry keys on a pattern; every entry's content names the next one's key (recursion).
      keys: i % 5 === 0 ? [`/\\b${key}s?\\b/i`, `{{char}} ${key}`] : [key, `${key} again`],
      secondary_keys: i % 7 === 0 ? ['tonight', 'later'] : [],
      selective: i % 7 === 0,
      content: `{{char}} recalls ${key} for {{user}}: ${'old harbour lore, '.repeat(6)}see ${next}. {{random::yes::no}} {{// note ${i}}}`,
      insertion_order: i % 50,
      enabled: true,
      constant: i % 100 === 0,
      extensions: {
        position: i % 7,
        depth: i % 6,
        role: i % 3,
        probability: i % 9 === 0 ? 60 : 100,
        useProbability: true,
        group: i % 11 === 0 ? 'weather' : '',
        sticky: i % 13 === 0 ? 3 : null,
        cooldown: i % 17 === 0 ? 2 : null,
      },
    };
  });
  const field = (name: string) =>
    `{{char}}'s ${name} for {{user}} on {{weekday}}: {{random::calm::wild::grim}} {{pick::a::b::c}} {{roll:d20}}. ${'Some long text about the coast. '.repeat(20)}`;
  return normalizeCard({
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: 'Bench Keeper',
      description: field('description'),
      personality: field('personality'),
      scenario: field('scenario'),
      system_prompt: `{{original}} ${field('rules')}`,
      post_history_instructions: field('reminder'),
      mes_example: Array.from({ length: 6 }, (_, i) => `<START>\n{{user}}: Example ${i}?\n{{char}}: ${field('answer')}`).join('\n'),
      extensions: { depth_prompt: { prompt: field('note'), depth: 4, role: 'system' } },
      character_book: { name: 'Bench', entries },
    },
  }).card;
}

function benchChat(): BuildPromptInput['history'] {
  return Array.from({ length: MESSAGES }, (_, i) => ({
    role: (i % 2 === 0 ? 'user' : 'assistant') as ChatRole,
    content: `Message ${i} about the ${words[i % words.length]}${i % 30} and ${words[(i * 3) % words.length]}${i % 7}, {{user}}. ${'More words here. '.repeat(8)}`,
    id: `m-${i}`,
    sendDate: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  }));
}

type Builder = (input: BuildPromptInput) => { estimatedTokens: number };

/** The builder at BASELINE_COMMIT, from git into node_modules/.cache (so its imports resolve). */
async function baselineBuilder(): Promise<Builder> {
  const dir = path.resolve('node_modules/.cache/bench-prompt-baseline');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execSync(`git archive ${BASELINE_COMMIT} core | tar -x -C ${JSON.stringify(dir)}`, { stdio: 'pipe' });
  const module = (await import(path.join(dir, 'core/chat/prompt.ts'))) as { buildPrompt: Builder };
  return module.buildPrompt;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function promptFigures(): Promise<Row[]> {
  const input: BuildPromptInput = {
    card: benchCard(),
    userName: 'Ada',
    history: benchChat(),
    contextTokens: 8192,
    replyTokens: 512,
    chatId: 'bench-chat',
    timeZone: 'Europe/Paris',
    chatLength: MESSAGES,
  };
  const before = await baselineBuilder();
  const ours: number[] = [];
  const theirs: number[] = [];
  const time = (build: Builder, into: number[]) => {
    const started = performance.now();
    build(input);
    into.push(performance.now() - started);
  };
  // Warm both up, then alternate so a busy neighbour costs both alike.
  for (let i = 0; i < 20; i++) {
    buildPrompt(input);
    before(input);
  }
  for (let run = 0; run < RUNS; run++) {
    if (run % 2) {
      time(buildPrompt, ours);
      time(before, theirs);
    } else {
      time(before, theirs);
      time(buildPrompt, ours);
    }
  }
  const fired = buildPrompt(input).parts.filter((part) => part.kind === 'lore').length;
  const p95 = percentile(ours, 95);
  const baseline = percentile(theirs, 95);
  const anchor = `the builder before SillyTavern semantics (${BASELINE_COMMIT}), same input, alternating: p95 ${ms(baseline)}, median ${ms(percentile(theirs, 50))}`;
  return [
    {
      n: '14',
      figure: `Prompt for a ${ENTRIES}-entry lorebook (recursion, regex keys, ${fired} entries in), macros in every field, ${MESSAGES.toLocaleString('en')}-message chat, in-process: p95 (median ${ms(percentile(ours, 50))})`,
      value: ms(p95),
      goal: `≤ ${GOAL_MS} ms`,
      anchor,
      pass: p95 <= GOAL_MS,
    },
    {
      n: '14',
      // The ratio holds on a busy machine where the milliseconds do not: both builders meet the same load.
      figure: 'Same: against the builder before, alternating in this run (p95 minus its p95; ours ÷ before at p95 and median)',
      value: `${p95 >= baseline ? '+' : '−'}${ms(Math.abs(p95 - baseline))} (p95 ${(p95 / baseline).toFixed(2)}×, median ${(percentile(ours, 50) / percentile(theirs, 50)).toFixed(2)}×)`,
      goal: '—',
      anchor,
      pass: undefined,
    },
  ];
}
