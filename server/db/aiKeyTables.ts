/** The tables of a person's own AI key and of the server's secret it is encrypted under. */

/** A person's key for one of USER_AI_ENDPOINTS (one per person), encrypted (AES-256-GCM). */
export interface UserAiKeysTable {
  user_id: string;
  /** One of USER_AI_ENDPOINTS as it was when saved; a key whose endpoint left the list is not used. */
  endpoint: string;
  /** The model asked of that service for the person's chats. */
  model: string;
  /** base64 of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext. */
  key_cipher: string;
  /** The key's last 4 characters: all that is ever shown of it again. */
  key_last4: string;
  created_at: string;
  updated_at: string;
}

/** Secrets the server generates once and every instance shares (`user_ai_keys`: the keys' encryption key, base64). */
export interface ServerSecretsTable {
  id: string;
  value: string;
  created_at: string;
}
