import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AiProvider } from '../ai/provider';
import type { BlobStore } from '../blobs/store';
import type { Config } from '../config';
import type { Database } from '../db/schema';

/**
 * What every service works with, passed as one object: routes get it as `request.ctx`
 * (plugins/context.ts), whose `log` is the request's own, so a warning names its request.
 */
export interface ServiceContext {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Writes replies: the OpenAI-compatible service at LLM_BASE_URL, else the built-in demo. */
  ai: AiProvider;
  config: Config;
  log: FastifyBaseLogger;
  /** Tells the job runner a job was added (server/jobs). */
  jobs: { wake(): void };
  /**
   * Counts an AI request no route asked for (a chat's summary) against the person's limit on
   * replies; false once past it. Absent off the request path (the jobs thread).
   */
  limits?: { completion(userId: string): Promise<boolean> };
}
