/**
 * Figure 23: a streamed token from the LLM to the screen. The fake LLM notes when it writes each
 * piece (40 a second, a brisk real model); the page notes when each piece's word was first painted
 * (MutationObserver, then the frame that paints it); both clocks are the machine's. Also the first
 * token after Enter (the keydown to its paint). In the imported 10,000-message chat, as figure 6.
 */
import type { Page } from 'playwright-core';
import { openFromList } from './chat-window';
import { NEWEST_LINE } from './import';
import { paintedWith } from './lib/browser';
import type { Session } from './lib/session';
import { median, ms } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 3;
const WORDS = 80;
/** 40 tokens a second. */
const WORD_DELAY_MS = 25;
const ANCHOR = 'SillyTavern 1.12.6 measured: 32 ms; before this figure: 51 ms (first token 108 ms)';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

/** Starts noting, in the page, when each word `t<run>w<i>` is painted and when Enter went down. */
function watchPaints(page: Page, run: number): Promise<void> {
  return page.evaluate((prefix) => {
    const painted: number[] = [];
    const state = { painted, enterAt: Number.NaN };
    (window as unknown as { tokenPaints: typeof state }).tokenPaints = state;
    const pattern = new RegExp(`${prefix}(\\d+)`, 'g');
    const seen = new Set<number>();
    const observer = new MutationObserver((records) => {
      const fresh: number[] = [];
      for (const record of records) {
        const text =
          record.type === 'characterData' ? record.target.textContent : [...record.addedNodes].map((n) => n.textContent).join(' ');
        for (const match of (text ?? '').matchAll(pattern)) {
          const index = Number(match[1]);
          if (!seen.has(index)) fresh.push(index);
          seen.add(index);
        }
      }
      if (fresh.length === 0) return;
      // The frame after the change is the one that paints it; the task after it runs once painted.
      requestAnimationFrame(() =>
        setTimeout(() => {
          const at = performance.timeOrigin + performance.now();
          for (const index of fresh) painted[index] = at;
        }, 0),
      );
    });
    observer.observe(document.querySelector('[role="log"]')!, { childList: true, subtree: true, characterData: true });
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && Number.isNaN(state.enterAt)) state.enterAt = performance.timeOrigin + performance.now();
      },
      { capture: true },
    );
  }, `t${run}w`);
}

export async function tokenPixelFigures(session: Session): Promise<Row[]> {
  const { page, fake, card } = session;
  await openFromList(page, card.name, NEWEST_LINE);
  const delays: number[] = [];
  const firsts: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const words = Array.from({ length: WORDS }, (_, i) => `t${run}w${i}`);
    fake.next({ kind: 'reply', text: words.join(' '), chunkDelayMs: WORD_DELAY_MS });
    await watchPaints(page, run);
    const input = page.getByPlaceholder('Type a message');
    await input.fill(`Token run ${run}`);
    await input.press('Enter');
    await paintedWith(page, words.at(-1)!);
    await page.locator('[role="log"] [aria-busy="true"]').waitFor({ state: 'detached' });
    // Each paint is noted a task after its frame: wait for the last ones.
    await page.waitForFunction(
      (count) => (window as unknown as { tokenPaints: { painted: number[] } }).tokenPaints.painted.filter(Number.isFinite).length >= count,
      WORDS,
    );
    const { painted, enterAt } = await page.evaluate(
      () => (window as unknown as { tokenPaints: { painted: number[]; enterAt: number } }).tokenPaints,
    );
    const sent = fake.sentAt;
    if (sent.length !== WORDS) throw new Error(`the fake LLM wrote ${sent.length} of ${WORDS} pieces`);
    // A piece painted only with the stored reply (after the stream) was never shown streaming.
    for (let i = 0; i < WORDS; i += 1) {
      if (painted[i] === undefined) throw new Error(`word ${i} of run ${run} was never painted`);
      delays.push(painted[i]! - sent[i]!);
    }
    firsts.push(painted[0]! - enterAt);
  }
  const p50 = percentile(delays, 0.5);
  const p95 = percentile(delays, 0.95);
  const first = median(firsts);
  return [
    {
      n: '23',
      figure: `A streamed token from the LLM's write to its paint, ${1000 / WORD_DELAY_MS} tokens/s, loopback (${RUNS} × ${WORDS} tokens, in the open ${'10,000'}-message chat): p50 / p95`,
      value: `${ms(p50)} / ${ms(p95)}`,
      goal: '≤ 20 ms / ≤ 35 ms',
      anchor: ANCHOR,
      pass: p50 <= 20 && p95 <= 35,
    },
    {
      n: '23',
      figure: 'First token after Enter: the keydown to the first piece painted (median)',
      value: ms(first),
      goal: '≤ 120 ms',
      anchor: ANCHOR,
      pass: first <= 120,
    },
  ];
}
