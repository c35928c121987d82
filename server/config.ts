import path from 'node:path';

/** Everything the server reads from the environment, parsed once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** The origin users reach the app at; the embedded provider's issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl: string | undefined;
  /** Where the built PWA lives; served with an SPA fallback when it exists. */
  distDir: string;
  oidc: {
    /** An external issuer; when absent the embedded provider at /oidc is used. */
    issuer: string | undefined;
    clientId: string;
    audience: string;
    scope: string;
  };
  adminEmails: string[];
  checkoutUrl: string | undefined;
  llm: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    contextTokens: number;
    maxTokens: number;
    temperature: number;
    /** No response headers within this long → upstream_timeout. */
    connectTimeoutMs: number;
    /** No bytes of the streamed reply for this long → upstream_timeout. */
    idleTimeoutMs: number;
    /** The demo provider's pause between words, so it streams like a model; 0 answers at once. */
    demoWordDelayMs: number;
  };
  /** An OpenAI-compatible images endpoint for the chat's 'Generate Photo'; off when baseUrl is unset. */
  images: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
  };
  s3: {
    endpoint: string | undefined;
    region: string;
    bucket: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
  /** Fill an empty gallery with cardchat's own characters on start. */
  seedGallery: boolean;
  /** Pino log level; tests pass 'silent'. */
  logLevel: string;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function number(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new ConfigError(`${name} must be a number, got '${raw}'`);
  return value;
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

export function loadConfig(env: Env = process.env): Config {
  const port = number(env, 'PORT', 8787);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? 'data');
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    distDir: path.resolve(text(env, 'DIST_DIR') ?? 'dist'),
    oidc: {
      issuer: text(env, 'OIDC_ISSUER')?.replace(/\/+$/, ''),
      clientId: text(env, 'OIDC_CLIENT_ID') ?? 'cardchat-web',
      audience: text(env, 'OIDC_AUDIENCE') ?? `${publicUrl}/api`,
      scope: text(env, 'OIDC_SCOPE') ?? 'openid profile email offline_access',
    },
    adminEmails: (text(env, 'ADMIN_EMAILS') ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    checkoutUrl: text(env, 'CHECKOUT_URL'),
    llm: {
      baseUrl: text(env, 'LLM_BASE_URL'),
      apiKey: text(env, 'LLM_API_KEY'),
      model: text(env, 'LLM_MODEL') ?? 'gpt-4o-mini',
      contextTokens: number(env, 'LLM_CONTEXT_TOKENS', 8192),
      maxTokens: number(env, 'LLM_MAX_TOKENS', 512),
      temperature: number(env, 'LLM_TEMPERATURE', 0.8),
      connectTimeoutMs: number(env, 'LLM_CONNECT_TIMEOUT_MS', 15_000),
      idleTimeoutMs: number(env, 'LLM_IDLE_TIMEOUT_MS', 60_000),
      demoWordDelayMs: number(env, 'LLM_DEMO_WORD_DELAY_MS', 25),
    },
    images: {
      baseUrl: text(env, 'IMAGE_BASE_URL')?.replace(/\/+$/, ''),
      apiKey: text(env, 'IMAGE_API_KEY'),
      model: text(env, 'IMAGE_MODEL') ?? 'gpt-image-1',
    },
    s3: {
      endpoint: text(env, 'S3_ENDPOINT'),
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      bucket: text(env, 'S3_BUCKET'),
      accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
      secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
      forcePathStyle: text(env, 'S3_FORCE_PATH_STYLE') === 'true',
    },
    seedGallery: text(env, 'SEED_GALLERY') !== 'false',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
  };
}

/** The issuer whose tokens the API accepts. */
export function issuerOf(config: Config): string {
  return config.oidc.issuer ?? `${config.publicUrl}/oidc`;
}
