import type { ClientConfig } from '@core/contract';

const KEY = 'cardchat.clientConfig';
let pending: Promise<ClientConfig> | undefined;

/**
 * The deployment's sign-in settings, from GET /api/config. The last answer is kept so that sign-out
 * and the offline shell still know the provider when the server cannot be reached.
 */
export function loadClientConfig(): Promise<ClientConfig> {
  pending ??= (async () => {
    try {
      const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
      const config = (await response.json()) as ClientConfig;
      localStorage.setItem(KEY, JSON.stringify(config));
      return config;
    } catch (error) {
      const cached = localStorage.getItem(KEY);
      if (cached) return JSON.parse(cached) as ClientConfig;
      throw error;
    }
  })();
  pending.catch(() => (pending = undefined));
  return pending;
}
