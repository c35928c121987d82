/** Who writes a person's replies: their own AI service when they saved a key for an allowed one, else the server's. */
import type { GenerationSettings } from '@core/aiSettings/index';
import { createOpenAiProvider } from '../../ai/openai';
import type { AiProvider } from '../../ai/provider';
import { findUserAiKey } from '../../db/repositories/userAiKeys';
import { AppError } from '../../errors';
import type { ServiceContext } from '../context';
import { decryptKey, keyEncryptionKey } from './cipher';

export interface ReplyWriter {
  ai: AiProvider;
  sampling: GenerationSettings;
  /** The model the reply is written by, stored with it. */
  model: string | null;
  /** The person's own key: their replies do not count against the server's limits. */
  own: boolean;
}

const unreadable = () =>
  new AppError(409, 'ai_key_unreadable', 'Your own AI key can no longer be read on this server. Add it again in Profile.');

/**
 * The provider, settings and model for a person's reply. With their own key (for an endpoint still on
 * USER_AI_ENDPOINTS) the request goes there with their key and their model; the key lives only in
 * this request's provider, never in a log or an answer (provider errors quote the service with the key removed).
 */
export async function replyWriterFor(
  ctx: ServiceContext,
  userId: string,
  server: { sampling: GenerationSettings; model: string | null },
): Promise<ReplyWriter> {
  const row = ctx.config.userAi.endpoints.length > 0 ? await findUserAiKey(ctx.db, userId) : undefined;
  if (!row || !ctx.config.userAi.endpoints.includes(row.endpoint)) return { ai: ctx.ai, ...server, own: false };
  const apiKey = decryptKey(await keyEncryptionKey(ctx.db, ctx.config.userAi.secretKey), row.key_cipher);
  if (apiKey === undefined) throw unreadable();
  const ai = createOpenAiProvider({ ...ctx.config.llm, baseUrl: row.endpoint, apiKey, model: row.model });
  return { ai, sampling: { ...server.sampling, model: row.model }, model: row.model, own: true };
}
