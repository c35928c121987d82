import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { loadProviderKeys } from '../../server/idp/keys';
import { databases, openTestDb } from './helpers';

describe.each(databases)("the embedded provider's keys (%s)", (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function freshDatabase() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-keys-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const test = await openTestDb(dialect, dataDir);
    cleanups.push(async () => {
      await test.db.close();
      await test.drop();
    });
    await migrateToLatest(test.db);
    return { dataDir, db: test.db };
  }

  it('are one set for every instance of a database, even when they start at the same moment', async () => {
    const { db } = await freshDatabase();
    // Two instances with their own DATA_DIR, as on two machines.
    const otherDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-keys-')));
    cleanups.push(() => otherDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
    const [first, second] = await Promise.all(otherDirs.map((dir) => loadProviderKeys(db.kysely, dir)));
    expect(first!.signing.keys[0]!.kid).toBeTruthy();
    expect(second).toEqual(first);
    expect(await loadProviderKeys(db.kysely, otherDirs[0]!)).toEqual(first);
    expect(first!.verifying.keys[0]).not.toHaveProperty('d');
  });

  it("keep an earlier installation's keys from DATA_DIR, so its sessions and tokens stay valid", async () => {
    const { db, dataDir } = await freshDatabase();
    const earlier = {
      signing: { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd', kid: 'kept-kid', alg: 'ES256', use: 'sig' }] },
      cookieKeys: ['kept-cookie'],
    };
    fs.writeFileSync(path.join(dataDir, 'oidc-keys.json'), JSON.stringify(earlier));
    const keys = await loadProviderKeys(db.kysely, dataDir);
    expect(keys.signing.keys[0]!.kid).toBe('kept-kid');
    expect(keys.cookieKeys).toEqual(['kept-cookie']);
  });
});
