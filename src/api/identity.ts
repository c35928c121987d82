import { loadTokens } from '../auth/tokens';
import { deviceId } from './deviceId';

/**
 * What every authenticated call sends: the bearer token, and who the client thinks the user is.
 * The server checks X-User-ID / X-User-Email against the token and refuses a mismatch; they never
 * identify anyone on their own.
 */
export function identityHeaders(token: string): Record<string, string> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  const tokens = loadTokens();
  if (tokens?.subject) headers['X-User-ID'] = tokens.subject;
  if (tokens?.email) headers['X-User-Email'] = tokens.email;
  headers['X-Device-ID'] = deviceId();
  return headers;
}
