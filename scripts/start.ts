import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { main } from '../server/main';

/** Everything the built PWA is made from; dist/ is rebuilt when any of it is newer. */
const SOURCES = ['src', 'core', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function distIsStale(distDir: string): boolean {
  const marker = path.join(distDir, 'index.html');
  if (!fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return SOURCES.some((source) => newestMtime(source) > built);
}

const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
if (distIsStale(distDir)) {
  console.log('cardchat: building the app (dist/ is missing or older than the sources)...');
  const result = spawnSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'], {
    stdio: 'inherit',
    // A NODE_ENV inherited from a test runner would make Vite build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('cardchat: the build failed; see the output above.');
    process.exit(1);
  }
}

await main();
