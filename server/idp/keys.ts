import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { randomUUID, randomBytes } from 'node:crypto';

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

/**
 * The embedded provider's keys live in DATA_DIR so that tokens and sessions survive a restart.
 * The file is created once, readable by the owner only.
 */
export async function loadProviderKeys(dataDir: string): Promise<ProviderKeys> {
  const file = path.join(dataDir, 'oidc-keys.json');
  let stored: StoredKeys;
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  } else {
    stored = await createKeys();
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx' fails if another process created the file meanwhile; then its keys win.
    try {
      fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' });
    } catch {
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
    }
  }
  return {
    signing: stored.signing,
    verifying: { keys: stored.signing.keys.map(publicPart) },
    cookieKeys: stored.cookieKeys,
  };
}
