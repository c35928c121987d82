import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { usesOwnAiKey } from '../db/repositories/userAiKeys';
import { AppError } from '../errors';
import { databaseCounter, memoryCounter } from './rateCounters';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type LimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface LimitOptions {
  /** The counter's own name: limits of one name count together, across instances on PostgreSQL. */
  name: string;
  max: number;
  /** The window the limit counts in: a minute unless said. */
  per?: 'minute' | 'hour';
  /** Whose requests count together. */
  key: (request: FastifyRequest) => string;
  /** What was refused, for the message: "Too many <what>. Please wait…". */
  what: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The RATE_LIMIT_* settings, for routes that build their own limiters. */
    rateLimits: Config['rateLimits'];
    /**
     * A hook that counts one request for its key and, past `max` in the window, answers 429
     * `rate_limited` with Retry-After.
     */
    requestLimit: (options: LimitOptions) => LimitHook;
    /** Counts one AI request of the user's that no route made (a summary) with their replies; false past the limit. */
    countCompletion: (userId: string) => Promise<boolean>;
  }
}

/** The client's address as the limits group it (an IPv6 address by its /64). */
export const addressKey = (request: FastifyRequest) => `address:${normalizeIP(request.ip)}`;

type UserAction = keyof Pick<
  Config['rateLimits'],
  'completionsPerMinute' | 'uploadsPerMinute' | 'signInPerMinute' | 'chatExportsPerMinute' | 'accountExportsPerHour'
>;

/**
 * Routes limited per signed-in user. They live here rather than in each route file so one table
 * says what is limited; routes sharing an action share one counter.
 */
const PER_USER_ROUTES: { method: string; url: string; action: UserAction; ownKeyExempt?: true }[] = [
  // A person whose replies their own AI key pays for (USER_AI_ENDPOINTS) is not held to the operator's limit.
  { method: 'POST', url: '/api/chat/completions', action: 'completionsPerMinute', ownKeyExempt: true },
  // Writing a chat's summary again is a request to the AI like a reply (summaries go to the operator's service).
  { method: 'POST', url: '/api/chats/:chat_id/summary/regenerate', action: 'completionsPerMinute' },
  { method: 'POST', url: '/api/upload/image', action: 'uploadsPerMinute' },
  { method: 'POST', url: '/api/chats/import', action: 'uploadsPerMinute' },
  { method: 'POST', url: '/api/character-replacement/replace', action: 'uploadsPerMinute' },
  { method: 'PUT', url: '/api/upload/card/:file_id', action: 'uploadsPerMinute' },
  // Each photo costs a paid image generation.
  { method: 'POST', url: '/api/chats/photo', action: 'uploadsPerMinute' },
  // A persona may carry a picture to convert.
  { method: 'POST', url: '/api/personas', action: 'uploadsPerMinute' },
  { method: 'PUT', url: '/api/personas/:id', action: 'uploadsPerMinute' },
  { method: 'POST', url: '/api/characters/photo', action: 'uploadsPerMinute' },
  // Each try checks the current password: guessing it is limited like signing in.
  { method: 'POST', url: '/api/users/me/password', action: 'signInPerMinute' },
  // Each reads a whole chat; an account export writes the whole account.
  { method: 'POST', url: '/api/chats/export', action: 'chatExportsPerMinute' },
  { method: 'POST', url: '/api/users/me/export', action: 'accountExportsPerHour' },
];

const WHAT: Record<UserAction, string> = {
  completionsPerMinute: 'messages',
  uploadsPerMinute: 'uploads',
  signInPerMinute: 'password attempts',
  chatExportsPerMinute: 'chat exports',
  accountExportsPerHour: 'data exports',
};

function tooMany(what: string, seconds: number): AppError {
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : seconds === 1 ? '1 second' : `${seconds} seconds`;
  return new AppError(429, 'rate_limited', `Too many ${what}. Please wait ${wait} and try again.`, { retryAfterSeconds: seconds });
}

const hooksOf = (value: RouteOptions['preHandler']) => (value === undefined ? [] : [value].flat());

/**
 * Rate limits on what costs us most or invites guessing: AI replies, uploads, exports and sign-in
 * posts. Counted in the database with PostgreSQL (every instance against one limit), in memory with
 * SQLite (rateCounters.ts). Register after the auth plugin and before any route.
 */
type Options = { limits: Config['rateLimits']; db: Db; userAiEndpoints?: string[] };

export const rateLimitsPlugin = fp<Options>(async (app: FastifyInstance, { limits, db, userAiEndpoints = [] }) => {
  const counter = db.dialect === 'postgres' ? databaseCounter(db.kysely) : memoryCounter();
  app.addHook('onClose', async () => counter.close());

  const requestLimit = ({ name, max, per = 'minute', key, what }: LimitOptions): LimitHook => {
    const windowMs = per === 'hour' ? HOUR_MS : MINUTE_MS;
    return async (request) => {
      const { count, windowEnds } = await counter.hit(`${name} ${key(request)}`, windowMs);
      if (count <= max) return;
      throw tooMany(what, Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)));
    };
  };
  app.decorate('rateLimits', limits);
  app.decorate('requestLimit', requestLimit);
  app.decorate('countCompletion', async (userId: string) => {
    const { count } = await counter.hit(`completionsPerMinute user:${userId}`, MINUTE_MS);
    return count <= limits.completionsPerMinute;
  });

  const userKey = (request: FastifyRequest) => {
    // Unreachable while onRoute below insists on app.authenticate first; a bug if it ever is.
    if (!request.user) throw new Error('a per-user rate limit ran before authentication');
    return `user:${request.user.id}`;
  };
  const userLimits = new Map<UserAction, LimitHook>();
  for (const action of new Set(PER_USER_ROUTES.map((route) => route.action))) {
    const per = action === 'accountExportsPerHour' ? 'hour' : 'minute';
    userLimits.set(action, requestLimit({ name: action, max: limits[action], per, key: userKey, what: WHAT[action] }));
  }

  const limited = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const entry = PER_USER_ROUTES.find(({ method, url }) => url === route.url && methods.includes(method));
    if (!entry) return;
    const hooks = hooksOf(route.preHandler);
    // preHandler hooks run in order: the count is keyed by request.user, which authenticate sets,
    // and a request refused before it is not counted against anyone.
    if (!hooks.includes(app.authenticate)) {
      throw new Error(`${entry.method} ${entry.url} is rate-limited per user but does not use app.authenticate as its preHandler`);
    }
    const limit = userLimits.get(entry.action)!;
    const unlessOwnKey: LimitHook = async (request, reply) => {
      if (await usesOwnAiKey(db.kysely, request.user!.id, userAiEndpoints)) return;
      await limit(request, reply);
    };
    route.preHandler = [...hooks, entry.ownKeyExempt && userAiEndpoints.length > 0 ? unlessOwnKey : limit];
    limited.add(`${entry.method} ${entry.url}`);
  });
  app.addHook('onReady', async () => {
    const missing = PER_USER_ROUTES.filter(({ method, url }) => !limited.has(`${method} ${url}`));
    if (missing.length > 0) {
      throw new Error(`rate-limited routes that were never registered: ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    }
  });
});
