/** A person's own AI key: shown by its last 4 characters, saved for an allowed service, removed. */
import type { AiKeyInfo, AiKeyOverview, AiKeySave } from '@core/contract';
import { deleteUserAiKey, findUserAiKey, putUserAiKey, type UserAiKeyRow } from '../../db/repositories/userAiKeys';
import { badRequest, notFound } from '../../errors';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { encryptKey, keyEncryptionKey } from './cipher';

const infoOf = (ctx: ServiceContext, row: UserAiKeyRow): AiKeyInfo => ({
  endpoint: row.endpoint,
  model: row.model,
  last4: row.key_last4,
  active: ctx.config.userAi.endpoints.includes(row.endpoint),
  updated_at: row.updated_at,
});

export async function aiKeyOverview(ctx: ServiceContext, user: RequestUser): Promise<AiKeyOverview> {
  const row = await findUserAiKey(ctx.db, user.id);
  return { endpoints: ctx.config.userAi.endpoints, key: row ? infoOf(ctx, row) : null };
}

/**
 * Saves the key for one of USER_AI_ENDPOINTS (only those: a person never makes the server call an
 * address of their choosing), encrypted; answers with its last 4 characters only.
 */
export async function saveAiKey(ctx: ServiceContext, user: RequestUser, body: AiKeySave): Promise<AiKeyInfo> {
  const { endpoints } = ctx.config.userAi;
  if (endpoints.length === 0) throw badRequest('own_keys_off', 'This server does not take AI keys of your own.');
  const endpoint = body.endpoint.trim().replace(/\/+$/, '');
  if (!endpoints.includes(endpoint)) {
    throw badRequest('endpoint_not_allowed', `Choose one of the AI services this server allows: ${endpoints.join(', ')}.`);
  }
  const model = body.model.trim();
  if (!model) throw badRequest('model_required', 'Name the model to ask of that service.');
  const now = new Date().toISOString();
  const existing = await findUserAiKey(ctx.db, user.id);
  const row: UserAiKeyRow = {
    user_id: user.id,
    endpoint,
    model,
    key_cipher: encryptKey(await keyEncryptionKey(ctx.db, ctx.config.userAi.secretKey), body.key),
    key_last4: body.key.slice(-4),
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  await putUserAiKey(ctx.db, row);
  return infoOf(ctx, row);
}

export async function removeAiKey(ctx: ServiceContext, user: RequestUser): Promise<{ success: boolean; message: string }> {
  if (!(await deleteUserAiKey(ctx.db, user.id))) throw notFound('You have no AI key saved.');
  return { success: true, message: 'Your AI key was removed.' };
}
