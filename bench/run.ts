/**
 * `npm run bench`: measures on this machine and writes bench/results.md. Figures are medians of
 * several runs. Tests never assert timings; this is where speed is looked at.
 * Figures so far (issue 7 adds the rest): JS loaded before Home shows (gzip), the service worker's
 * size (gzip), `npm start` (dist built) to the first 200 of /api/health with idle memory, and the
 * server's own time for chats (bench/chat.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, waitForHealth } from '../scripts/lib/server-process';
import { chatFigures } from './chat';

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

interface Row {
  figure: string;
  value: string;
  goal: string;
  pass: boolean;
}

function build(): void {
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

function startServer(port: number, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    // Seeding the gallery is a one-off after the first start; these figures are about the steady state.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', SEED_GALLERY: 'false' },
    stdio: 'ignore',
  });
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

async function startupFigures(): Promise<{ startMs: number; rss: number }> {
  const starts: number[] = [];
  const rss: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-bench-'));
    const port = await freePort();
    const started = performance.now();
    const child = startServer(port, dataDir);
    await waitForHealth(`http://127.0.0.1:${port}`, child, { timeoutMs: 60_000, intervalMs: 10 });
    starts.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    rss.push(rssMiB(child.pid!));
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { startMs: median(starts), rss: median(rss) };
}

async function homeJsGzip(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-bench-'));
  const port = await freePort();
  const child = startServer(port, dataDir);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, { timeoutMs: 60_000 });
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
      if (process.env.BENCH_VERBOSE) console.log(response.url(), scripts.get(response.url()));
    });
    await page.goto(`http://localhost:${port}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await browser.close();
    return [...scripts.values()].reduce((sum, size) => sum + size, 0);
  } finally {
    child.kill('SIGINT');
    await new Promise((resolve) => child.on('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  build();
  const rows: Row[] = [];
  const homeJs = await homeJsGzip();
  rows.push({ figure: 'JS loaded before Home shows, gzip', value: `${(homeJs / 1024).toFixed(1)} kB`, goal: '≤ 150 kB', pass: homeJs <= 150 * 1024 });
  const sw = gzipSync(fs.readFileSync('dist/sw.js'), { level: 9 }).length;
  rows.push({ figure: 'Service worker, gzip', value: `${(sw / 1024).toFixed(1)} kB`, goal: '≤ 15 kB', pass: sw <= 15 * 1024 });
  const { startMs, rss } = await startupFigures();
  rows.push({ figure: 'Start (dist built) to first 200 of /api/health', value: `${Math.round(startMs)} ms`, goal: '≤ 2000 ms', pass: startMs <= 2000 });
  rows.push({ figure: 'Idle memory after start (RSS)', value: `${Math.round(rss)} MB`, goal: '≤ 200 MB', pass: rss <= 200 });
  const chat = await chatFigures();
  rows.push({ figure: 'Completion, server time (demo AI, in-process)', value: `${chat.completionMs.toFixed(1)} ms`, goal: '≤ 50 ms', pass: chat.completionMs <= 50 });
  rows.push({ figure: `A page of 10 messages from a ${chat.messages}-message chat`, value: `${chat.pageMs.toFixed(1)} ms`, goal: '≤ 20 ms', pass: chat.pageMs <= 20 });
  rows.push({ figure: `Import of a ${chat.messages}-message chat (.zip)`, value: `${Math.round(chat.importMs)} ms`, goal: '≤ 2000 ms', pass: chat.importMs <= 2000 });
  rows.push({ figure: `Export of that chat (.zip)`, value: `${Math.round(chat.exportMs)} ms`, goal: '≤ 1000 ms', pass: chat.exportMs <= 1000 });

  const chromiumVersion = spawnSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', ['--version']).stdout?.toString().trim() ?? 'unknown';
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${chromiumVersion}`;
  const table = [
    '| Figure | Value | Goal | Pass |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.figure} | ${row.value} | ${row.goal} | ${row.pass ? 'pass' : 'FAIL'} |`),
  ].join('\n');
  const report = `# Benchmarks\n\nMeasured ${new Date().toISOString()} on ${machine}. Medians of ${RUNS} runs where timed (30 requests for the chat figures).\n\n${table}\n`;
  fs.writeFileSync('bench/results.md', report);
  console.log(report);
}

await main();
