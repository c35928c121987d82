import { buildApp } from './app';
import { ConfigError, dbOptionsOf, loadConfig } from './config';
import { openDb } from './db/index';
import { migrateToLatest } from './db/migrate';
import { seedGallery } from './seed/seedGallery';

/** Starts the server: migrate, listen, and on SIGINT/SIGTERM finish in-flight requests before closing the database. */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`cardchat: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const db = openDb(dbOptionsOf(config));
  try {
    await migrateToLatest(db);
  } catch (error) {
    console.error(`cardchat: ${(error as Error).message}`);
    await db.close();
    process.exit(1);
  }
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A stuck request must not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    // Fastify closes the connections idle when closing starts; a kept-alive one whose request
    // finishes later would otherwise hold the process until its keep-alive timeout.
    setInterval(() => app.server.closeIdleConnections(), 250).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`cardchat is running at ${config.publicUrl}`);
  // After listening, so a first start answers at once; the gallery fills a second or two later.
  if (config.seedGallery) {
    seedGallery(app.ctx).then(
      (count) => count > 0 && app.log.info(`seeded the gallery with ${count} characters`),
      (error: unknown) => app.log.error({ err: error }, 'seeding the gallery failed'),
    );
  }
}
