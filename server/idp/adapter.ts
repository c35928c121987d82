import type { Kysely } from 'kysely';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '../db/schema';
import {
  consumeOidcPayload,
  deleteOidcPayload,
  deleteOidcPayloadsByGrant,
  findOidcPayload,
  upsertOidcPayload,
} from '../db/repositories/oidcPayloads';

const nowIso = () => new Date().toISOString();

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * oidc-provider's storage in our own database, one instance per model name. Keeping sessions,
 * grants and refresh tokens there (not in memory) is what lets them survive a restart and be shared
 * by every instance behind a load balancer.
 */
export class KyselyAdapter implements Adapter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    await upsertOidcPayload(this.db, {
      model: this.model,
      id,
      payload: JSON.stringify(payload),
      grant_id: text(payload.grantId),
      user_code: text(payload.userCode),
      uid: text(payload.uid),
      account_id: text(payload.accountId),
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
      consumed_at: null,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await consumeOidcPayload(this.db, this.model, id, nowIso());
  }

  async destroy(id: string): Promise<void> {
    await deleteOidcPayload(this.db, this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteOidcPayloadsByGrant(this.db, this.model, grantId);
  }

  private async findBy(column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> {
    const row = await findOidcPayload(this.db, this.model, column, value, nowIso());
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // The provider tells a used refresh token or code from a fresh one by this field (epoch seconds).
    if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
    return payload;
  }
}
