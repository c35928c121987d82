import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issuerOf, type Config } from '../config';

const NO_STORE = 'no-store';

/**
 * Security headers for every response. The CSP allows scripts from our own origin only (no inline
 * script, no eval), so tokens in localStorage are out of reach of injected markup.
 */
export const securityPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const issuerOrigin = new URL(issuerOf(config)).origin;
  const connect = ["'self'"];
  if (issuerOrigin !== new URL(config.publicUrl).origin) connect.push(issuerOrigin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: connect,
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", issuerOrigin],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Cross-origin isolation would break avatars served by identity providers; not needed here.
    crossOriginEmbedderPolicy: false,
    // The embedded provider's sign-in pages post to /oidc and redirect back to the app.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    hsts: config.publicUrl.startsWith('https:'),
  });

  // ASVS 14.3.2: nothing a signed-in user is sent stays in a browser's or a proxy's cache (a shared
  // computer, a corporate proxy). Whatever a route set, an API answer to a request carrying a token
  // is no-store; set early too, so a hijacked reply (a streamed completion) copies it.
  const authenticatedApi = (request: FastifyRequest) => request.url.startsWith('/api/') && request.headers.authorization !== undefined;
  app.addHook('onRequest', async (request, reply) => {
    if (authenticatedApi(request)) void reply.header('cache-control', NO_STORE);
  });
  app.addHook('onSend', async (request, reply) => {
    if (authenticatedApi(request)) void reply.header('cache-control', NO_STORE);
  });
});
