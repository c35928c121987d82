// The yardstick of figure 10: Fastify and the same SQLite database, nothing else (no migrations,
// plugins, provider or routes), started with plain node. Plain JavaScript so nothing is compiled
// at its start either: what it takes is what Node, Fastify and better-sqlite3 cost on this machine.
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const db = new Database(path.join(process.env.DATA_DIR ?? 'data', 'cardchat.db'));
db.pragma('journal_mode = WAL');
const app = Fastify();
app.get('/api/health', async () => {
  db.prepare('select 1').get();
  return { status: 'ok', database: 'sqlite' };
});
process.on('SIGINT', () => app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
