import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    // The router plugin must run before React's: it turns src/routes into the route tree and
    // splits each route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      // Home is the first view of nearly every first visit: in the main chunk, its code is not a second
      // round trip after the app's own (on a phone's link, the first card's longest wait).
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/' ? [] : undefined) },
    }),
    react(),
    // PWA: the root manifest.webmanifest is the one source of truth, copied as-is; VitePWA only builds
    // sw/sw.ts and injects the precache list into it (the page links the manifest in index.html).
    webManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts', // built to dist/sw.js, which the server sends with no-cache so updates are seen
      injectRegister: false, // src/pwa/registerServiceWorker.ts registers it (workbox-window, update prompt)
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        // Everything the app needs to start and to open every route offline: the shell, all route
        // chunks (the router splits each route into its own chunk), styles, fonts, icons, the default
        // avatar and the manifest. Source maps stay out: only devtools fetch them.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,webmanifest}'],
        // Screenshots are shown only by the browser's install dialog, which fetches them online; in the
        // precache they would cost every install their bytes (more once real screenshots replace these).
        globIgnores: ['screenshots/**'],
        // The plugin fails the build when a file is bigger than this instead of silently leaving it out
        // of the precache (an app that would break offline); a chunk near this size wants splitting anyway.
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false }, // no worker in `vite dev`: a cached shell there would hide edits
    }),
    // After the worker is built, so dist/sw.js gets its compressed copies too.
    precompress(),
  ],
  resolve: {
    alias: {
      // The code both sides share: `@core/contract` rather than '../../../core/contract' (tsconfig.json's
      // paths, vitest.config.ts, scripts/start.mjs and ESLint's boundaries say the same).
      '@core': fileURLToPath(new URL('./core', import.meta.url)),
      // @tanstack/react-store asks for the shim that backfills useSyncExternalStore for React 17; React 19
      // has it, and the package's plain build uses React's own (the shim's code is then never loaded).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  server: {
    port: 5173,
    // In development the API, the provider and the app share an origin through this proxy.
    proxy: {
      '/api': 'http://127.0.0.1:8787',
      '/oidc': 'http://127.0.0.1:8787',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router start every page, and the rest of what the first page runs (the
            // session, Dexie, the API client) is shared with later routes: left to the automatic split
            // that is a dozen small shared files before the first card; two compress better and are
            // two requests. What only later routes use stays in their own chunks.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|use-sync-external-store)[\\/]/, priority: 2 },
            { name: 'startup', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});

/** Serves (dev) and emits (build) the root manifest.webmanifest unchanged, failing the build on bad JSON. */
function webManifest(): Plugin {
  const file = fileURLToPath(new URL('./manifest.webmanifest', import.meta.url));
  const read = () => {
    const text = readFileSync(file, 'utf8');
    JSON.parse(text);
    return text;
  };
  return {
    name: 'cardchat:web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_request, response) => {
        response.setHeader('Content-Type', 'application/manifest+json');
        response.end(read());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: read() });
    },
  };
}

/** Text files worth compressing; images are compressed already, and source maps only reach devtools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every compressible file of the build,
 * when smaller, so the server sends the best compression once made rather than a quick one per request
 * (server/plugins/static.ts): on a phone's link the JavaScript is most of the first visit's wait.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'cardchat:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = (readdirSync(outDir, { recursive: true }) as string[]).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            if (!statSync(full).isFile()) return;
            const plain = readFileSync(full);
            const variants = [
              [
                '.br',
                await brotli(plain, {
                  params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length },
                }),
              ],
              ['.gz', await gzipped(plain, { level: 9 })],
            ] as const;
            for (const [ext, bytes] of variants) if (bytes.length < plain.length) writeFileSync(full + ext, bytes);
          }),
        );
      },
    },
  };
}
