import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID, randomBytes } from 'node:crypto';
import { findProviderKeys, insertProviderKeysIfAbsent } from '../db/repositories/providerKeys';
import type { Database } from '../db/schema';

export interface ProviderKeys {
  /** Private signing keys for oidc-provider's `jwks` option. */
  signing: { keys: JWK[] };
  /** The same keys without their private parts, for verifying tokens in-process. */
  verifying: { keys: JWK[] };
  /** Secrets that sign the provider's cookies. */
  cookieKeys: string[];
}

interface StoredKeys {
  signing: { keys: JWK[] };
  cookieKeys: string[];
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
}

async function createKeys(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256', use: 'sig' };
  return { signing: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}

/** Where versions before the keys moved to the database kept them. */
const LEGACY_FILE = 'oidc-keys.json';

/**
 * The first keys of a database: those of an installation that kept them in DATA_DIR (so its
 * sessions and tokens stay valid), else new ones.
 */
async function firstKeys(dataDir: string): Promise<StoredKeys> {
  const file = path.join(dataDir, LEGACY_FILE);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  return createKeys();
}

/**
 * The embedded provider's keys live in the database, so tokens and sessions survive a restart and
 * every instance sharing the database signs with the same key. Instances starting together race
 * to store theirs; the first row wins and everyone reads it back.
 */
export async function loadProviderKeys(db: Kysely<Database>, dataDir: string): Promise<ProviderKeys> {
  let json = await findProviderKeys(db);
  if (!json) {
    await insertProviderKeysIfAbsent(db, JSON.stringify(await firstKeys(dataDir)), new Date().toISOString());
    json = await findProviderKeys(db);
    if (!json) throw new Error('the provider keys could not be stored');
  }
  const stored = JSON.parse(json) as StoredKeys;
  return {
    signing: stored.signing,
    verifying: { keys: stored.signing.keys.map(publicPart) },
    cookieKeys: stored.cookieKeys,
  };
}
