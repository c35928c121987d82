import Fastify, { type FastifyInstance } from 'fastify';
import { rememberVerifiedTokens } from './auth/verifiedTokens';
import { createTokenVerifier } from './auth/verify';
import { issuerOf, type Config } from './config';
import { capConnectionsPerAddress, httpServerOptions } from './connections';
import type { Db } from './db/index';
import { lazySchemaCompilers } from './lazySchemas';
import { loadProviderKeys } from './idp/keys';
import { aiPlugin } from './plugins/ai';
import { authPlugin } from './plugins/auth';
import { blobsPlugin } from './plugins/blobs';
import { compressionPlugin } from './plugins/compression';
import { contextPlugin } from './plugins/context';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { eventsPlugin } from './plugins/events';
import { idpPlugin } from './plugins/idp';
import { jobsPlugin } from './plugins/jobs';
import { rateLimitsPlugin } from './plugins/rateLimits';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { trendingPlugin } from './plugins/trending';
import { accountRoutes } from './routes/account';
import { characterRoutes } from './routes/characters';
import { cardDownloadRoutes } from './routes/cardDownloads';
import { chatRoutes } from './routes/chats';
import { groupRoutes } from './routes/groups';
import { chatMemoryRoutes } from './routes/chatMemory';
import { chatTransferRoutes } from './routes/chatTransfer';
import { completionRoutes } from './routes/completions';
import { collectionRoutes } from './routes/collections';
import { configRoutes } from './routes/config';
import { favoriteRoutes } from './routes/favorites';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { jobRoutes } from './routes/jobs';
import { messageRoutes } from './routes/messages';
import { personaRoutes } from './routes/personas';
import { aiSettingsRoutes } from './routes/aiSettings';
import { discoveryRoutes } from './routes/discovery';
import { eventRoutes } from './routes/events';
import { publishingRoutes } from './routes/publishing';
import { reviewRoutes } from './routes/review';
import { replacementRoutes } from './routes/replacement';
import { userRoutes } from './routes/users';
import { aiKeyRoutes, REDACTED_LOG_PATHS } from './routes/aiKeys';

export interface AppOptions {
  config: Config;
  /** An open, migrated database. */
  db: Db;
  /** Close the database when the app closes (the process owns it); tests that share one pass false. */
  closeDb?: boolean;
}

/** Builds the whole server without listening, so tests can inject requests into the real thing. */
export async function buildApp({ config, db, closeDb = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Keys never reach a log: a person's own AI key (PUT /api/users/me/ai-key) and any Bearer token.
    logger: { level: config.logLevel, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
    // X-Forwarded-For names the client only when a proxy we know sent it (TRUST_PROXY); believing
    // anyone's would let a client pick its address and escape per-address limits.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    schemaController: lazySchemaCompilers,
    http: httpServerOptions(config),
  });
  capConnectionsPerAddress(app.server, config);

  const embedded = !config.oidc.issuer;
  const keys = embedded ? await loadProviderKeys(db.kysely, config.dataDir) : undefined;

  await app.register(errorsPlugin, { dataDir: config.dataDir });
  await app.register(securityPlugin, { config });
  // Before every route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(rateLimitsPlugin, { limits: config.rateLimits, db, userAiEndpoints: config.userAi.endpoints });
  await app.register(dbPlugin, { db, closeOnExit: closeDb });
  await app.register(blobsPlugin, { dataDir: config.dataDir, s3: config.s3 });
  await app.register(aiPlugin, { llm: config.llm });
  await app.register(jobsPlugin, { config });
  await app.register(contextPlugin, { config });
  await app.register(trendingPlugin);
  await app.register(eventsPlugin, { config });
  await app.register(authPlugin, {
    admins: { emails: config.adminEmails, requireVerifiedEmail: !embedded },
    verify: rememberVerifiedTokens(
      createTokenVerifier({
        issuer: issuerOf(config),
        audience: config.oidc.audience,
        localKeys: keys?.verifying,
        requireAccessTokenType: embedded,
      }),
    ),
  });

  await app.register(healthRoutes, { config });
  await app.register(configRoutes, { config });
  await app.register(userRoutes);
  await app.register(aiKeyRoutes);
  await app.register(accountRoutes);
  await app.register(imageRoutes);
  await app.register(collectionRoutes);
  await app.register(characterRoutes);
  await app.register(cardDownloadRoutes);
  await app.register(favoriteRoutes);
  await app.register(replacementRoutes);
  await app.register(chatRoutes);
  await app.register(groupRoutes);
  await app.register(chatMemoryRoutes);
  await app.register(completionRoutes);
  await app.register(chatTransferRoutes);
  await app.register(messageRoutes);
  await app.register(personaRoutes);
  await app.register(aiSettingsRoutes);
  await app.register(jobRoutes);
  await app.register(discoveryRoutes);
  await app.register(publishingRoutes);
  await app.register(reviewRoutes);
  await app.register(eventRoutes, { config });
  if (keys) await app.register(idpPlugin, { config, keys });
  await app.register(staticPlugin, { distDir: config.distDir, publicUrl: config.publicUrl });
  return app;
}
