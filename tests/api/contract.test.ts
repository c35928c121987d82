import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as users from '@core/contract/users';
import { createTestApp, databases } from './helpers';
import { checkResponseShapes, strictSchema } from './responseShapes';

const profile = { email: null, name: 'Ada', picture: null, uid: 'u1', sub: 's1', plan: 'normal', is_admin: false };

/** A server whose only route answers `answer` under the contract's profile schema, with the shape check every API test app has. */
async function serverAnswering(answer: Record<string, unknown>) {
  const app = Fastify();
  const violations = checkResponseShapes(app);
  app.get('/api/users/profile', { schema: users.getProfile }, async () => answer);
  await app.ready();
  return { app, violations };
}

describe('the contract holds answers to their schemas', () => {
  it('fails a route that answers a field its schema lacks, though the serializer would drop it', async () => {
    const { app, violations } = await serverAnswering({ ...profile, password_hash: 'secret' });
    const response = await app.inject('/api/users/profile');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret');
    expect(violations).toHaveLength(1);
    expect(violations[0]!.errors.join(' ')).toContain('password_hash');
    await app.close();
  });

  it('fails one that leaves out a field the schema requires, or sends the wrong type', async () => {
    const { is_admin: _isAdmin, ...withoutAdmin } = profile;
    for (const answer of [withoutAdmin, { ...profile, uid: 42 }]) {
      const { app, violations } = await serverAnswering(answer);
      expect((await app.inject('/api/users/profile')).statusCode).toBe(500);
      expect(violations).toHaveLength(1);
      await app.close();
    }
  });

  it('passes an answer that matches, and leaves a card author’s own fields (an open schema) alone', async () => {
    const { app, violations } = await serverAnswering(profile);
    const response = await app.inject('/api/users/profile');
    expect([response.statusCode, response.json()]).toEqual([200, profile]);
    expect(violations).toEqual([]);
    await app.close();
    expect(strictSchema({ type: 'object', additionalProperties: true })).toEqual({ type: 'object', additionalProperties: true });
  });

  describe.each(databases)('the real server (%s)', (dialect) => {
    it('answers /api/health and /api/config exactly as the contract says', async () => {
      const test = await createTestApp(dialect);
      try {
        const health = await test.app.inject('/api/health');
        expect(health.statusCode).toBe(200);
        // The field the old hand-written HealthResponse lacked.
        expect(health.json().blobs).toBe('files');
        expect((await test.app.inject('/api/config')).statusCode).toBe(200);
        expect(test.shapeViolations).toEqual([]);
      } finally {
        await test.close();
      }
    });
  });
});
