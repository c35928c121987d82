import { MAX_MESSAGE_CHARS } from '@core/contract/constants';

/**
 * The application configuration of spec §3: where the API lives and the product's limits.
 * It is checked once at start-up (see checkAppConfig) so a broken deployment says what is missing
 * instead of failing somewhere deep in a screen.
 */
export interface AppConfig {
  apiBaseUrl: string;
  apiEndpoints: { chat: string; characters: string; users: string };
  maxMessageLength: number;
  chatHistoryLimit: number;
  autoSaveIntervalMs: number;
  features: { chat: boolean; characters: boolean; offlineMode: boolean; analytics: boolean };
  environment: 'production' | 'development';
}

export const appConfig: AppConfig = {
  apiBaseUrl: '/api',
  apiEndpoints: { chat: '/chat', characters: '/characters', users: '/users' },
  maxMessageLength: MAX_MESSAGE_CHARS,
  chatHistoryLimit: 100,
  autoSaveIntervalMs: 30_000,
  features: { chat: true, characters: true, offlineMode: true, analytics: false },
  environment: import.meta.env.PROD ? 'production' : 'development',
};

/** The spec's session memory: a cached profile opens signed-in pages offline for this long. */
export const OFFLINE_SESSION_MS = 24 * 60 * 60 * 1000;

export class AppConfigError extends Error {
  constructor(readonly missing: string[]) {
    super(`The application configuration is incomplete. Missing: ${missing.join(', ')}.`);
    this.name = 'AppConfigError';
  }
}

/** Names every missing item at once, so one failed start-up tells the whole story. */
export function checkAppConfig(config: Partial<AppConfig> | undefined): void {
  const missing: string[] = [];
  if (!config?.apiBaseUrl) missing.push('API base URL');
  if (!config?.apiEndpoints) {
    missing.push('API endpoint config');
  } else {
    for (const name of ['chat', 'characters', 'users'] as const) {
      if (!config.apiEndpoints[name]) missing.push(`API endpoint '${name}'`);
    }
  }
  if (missing.length > 0) throw new AppConfigError(missing);
}
