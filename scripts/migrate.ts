import { dbOptionsOf, loadConfig } from '../server/config';
import { openDb } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrate';

/** `npm run migrate`: applies pending migrations and exits, for a deploy step before instances start. */
const config = loadConfig();
const db = openDb(dbOptionsOf(config));
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} catch (error) {
  console.error(`cardchat: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
