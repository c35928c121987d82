/**
 * USER_AI_ENDPOINTS and SECRET_KEY: the OpenAI-compatible services a person may use with a key of
 * their own, and the secret their keys are encrypted under. The operator decides: with no endpoint
 * listed, nobody can add a key, and the server calls no address but LLM_BASE_URL.
 */
export interface UserAiSettings {
  /** Allowed base URLs (each with its version path, no trailing slash), in the operator's order. */
  endpoints: string[];
  /** SECRET_KEY: the keys are encrypted under it; absent: a secret generated into the database on first start. */
  secretKey: string | undefined;
}

/** The least a SECRET_KEY may hold: a guessable one would make the encryption at rest pointless. */
export const MIN_SECRET_KEY_CHARS = 32;

/** Reads the settings; throws a sentence naming the variable when one is wrong. */
export function readUserAiSettings(env: Record<string, string | undefined>): UserAiSettings {
  const endpoints = [
    ...new Set(
      (env.USER_AI_ENDPOINTS ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(endpointOf),
    ),
  ];
  const secretKey = env.SECRET_KEY?.trim() || undefined;
  if (secretKey !== undefined && secretKey.length < MIN_SECRET_KEY_CHARS) {
    throw new Error(`SECRET_KEY must be at least ${MIN_SECRET_KEY_CHARS} characters (e.g. openssl rand -base64 32).`);
  }
  return { endpoints, secretKey };
}

function endpointOf(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Error(`USER_AI_ENDPOINTS must list base URLs separated by commas, got '${entry}'.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`USER_AI_ENDPOINTS takes http(s) URLs, got '${entry}'.`);
  if (url.username || url.password || url.search || url.hash) {
    throw new Error(`USER_AI_ENDPOINTS takes plain base URLs (no credentials, query or fragment), got '${entry}'.`);
  }
  return url.href.replace(/\/+$/, '');
}
