import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Three projects, run in this order by `npm test`:
 * - unit: core/ and the client's logic (happy-dom, fake-indexeddb), fast and isolated;
 * - api: the real server through buildApp + inject, on SQLite and (with TEST_DATABASE_URL) PostgreSQL;
 * - e2e: Debian's Chromium driven by playwright-core against the server `npm start` runs.
 */
/** As vite.config.ts: `@core/...` is the shared core/. Each project says it: projects inherit nothing. */
const resolve = { alias: { '@core': fileURLToPath(new URL('./core', import.meta.url)) } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        resolve,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // One browser and one server for the whole run; files run one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
