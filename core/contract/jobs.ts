/**
 * Jobs: long work that runs off the request path (a chat import, an account export, an account
 * deletion), as the person who asked for it sees it. Started by its own endpoint (202 with the job),
 * then followed with GET /api/jobs/{id} until it is done or failed.
 */
import { Type, type Static } from 'typebox';
import { IdParams, NullableString, StringEnum, type Endpoint } from './common';
import * as routes from './routes';

/** What a chat import made: its chats, and the spec's 'Import Successful' words. */
export const ChatImportResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  imported: Type.Array(
    Type.Object({ chat_id: Type.String(), character_name: Type.String(), character_id: NullableString(), message_count: Type.Integer() }),
  ),
  /** What the import left out, each by its file's name, and why (a card the plan had no slot for...). */
  skipped: Type.Optional(Type.Array(Type.Object({ name: Type.String(), reason: Type.String() }))),
});
export type ChatImportResponse = Static<typeof ChatImportResponse>;

export const JOB_KINDS = ['chat_import', 'account_export', 'account_deletion', 'chat_summary'] as const;
export type JobKindName = (typeof JOB_KINDS)[number];

export const Job = Type.Object({
  id: Type.String(),
  kind: StringEnum(JOB_KINDS),
  /** queued (waiting its turn), running, done, failed. */
  state: StringEnum(['queued', 'running', 'done', 'failed'] as const),
  /** How far it got: items done of all (messages imported, files exported). */
  progress: Type.Optional(Type.Object({ done: Type.Integer(), total: Type.Integer() })),
  /** Why it failed, in the words the request itself would have answered. */
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
  /** A done chat import: the chats it made. */
  imported: Type.Optional(ChatImportResponse.properties.imported),
  skipped: ChatImportResponse.properties.skipped,
  /** A done export: its file, fetched with the Bearer token for a day. */
  file: Type.Optional(Type.Object({ name: Type.String(), bytes: Type.Integer(), url: Type.String() })),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Job = Static<typeof Job>;

/** What an endpoint that starts a job answers (202). */
export const JobStarted = Type.Object({ success: Type.Literal(true), message: Type.String(), job: Job });
export type JobStarted = Static<typeof JobStarted>;

export const JobList = Type.Object({ data: Type.Array(Job) });
export type JobList = Static<typeof JobList>;

export const JobListQuery = Type.Object({ kind: Type.Optional(StringEnum(JOB_KINDS)) });

export const getJob = { ...routes.getJob, params: IdParams, response: { 200: Job } } satisfies Endpoint;
/** The user's jobs of the last day, newest first. */
export const listJobs = { ...routes.listJobs, querystring: JobListQuery, response: { 200: JobList } } satisfies Endpoint;
/** A done job's file (an export's .zip). */
export const jobFile = { ...routes.jobFile, params: IdParams, response: {} } satisfies Endpoint;
