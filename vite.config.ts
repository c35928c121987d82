import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
