import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  ],
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
