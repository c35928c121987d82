// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptKey, encryptKey } from '../../server/services/aiKeys/cipher';

describe("a person's AI key at rest", () => {
  it('is AES-256-GCM: a fresh IV each time, read back only under the same key, and any change is refused', () => {
    const kek = randomBytes(32);
    const a = encryptKey(kek, 'sk-secret-1234');
    const b = encryptKey(kek, 'sk-secret-1234');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(decryptKey(kek, a)).toBe('sk-secret-1234');
    expect(decryptKey(randomBytes(32), a)).toBeUndefined();
    const tampered = Buffer.from(a, 'base64');
    tampered.writeUInt8(tampered.readUInt8(tampered.length - 1) ^ 1, tampered.length - 1);
    expect(decryptKey(kek, tampered.toString('base64'))).toBeUndefined();
  });
});
