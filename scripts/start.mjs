// @ts-check
/**
 * `npm start`: builds what is stale, then runs the compiled server, so no TypeScript is compiled at
 * start. Plain JavaScript for that reason: this file is the one thing that runs before any build.
 *
 * - The PWA (dist/, Vite) is rebuilt when it is missing or older than any of its sources.
 * - The server (build/server.mjs) likewise, from server/ and core/, by esbuild: one ESM bundle of our
 *   code and the pure-JavaScript packages it needs at start, so Node resolves and reads one file
 *   rather than a thousand (module loading was most of the start-up time). Native packages and those
 *   only some deployments load (PostgreSQL, S3) stay in node_modules and are loaded when used.
 *   esbuild rather than tsc: it bundles (tsc only emits a file per source), and it is already here.
 *   Types are checked by `npm run typecheck`, not here.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MALLOC_MMAP_THRESHOLD, MALLOC_SETTING } from './lib/malloc.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const at = (/** @type {string} */ relative) => path.join(root, relative);

/** Everything the built PWA is made from. */
const PWA_SOURCES = ['src', 'core', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package-lock.json'];
/** Everything the server bundle is made from (this file holds its build options). */
const SERVER_SOURCES = ['server', 'core', 'scripts/start.mjs', 'package-lock.json', 'tsconfig.json'];

const SERVER_BUNDLE = at('build/server.mjs');

/**
 * Left to node_modules: native addons (and pg's optional one), and packages a deployment loads only
 * when configured (pg for DATABASE_URL, the AWS SDK for S3_BUCKET, nodemailer for SMTP_URL), which the
 * server requires lazily.
 */
const EXTERNAL = ['better-sqlite3', 'sharp', 'pg', 'pg-native', '@aws-sdk/*', 'nodemailer'];

/** @param {string} entry */
function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** @param {string} output @param {string[]} sources */
function isStale(output, sources) {
  if (!fs.existsSync(output)) return true;
  const built = fs.statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(at(source)) > built);
}

/** @param {string} distDir */
function buildPwa(distDir) {
  console.log('cardchat: building the app (dist/ is missing or older than the sources)...');
  const result = spawnSync(process.execPath, [at('node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    // A NODE_ENV inherited from a test runner would make Vite build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('the build of the app failed; see the output above.');
}

/**
 * Builds build/server.mjs. Written to a temporary name and renamed, so a server starting meanwhile
 * (tests start several at once) reads the old bundle or the new one, never half of one.
 */
async function buildServer() {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    // The jobs worker thread's code is a bundle of its own beside the server's (server/jobs/thread.ts finds it).
    entryPoints: { server: at('server/main.ts'), 'jobs-worker': at('server/jobs/worker.ts') },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // `@core/...` is the shared core/, as in tsconfig.json's paths and the Vite configuration.
    alias: { '@core': at('core') },
    // CommonJS packages inside an ESM bundle call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    outdir: path.dirname(SERVER_BUNDLE),
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    write: false,
  });
  fs.mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  // Maps first and the server's bundle last: it is what staleness is judged by, so it is never
  // newer than the files beside it.
  const rank = (/** @type {string} */ file) => (file.endsWith('.map') ? 0 : file === SERVER_BUNDLE ? 2 : 1);
  const files = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

/**
 * The allocator setting pictures need (scripts/lib/malloc.mjs) is read when a process starts, so on
 * Linux without it this script runs itself again with it and stays only to pass on signals and the
 * exit code; a deployment that sets it (tests and the bench do) runs the server directly.
 */
if (process.platform === 'linux' && process.env[MALLOC_SETTING] === undefined) {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, [MALLOC_SETTING]: MALLOC_MMAP_THRESHOLD },
  });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1)));
} else {
  await startServer();
}

async function startServer() {
  try {
    const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
    if (isStale(path.join(distDir, 'index.html'), PWA_SOURCES)) buildPwa(distDir);
    if (isStale(SERVER_BUNDLE, SERVER_SOURCES)) {
      console.log('cardchat: compiling the server (build/ is missing or older than the sources)...');
      await buildServer();
    }
  } catch (error) {
    // esbuild has printed where; the message says what.
    console.error(`cardchat: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  /** @type {{ main: () => Promise<void> }} */
  const server = await import(pathToFileURL(SERVER_BUNDLE).href);
  await server.main();
}
