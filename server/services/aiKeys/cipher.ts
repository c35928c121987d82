/**
 * A person's AI key at rest: AES-256-GCM under the server's key-encryption key, which is SECRET_KEY
 * (hashed to 32 bytes) or, without one, 32 random bytes the first instance to start generated into
 * the database (`server_secrets`), so every instance reads the same.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findServerSecret, insertServerSecretIfAbsent } from '../../db/repositories/userAiKeys';

const SECRET_ID = 'user_ai_keys';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Per database, read once: the generated secret never changes once stored. */
const generated = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/** The 32-byte key the person's keys are encrypted under. */
export function keyEncryptionKey(db: Kysely<Database>, secretKey: string | undefined): Promise<Buffer> {
  if (secretKey !== undefined) return Promise.resolve(createHash('sha256').update(secretKey).digest());
  let key = generated.get(db);
  if (!key) {
    key = storedSecret(db);
    generated.set(db, key);
    // A failed read is tried again next time rather than remembered.
    key.catch(() => generated.delete(db));
  }
  return key;
}

async function storedSecret(db: Kysely<Database>): Promise<Buffer> {
  const existing = await findServerSecret(db, SECRET_ID);
  if (existing) return Buffer.from(existing, 'base64');
  await insertServerSecretIfAbsent(db, SECRET_ID, randomBytes(32).toString('base64'), new Date().toISOString());
  // Another instance may have stored its own first: everyone uses the one that was kept.
  return Buffer.from((await findServerSecret(db, SECRET_ID))!, 'base64');
}

export function encryptKey(kek: Buffer, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The key, or undefined when it cannot be read (SECRET_KEY changed since it was saved). */
export function decryptKey(kek: Buffer, stored: string): string | undefined {
  const bytes = Buffer.from(stored, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
