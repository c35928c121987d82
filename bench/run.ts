/**
 * `npm run bench`: builds dist/, measures every figure (numbered as in bench/results.md) on this
 * machine, prints one table (figure, value, goal, anchor, pass/fail by the goal) and writes it to
 * bench/results.md with the machine it was measured on. Timings are medians of several runs;
 * ratios are measured side by side in the same run. Tests never assert timings; this does.
 * A figure group that fails to run is a FAIL row with its error, and the others still run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { accountExportFigures } from './account-export';
import { bundleFigures } from './bundle';
import { characterPageFigures } from './character-page';
import { chatRows } from './chat';
import { scrollFigures } from './chat-scroll';
import { chatWindowFigures } from './chat-window';
import { codecFigures } from './codec';
import { galleryLoadFigures } from './gallery-load';
import { galleryScaleFigures } from './gallery-scale';
import { importRows, importToServer, NEWEST_LINE, storeInDexie } from './import';
import { cardOfSize } from './lib/cards';
import { loadAverage, machineLine } from './lib/machine';
import { openSession, type Session } from './lib/session';
import { MB } from './lib/stats';
import { failedRows, renderTable, type Row } from './lib/table';
import { outboxFigures } from './outbox';
import { promptFigures } from './prompt';
import { groupPromptFigures } from './groupPrompt';
import { memoryPromptFigures } from './memoryPrompt';
import { pictureFigures } from './pictures';
import { fairnessFigures } from './fairness';
import { signUpFigures } from './sign-up';
import { reconnectFigures } from './reconnect';
import { reloadFigures } from './reload';
import { searchFigures } from './search';
import { slowPhoneFigures } from './slow-phone';
import { startupFigures } from './startup';
import { streamingFigures } from './streaming';
import { tokenPixelFigures } from './token-pixel';
import { uploadFigures } from './upload';

const rows: Row[] = [];
const loads: string[] = [];

/** `npm run bench -- --only 6,7` measures just those groups (while working on them) and leaves results.md alone. */
const onlyArg = process.argv.indexOf('--only');
const only = onlyArg >= 0 ? new Set((process.argv[onlyArg + 1] ?? '').split(',')) : undefined;

// A stray rejection from a page must not end the run and lose every figure measured so far.
process.on('unhandledRejection', (error) => console.error('bench: unhandled rejection', error));

/** Runs one figure group, notes how long it took and the load it ran under, and never throws. */
async function measure(n: string, figure: string, goal: string, anchor: string, run: () => Promise<Row[]> | Row[]): Promise<boolean> {
  if (only && !only.has(n)) return false;
  const started = performance.now();
  process.stdout.write(`bench: figure ${n}... `);
  try {
    const measured = await run();
    measured[0]!.seconds = (performance.now() - started) / 1000;
    rows.push(...measured);
    console.log(`${measured.map((row) => row.value).join('; ')} (${measured[0]!.seconds.toFixed(0)} s, load ${loadAverage()})`);
    return true;
  } catch (error) {
    const failed = failedRows(n, figure, goal, anchor, error);
    failed[0]!.seconds = (performance.now() - started) / 1000;
    rows.push(...failed);
    console.log(`FAILED\n${error instanceof Error ? error.stack : error}`);
    return false;
  } finally {
    loads.push(`${n}: ${loadAverage()}`);
  }
}

function build(): void {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

async function sessionFigures(session: Session, bigCard: Uint8Array): Promise<void> {
  await measure(
    '1',
    'JS loaded before Home shows its cards, gzip',
    '≤ 150 kB; service worker ≤ 15 kB',
    'SillyTavern loads about 1.1 MiB gzip of JS',
    () => bundleFigures(session),
  );
  await measure('3', 'Upload of a 20 MB card, server time', '≤ 600 ms', '—', () => uploadFigures(session, bigCard));
  await measure('4', 'Gallery list under autocannon', '≥ 5,000 req/s; p99 ≤ 10 ms at 1,000 req/s', 'Express-class servers ~8k req/s', () =>
    galleryLoadFigures(session),
  );
  await measure('5', 'Streaming through our server vs direct', '≤ 5 ms first token; ≤ 2% whole', 'a direct connection', () =>
    streamingFigures(session),
  );

  // The long chat every later browser figure opens; its import is figure 9's first half.
  let imported: { chatId: string; serverMs: number } | undefined;
  let importError: unknown;
  try {
    if (!only || ['6', '7', '8', '9', '23'].some((n) => only.has(n))) imported = await importToServer(session);
  } catch (error) {
    importError = error;
  }
  const needsChat = (run: (chatId: string) => Promise<Row[]>) => () => (imported ? run(imported.chatId) : Promise.reject(importError));
  let newestText = NEWEST_LINE;
  await measure(
    '6',
    '10,000-message chat in Chromium',
    '≤ 100 ms; ≤ 2 ms per token',
    'React rendering all 10k',
    needsChat(async (chatId) => {
      const result = await chatWindowFigures(session);
      newestText = result.newestText;
      return [...result.rows, ...(await scrollFigures(session, chatId))];
    }),
  );
  await measure(
    '23',
    'A streamed token to the screen',
    'p50 ≤ 20 ms, p95 ≤ 35 ms; first ≤ 120 ms',
    'SillyTavern: 32 ms',
    needsChat(() => tokenPixelFigures(session)),
  );
  await measure(
    '9',
    'Import of a 10,000-message chat; Dexie storing it',
    '≤ 2 s; ≥ 8,000 messages/s',
    '—',
    needsChat(async (chatId) => importRows(imported!.serverMs, await storeInDexie(session, chatId))),
  );
  await measure(
    '7',
    'Reload of /recent-chat, service worker vs network',
    '≤ 0.2×',
    '—',
    needsChat((chatId) => reloadFigures(session, chatId, newestText)),
  );
  await measure(
    '8',
    'Outbox replay of 100 queued messages',
    '≤ 3 s, zero duplicates',
    'workbox-background-sync',
    needsChat((chatId) => outboxFigures(session, chatId)),
  );
  await measure('11', 'First visit on a slow phone', '≤ 2.5 s; repeat ≤ 1 s; JS ≤ 170 KiB', 'a bare static server', () =>
    slowPhoneFigures(session),
  );
  await measure('21', "A character page's first view on the slow phone", '≤ 2.5 s', "figure 11's first card", () =>
    characterPageFigures(session),
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadAverage();
  process.stdout.write('bench: building dist/... ');
  build();
  console.log('done');
  // First, while nothing else of the bench has run: start-up is the figure most sensitive to a busy disk.
  await measure(
    '10',
    '`npm start` to the first 200 of /api/health; idle memory',
    '≤ 1 s (≤ 2 s migrating); ≤ 200 MB RSS',
    'bare Fastify, same database',
    startupFigures,
  );
  let bigCard: Uint8Array = new Uint8Array();
  await measure('2', 'Card metadata read vs png-chunks-extract', '≥ 3× faster', 'png-chunks-extract', () => {
    const codec = codecFigures();
    bigCard = codec.bigCard;
    return codec.rows;
  });
  let session: Session | undefined;
  if (!only || ['1', '3', '4', '5', '6', '7', '8', '9', '11', '21', '23'].some((n) => only.has(n))) {
    try {
      session = await openSession();
      await sessionFigures(session, bigCard.length ? bigCard : cardOfSize(20 * MB));
    } catch (error) {
      rows.push(...failedRows('1, 3–9', 'the server and browser figures', '', '', error));
      console.error(error);
    } finally {
      await session?.close();
    }
  }
  await measure(
    '12',
    'Reconnect after an outage',
    '≤ 15 s, each once',
    'before the app probed by itself: never, until a reload',
    reconnectFigures,
  );
  await measure('13', 'Data export of a big account', 'flat memory', '—', accountExportFigures);
  await measure('14', 'Prompt with a 300-entry lorebook over a 2,000-message chat', '≤ 10 ms p95', 'the builder before', promptFigures);
  await measure('22', 'Prompt for a long chat with memories and a note', '≤ 5 ms p95', 'the same prompt without them', memoryPromptFigures);
  await measure('31', "A 5-member group reply's prompt", '≤ 5 ms p95', "a one-character chat's prompt", groupPromptFigures);
  await measure('15', 'Search inside chats, 1,000,000 messages', 'p95 ≤ 100 ms', 'SillyTavern: no search inside chats', searchFigures);
  await measure('16', 'Hostile pictures at once', '≤ 150 MB RSS, back in 60 s', 'audit: 1,707 MiB', pictureFigures);
  await measure(
    '17',
    'Another user while one imports at its limit; disk per quota byte',
    'p95 ≤ 2× idle; ≤ 1.2',
    'audit: 532 ms; 1.79',
    fairnessFigures,
  );
  await measure('19', 'Sign-up answer, known vs new address', '≤ 5 ms apart', 'audit: 409', signUpFigures);
  await measure('20', 'The gallery at 100,000 public cards, server time', '≤ 50 ms p95; search ≤ 100 ms', '—', galleryScaleFigures);
  await measure('—', 'In-process chat figures', '', '', chatRows);

  const order = (row: Row) => (row.n === '—' ? 99 : Number.parseInt(row.n, 10));
  rows.sort((a, b) => order(a) - order(b));
  const minutes = (performance.now() - started) / 60_000;
  const report = [
    '# Benchmarks',
    '',
    `Measured ${new Date().toISOString()} on ${machineLine()}.`,
    `Load average (1 min) before the run ${loadBefore}; after each figure ${loads.join(', ')}. The whole run took ${minutes.toFixed(1)} minutes, building dist/ included.`,
    "Timings are medians of several runs (see each file in bench/); ratios (2, 5, 7) and figure 11's reference are measured side by side, alternating, in the same run.",
    'Figures 1, 3–9, 11 and 21 run against one server started as `npm start` starts it (SQLite, seeded gallery, tests/support/fakeOpenAI as the LLM, per-user rate limits raised: bench/lib/session.ts) and one user signed up in Chromium; figures 11 and 21 visit as a fresh phone, no one signed in, figure 11 beside a bare static server (bench/lib/bare-static.ts). Figure 12 runs its own server behind a loopback TCP proxy that refuses connections for a while (bench/reconnect.ts). Figure 20 builds its own databases of 100,000 public cards (SQLite, and PostgreSQL when TEST_DATABASE_URL is set) and asks the server in-process.',
    '"—" rows are the oldest figures, kept: the server\'s own time, in-process.',
    '',
    renderTable(rows),
    '',
  ].join('\n');
  if (!only) fs.writeFileSync('bench/results.md', report);
  console.log(`\n${report}`);
}

await main();
