import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { projectFile } from '../paths';
import type { Config } from '../config';
import { deleteExpiredAccountTokens } from '../db/repositories/accountTokens';
import { deleteExpiredSignUpRequests } from '../db/repositories/signUpRequests';
import { deleteExpiredOidcPayloads } from '../db/repositories/oidcPayloads';
import { accountMailer } from '../idp/accountMail';
import { interactionRoutes } from '../idp/interactions';
import { linkRoutes } from '../idp/linkRoutes';
import type { ProviderKeys } from '../idp/keys';
import { ASSETS_PATH } from '../idp/pages';
import { createProvider, mountPathOf } from '../idp/provider';
import { createMailer } from '../mail/mailer';

const ASSETS = [
  { file: 'idp.css', type: 'text/css; charset=utf-8' },
  { file: 'logout.js', type: 'text/javascript; charset=utf-8' },
];

const HOUR = 60 * 60 * 1000;

/**
 * The embedded OpenID provider (oidc-provider, a Koa app) inside Fastify, at the issuer's path.
 * Requests under it are handed over raw in onRequest, before Fastify reads the body, because the
 * provider parses its own bodies. Our interaction pages are ordinary Fastify routes beside it.
 */
export const idpPlugin = fp<{ config: Config; keys: ProviderKeys }>(async (app: FastifyInstance, { config, keys }) => {
  const provider = createProvider({ config, db: app.db.kysely, keys });
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'oidc-provider failed'));
  const mountPath = mountPathOf(config);
  const handle = provider.callback();

  // The provider (Koa, proxy mode) builds its issuer-relative URLs, redirects and Secure cookies from
  // the request's Host and X-Forwarded-* headers, which any client can write. Every request it sees,
  // its own and our interaction pages', names PUBLIC_URL instead, and the client address Fastify
  // worked out (X-Forwarded-For believed from TRUST_PROXY only).
  const publicUrl = new URL(config.publicUrl);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${mountPath}/`)) return;
    const headers = request.raw.headers;
    delete headers.forwarded;
    headers.host = publicUrl.host;
    headers['x-forwarded-host'] = publicUrl.host;
    headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
    headers['x-forwarded-for'] = request.ip;
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? mountPath;
    // The provider routes on the path below its mount point and rebuilds its own absolute URLs
    // from the difference between originalUrl and url (the convention of express and connect).
    raw.originalUrl = url;
    raw.url = url.slice(mountPath.length) || '/';
    await handle(raw, reply.raw);
  };

  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${mountPath}/*`,
    onRequest: forward,
    // Never reached: onRequest has hijacked the reply. Fastify requires a handler on every route.
    handler: async () => undefined,
  });

  const mailer = config.mail ? createMailer(config.mail) : undefined;
  const mail = mailer ? accountMailer(app.db.kysely, config, mailer, app.log) : undefined;
  app.addHook('onClose', async () => mailer?.close());
  const verification = config.requireEmailVerification ? mail : undefined;
  await app.register(interactionRoutes, { provider, db: app.db.kysely, mountPath, publicUrl: config.publicUrl, verification, mail });
  await app.register(linkRoutes, { db: app.db.kysely, mountPath, publicUrl: config.publicUrl, mail });

  for (const { file, type } of ASSETS) {
    const body = fs.readFileSync(projectFile(`server/idp/assets/${file}`));
    app.get(`${ASSETS_PATH}/${file}`, async (_request, reply) =>
      reply.type(type).header('Cache-Control', 'public, max-age=3600').send(body),
    );
  }

  // Expired sessions, codes and tokens are invisible to the provider already; this reclaims the space.
  const sweep = () => {
    const now = new Date().toISOString();
    return Promise.all([
      deleteExpiredOidcPayloads(app.db.kysely, now),
      deleteExpiredAccountTokens(app.db.kysely, now),
      deleteExpiredSignUpRequests(app.db.kysely, now),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'removing expired provider records failed'));
  };
  const timer = setInterval(sweep, HOUR);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
