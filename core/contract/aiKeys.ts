/**
 * A person's own key for one of the AI services the operator allows (USER_AI_ENDPOINTS): their
 * chats' replies are then written by that service with their key. The key is never sent back, only
 * its last 4 characters.
 */
import { Type, type Static } from 'typebox';
import { SuccessResponse, type Endpoint } from './common';
import * as routes from './routes';

export const AiKeyInfo = Type.Object({
  /** One of `endpoints`. */
  endpoint: Type.String(),
  model: Type.String(),
  /** All that is shown of the key once saved. */
  last4: Type.String(),
  /** false: the operator no longer allows its endpoint, so the server's own AI writes the replies. */
  active: Type.Boolean(),
  updated_at: Type.String(),
});
export type AiKeyInfo = Static<typeof AiKeyInfo>;

export const AiKeyOverview = Type.Object({
  /** The services a key may be added for; empty: the operator allows none. */
  endpoints: Type.Array(Type.String()),
  key: Type.Union([AiKeyInfo, Type.Null()]),
});
export type AiKeyOverview = Static<typeof AiKeyOverview>;

export const AiKeySave = Type.Object(
  {
    endpoint: Type.String({ minLength: 1, maxLength: 500 }),
    model: Type.String({ minLength: 1, maxLength: 200 }),
    /** Printable, no spaces: what every provider's keys look like. */
    key: Type.String({ minLength: 8, maxLength: 500, pattern: '^[\\x21-\\x7e]+$' }),
  },
  { additionalProperties: false },
);
export type AiKeySave = Static<typeof AiKeySave>;

export const getAiKey = { ...routes.getAiKey, response: { 200: AiKeyOverview } } satisfies Endpoint;
export const putAiKey = { ...routes.putAiKey, body: AiKeySave, response: { 200: AiKeyInfo } } satisfies Endpoint;
export const deleteAiKey = { ...routes.deleteAiKey, response: { 200: SuccessResponse } } satisfies Endpoint;
