import path from 'node:path';
import { readS3Settings, S3SettingsError, type S3Settings } from './blobs/s3Settings';
import { DEFAULT_SQLITE_BUSY_TIMEOUT_MS, type DbOptions } from './db/index';
import { isProxyAddress } from './proxyAddresses';
import { readUserAiSettings, type UserAiSettings } from './userAiConfig';

/** Everything the server reads from the environment, parsed once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** The origin users reach the app at; the embedded provider's issuer is `${publicUrl}/oidc`. */
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when absent. */
  databaseUrl: string | undefined;
  /** How long a SQLite write waits for another writer's lock before the request answers 503. */
  sqliteBusyTimeoutMs: number;
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
    /** The models a person may choose for a chat (LLM_MODELS), LLM_MODEL first. */
    models: string[];
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
  /** The services a person may use with a key of their own (USER_AI_ENDPOINTS), and SECRET_KEY. */
  userAi: UserAiSettings;
  /** An OpenAI-compatible images endpoint for the chat's 'Generate Photo'; off when baseUrl is unset. */
  images: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
  };
  /** Card images in an S3-compatible bucket; files under dataDir when absent. */
  s3: S3Settings | undefined;
  /** Fill an empty gallery with cardchat's own characters on start. */
  seedGallery: boolean;
  /** Pino log level; tests pass 'silent'. */
  logLevel: string;
  /**
   * NODE_ENV=development: the embedded provider also accepts the Vite dev server's origin
   * (`npm run dev`, port 5173) as the PWA's. Off in any other mode.
   */
  development: boolean;
  /**
   * The reverse proxies whose X-Forwarded-* headers are believed (Fastify's trustProxy): their
   * addresses or CIDR ranges. False: the connection's own address is the client's, so no one can
   * choose their address (and escape per-address limits) by sending X-Forwarded-For.
   */
  trustProxy: false | string[];
  /** Bounds on connections, so idle sockets cannot use up the process's file descriptors. */
  connections: {
    /** A connection that has not sent a whole request head in this long is answered 408 and closed. */
    headersTimeoutMs: number;
    /** Connections one client address (an IPv6 /64) may hold open; TRUST_PROXY addresses are exempt. */
    perAddress: number;
  };
  /** The live event stream (GET /api/events). */
  events: {
    /** How long events are kept for a device to catch up on; one away longer pulls its lists again. */
    retentionHours: number;
    /** A comment sent this often on an idle stream, so proxies do not close it. */
    heartbeatMs: number;
  };
  /**
   * Outgoing mail (SMTP_URL): the embedded provider's password-reset and verification links. Unset:
   * no mail is sent, and the operator resets passwords (`npm run admin -- reset-password EMAIL`).
   */
  mail: { smtpUrl: string; from: string } | undefined;
  /** REQUIRE_EMAIL_VERIFICATION=true: an embedded account signs in only once its address is confirmed by mail. */
  requireEmailVerification: boolean;
  /** Requests a minute (an hour for account exports); in the database with PostgreSQL, else in memory. */
  rateLimits: {
    /** Per signed-in user: POST /api/chat/completions. */
    completionsPerMinute: number;
    /** Per signed-in user, all together: card uploads, chat imports, character replacements, chat photos. */
    uploadsPerMinute: number;
    /** Sign-in form posts per address and per e-mail typed; sign-up form posts per address. */
    signInPerMinute: number;
    /** Per signed-in user: POST /api/chats/export. */
    chatExportsPerMinute: number;
    /** Per signed-in user: POST /api/users/me/export (each writes the whole account). */
    accountExportsPerHour: number;
  };
  /** The job runner (imports, exports, account deletions), in a worker thread of each instance. */
  jobs: {
    /** Jobs one instance runs at once (one heavy job per account whatever this says). */
    concurrency: number;
    /** How long a job stays an instance's without renewal: after a crash, another takes it then. */
    leaseMs: number;
    /** How often the runner looks at the queue when nothing woke it. */
    pollMs: number;
    /** A runner with nothing to do this long ends its thread. */
    idleMs: number;
  };
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

function s3SettingsOf(env: Env): S3Settings | undefined {
  try {
    return readS3Settings(env);
  } catch (error) {
    if (error instanceof S3SettingsError) throw new ConfigError(error.message);
    throw error;
  }
}

function userAiOf(env: Env): UserAiSettings {
  try {
    return readUserAiSettings(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function text(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}

/** A limit has no "off" value: 0 would read as both "none allowed" and "unlimited". */
function positive(env: Env, name: string, fallback: number, unit: string): number {
  const value = number(env, name, fallback);
  if (!Number.isInteger(value) || value < 1) {
    throw new ConfigError(`${name} must be a whole number of ${unit}, at least 1, got '${env[name]}'`);
  }
  return value;
}

const perMinute = (env: Env, name: string, fallback: number) => positive(env, name, fallback, 'requests a minute');

/** LLM_MODELS as a list, LLM_MODEL first and each once: a chat may pick any of them. */
function modelsOf(env: Env): string[] {
  const listed = (text(env, 'LLM_MODELS') ?? '').split(',').map((model) => model.trim());
  return [...new Set([text(env, 'LLM_MODEL') ?? 'gpt-4o-mini', ...listed].filter(Boolean))];
}

function trustProxy(env: Env): false | string[] {
  const raw = text(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false') return false;
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fastify ignores hop counts (any client could add hops) and `true` believes every client.
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined || entries.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must list your proxies' addresses or CIDR ranges (e.g. '10.0.0.0/8' or 'loopback'), got '${wrong ?? raw}'`,
    );
  }
  return entries;
}

function mailOf(env: Env, publicUrl: string): Config['mail'] {
  const smtpUrl = text(env, 'SMTP_URL');
  if (smtpUrl === undefined) return undefined;
  if (!/^smtps?:\/\/[^/\s]+/i.test(smtpUrl)) {
    throw new ConfigError("SMTP_URL must be an smtp:// or smtps:// URL, e.g. 'smtps://user:password@mail.example.com:465'");
  }
  return { smtpUrl, from: text(env, 'MAIL_FROM') ?? `cardchat <no-reply@${new URL(publicUrl).hostname}>` };
}

function requireEmailVerification(env: Env, mail: Config['mail'], externalIssuer: string | undefined): boolean {
  const raw = text(env, 'REQUIRE_EMAIL_VERIFICATION');
  if (raw === undefined || raw === 'false') return false;
  if (raw !== 'true') throw new ConfigError(`REQUIRE_EMAIL_VERIFICATION must be true or false, got '${raw}'`);
  if (externalIssuer)
    throw new ConfigError(
      'REQUIRE_EMAIL_VERIFICATION applies to the embedded sign-in only; with OIDC_ISSUER your provider verifies addresses',
    );
  if (!mail) throw new ConfigError('REQUIRE_EMAIL_VERIFICATION=true needs SMTP_URL: the verification links are sent by mail');
  return true;
}

export function loadConfig(env: Env = process.env): Config {
  const port = number(env, 'PORT', 8787);
  const host = text(env, 'HOST') ?? '127.0.0.1';
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? 'data');
  const issuer = text(env, 'OIDC_ISSUER')?.replace(/\/+$/, '');
  const mail = mailOf(env, publicUrl);
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    sqliteBusyTimeoutMs: number(env, 'SQLITE_BUSY_TIMEOUT_MS', DEFAULT_SQLITE_BUSY_TIMEOUT_MS),
    distDir: path.resolve(text(env, 'DIST_DIR') ?? 'dist'),
    oidc: {
      issuer,
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
      models: modelsOf(env),
      contextTokens: number(env, 'LLM_CONTEXT_TOKENS', 8192),
      maxTokens: number(env, 'LLM_MAX_TOKENS', 512),
      temperature: number(env, 'LLM_TEMPERATURE', 0.8),
      connectTimeoutMs: number(env, 'LLM_CONNECT_TIMEOUT_MS', 15_000),
      idleTimeoutMs: number(env, 'LLM_IDLE_TIMEOUT_MS', 60_000),
      demoWordDelayMs: number(env, 'LLM_DEMO_WORD_DELAY_MS', 25),
    },
    userAi: userAiOf(env),
    images: {
      baseUrl: text(env, 'IMAGE_BASE_URL')?.replace(/\/+$/, ''),
      apiKey: text(env, 'IMAGE_API_KEY'),
      model: text(env, 'IMAGE_MODEL') ?? 'gpt-image-1',
    },
    s3: s3SettingsOf(env),
    seedGallery: text(env, 'SEED_GALLERY') !== 'false',
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    development: text(env, 'NODE_ENV') === 'development',
    trustProxy: trustProxy(env),
    connections: {
      headersTimeoutMs: positive(env, 'CONNECTION_HEADERS_TIMEOUT_MS', 10_000, 'milliseconds'),
      perAddress: positive(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256, 'connections'),
    },
    events: {
      retentionHours: positive(env, 'EVENTS_RETENTION_HOURS', 72, 'hours'),
      heartbeatMs: positive(env, 'EVENTS_HEARTBEAT_MS', 15_000, 'milliseconds'),
    },
    mail,
    requireEmailVerification: requireEmailVerification(env, mail, issuer),
    rateLimits: {
      completionsPerMinute: perMinute(env, 'RATE_LIMIT_COMPLETIONS_PER_MINUTE', 30),
      uploadsPerMinute: perMinute(env, 'RATE_LIMIT_UPLOADS_PER_MINUTE', 20),
      signInPerMinute: perMinute(env, 'RATE_LIMIT_SIGN_IN_PER_MINUTE', 20),
      chatExportsPerMinute: perMinute(env, 'RATE_LIMIT_CHAT_EXPORTS_PER_MINUTE', 20),
      accountExportsPerHour: positive(env, 'RATE_LIMIT_ACCOUNT_EXPORTS_PER_HOUR', 3, 'requests an hour'),
    },
    jobs: {
      concurrency: positive(env, 'JOB_CONCURRENCY', 2, 'jobs'),
      leaseMs: positive(env, 'JOB_LEASE_SECONDS', 30, 'seconds') * 1000,
      pollMs: 1000,
      idleMs: 30_000,
    },
  };
}

/** The issuer whose tokens the API accepts. */
export function issuerOf(config: Config): string {
  return config.oidc.issuer ?? `${config.publicUrl}/oidc`;
}

/** How the server, `npm run migrate` and `npm run admin` open the configured database. */
export function dbOptionsOf(config: Config): DbOptions {
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir, sqliteBusyTimeoutMs: config.sqliteBusyTimeoutMs };
}
