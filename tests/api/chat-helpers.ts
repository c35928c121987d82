import { randomUUID } from 'node:crypto';
import type { Card } from '@core/card/index';
import type { CompletionResult } from '@core/contract';
import type { DialectName } from '../../server/db/index';
import { testCardPng } from '../support/cards';
import { startFakeOpenAI } from '../support/fakeOpenAI';
import { multipartBody, upload, userOf, type Uploader } from './cards';
import { createTestApp, type TestApp } from './helpers';

/** Uploads a card of the user's own and returns its file_id. */
export async function ownCard(test: TestApp, user: Uploader, png: Uint8Array): Promise<string> {
  const response = await upload(test, user, png);
  if (response.statusCode !== 200) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.file_id as string;
}

/** A server on `dialect` whose AI is a fake OpenAI service, with two users and a card of alice's. */
export async function chatTestBed(dialect: DialectName, settings: Record<string, string>, cardFields: Partial<Card['data']>) {
  const fake = await startFakeOpenAI();
  const test = await createTestApp(dialect, { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: 'fake-model', ...settings });
  const alice = await userOf(test, 'alice');
  const bob = await userOf(test, 'bob');
  return { fake, test, alice, bob, card: await ownCard(test, alice, testCardPng(cardFields)) };
}

export interface SendOptions {
  chatId: string;
  characterId?: string;
  text?: string;
  key?: string;
  stream?: boolean;
  regenerate?: boolean;
  continue?: boolean;
  /** Store the message without asking a reply (a part of a long message). */
  noReply?: boolean;
  greetingIndex?: number;
  /** Who the user is from this message on (absent: the chat's); null: the profile name. */
  personaId?: string | null;
  /** The person's IANA time zone, as the app sends it. */
  timeZone?: string;
  /** In a group chat, the member chosen to answer. */
  speakerId?: string;
}

/** POST /api/chat/completions as the PWA sends it. */
export function complete(test: TestApp, user: Uploader, options: SendOptions) {
  return test.app.inject({
    method: 'POST',
    url: '/api/chat/completions',
    headers: { ...user.headers, 'idempotency-key': options.key ?? randomUUID() },
    payload: {
      chat_id: options.chatId,
      character_id: options.characterId,
      messages: options.text === undefined ? [] : [{ role: 'user', content: options.text }],
      stream: options.stream ?? false,
      regenerate: options.regenerate ?? false,
      ...(options.continue === undefined ? {} : { continue: options.continue }),
      ...(options.noReply === undefined ? {} : { no_reply: options.noReply }),
      ...(options.greetingIndex === undefined ? {} : { greeting_index: options.greetingIndex }),
      ...(options.personaId === undefined ? {} : { persona_id: options.personaId }),
      ...(options.timeZone === undefined ? {} : { time_zone: options.timeZone }),
      ...(options.speakerId === undefined ? {} : { speaker_id: options.speakerId }),
    },
  });
}

export interface ParsedStream {
  deltas: string[];
  stored: CompletionResult | undefined;
  error: { error: string; message: string } | undefined;
  done: boolean;
}

/** Splits an SSE body into the OpenAI chunks' text, the `stored` result, an `error` and `[DONE]`. */
export function parseStream(body: string): ParsedStream {
  const parsed: ParsedStream = { deltas: [], stored: undefined, error: undefined, done: false };
  for (const block of body.split('\n\n').filter(Boolean)) {
    const event = /^event: (.+)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
    if (data === '[DONE]') parsed.done = true;
    else if (event === 'stored') parsed.stored = JSON.parse(data);
    else if (event === 'error') parsed.error = JSON.parse(data);
    else {
      const content = JSON.parse(data).choices[0].delta.content;
      if (content) parsed.deltas.push(content);
    }
  }
  return parsed;
}

export const listChats = (test: TestApp, user: Uploader, body: Record<string, unknown> = {}) =>
  test.app.inject({ method: 'POST', url: '/api/chats/list', headers: user.headers, payload: body });

export const getChat = (test: TestApp, user: Uploader, body: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/chats/get', headers: user.headers, payload: body });

export interface JsonlLine {
  mes: string;
  is_user?: boolean;
  is_system?: boolean;
  name?: string;
  /** Epoch milliseconds, as SillyTavern writes them. */
  send_date?: number;
}

/** A SillyTavern chat file: the header line, then one line per message. */
export function chatJsonl(characterName: string, lines: JsonlLine[], createDate = Date.UTC(2024, 0, 1)): string {
  const header = { user_name: 'You', character_name: characterName, create_date: createDate, chat_metadata: {} };
  const body = lines.map((line) => ({
    name: line.is_user ? 'You' : characterName,
    is_user: false,
    is_system: false,
    send_date: createDate,
    extra: {},
    ...line,
  }));
  return [header, ...body].map((value) => JSON.stringify(value)).join('\n') + '\n';
}

/** What an import came to, as the PWA tells it: the request's own refusal, or how its job ended. */
export interface ImportOutcome {
  /** The refusal's status; 200 once the job is done; the job's error status when it failed. */
  statusCode: number;
  body: string;
  json(): any;
  /** The job, when the request started one. */
  jobId?: string;
}

/** Waits (on its state, never a fixed time) until the user's job has ended; returns its row. */
export async function jobEnded(test: TestApp, jobId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await test.db.kysely.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A 202 from POST /api/chats/import followed to its end: done answers as the import itself used to
 * (200 with `imported`), failed with the job's status and `{error, message}`.
 */
export async function importOutcome(
  test: TestApp,
  user: Pick<Uploader, 'headers'>,
  response: { statusCode: number; body: string },
): Promise<ImportOutcome> {
  if (response.statusCode !== 202) return { statusCode: response.statusCode, body: response.body, json: () => JSON.parse(response.body) };
  const jobId = (JSON.parse(response.body) as { job: { id: string } }).job.id;
  const ended = await jobEnded(test, jobId);
  const job = (await test.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: user.headers })).json();
  const error = ended.error ? (JSON.parse(ended.error) as { status: number; code: string; message: string }) : undefined;
  const answer = error
    ? { error: error.code, message: error.message }
    : {
        success: true,
        message: 'Chat data has been imported successfully.',
        imported: job.imported,
        ...(job.skipped && { skipped: job.skipped }),
      };
  const body = JSON.stringify(answer);
  return { statusCode: error ? error.status : 200, body, json: () => JSON.parse(body), jobId };
}

/** POST /api/chats/import with the archive in the multipart field `file`, as the PWA sends it, followed to its end. */
export async function importArchive(test: TestApp, user: Uploader, bytes: Uint8Array, filename = 'x.zip', field = 'file') {
  const { payload, headers } = await multipartBody({ field, filename, type: 'application/zip', bytes });
  return importOutcome(
    test,
    user,
    await test.app.inject({ method: 'POST', url: '/api/chats/import', payload, headers: { ...headers, ...user.headers } }),
  );
}

/** POST /api/chats/import with several files in the field `file`, as the PWA sends a multiple choice, followed to its end. */
export async function importFiles(test: TestApp, user: Uploader, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const response = new Response(form);
  const headers = { 'content-type': response.headers.get('content-type')!, ...user.headers };
  return importOutcome(
    test,
    user,
    await test.app.inject({ method: 'POST', url: '/api/chats/import', payload: Buffer.from(await response.arrayBuffer()), headers }),
  );
}

/** The account's data export as the PWA gets it: started, followed to its end, its .zip fetched. */
export async function exportAccount(test: TestApp, user: Pick<Uploader, 'headers'>) {
  const started = await test.app.inject({ method: 'POST', url: '/api/users/me/export', headers: user.headers });
  if (started.statusCode !== 202) throw new Error(`the export answered ${started.statusCode}: ${started.body}`);
  const job = (started.json() as { job: { id: string } }).job;
  const ended = await jobEnded(test, job.id);
  if (ended.state !== 'done') throw new Error(`the export failed: ${ended.error}`);
  return test.app.inject({ method: 'GET', url: `/api/jobs/${job.id}/file`, headers: user.headers });
}

/** Waits until the account's deletion job has deleted its data. */
export async function deletionFinished(test: TestApp, userId: string) {
  const job = await test.db.kysely
    .selectFrom('jobs')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'account_deletion')
    .executeTakeFirstOrThrow();
  return jobEnded(test, job.id);
}

/** POST /api/chats/export; `format` as the export menu sends it (absent: the .zip). */
export const exportChat = (test: TestApp, user: Uploader, chatId: string, format?: 'zip' | 'jsonl' | 'txt') =>
  test.app.inject({
    method: 'POST',
    url: '/api/chats/export',
    headers: user.headers,
    payload: { chat_id: chatId, ...(format && { format }) },
  });

/** POST /api/messages: a message added to a chat without a reply. */
export const appendMessage = (test: TestApp, user: Uploader, body: { chatId: string; content: string; timestamp?: string }) =>
  test.app.inject({ method: 'POST', url: '/api/messages', headers: user.headers, payload: body });

const keyed = (user: Uploader, key: string | undefined) => ({ ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) });

/** PATCH /api/messages/{id}: `{content}` and/or `{swipe_id}`, with an Idempotency-Key when given. */
export const editMessage = (test: TestApp, user: Uploader, id: string, body: Record<string, unknown>, key?: string) =>
  test.app.inject({ method: 'PATCH', url: `/api/messages/${id}`, headers: keyed(user, key), payload: body });

/** DELETE /api/messages/{id}. */
export const deleteMessage = (test: TestApp, user: Uploader, id: string, key?: string) =>
  test.app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: keyed(user, key) });

/** POST /api/messages/delete-from: the message and everything after it. */
export const deleteFrom = (test: TestApp, user: Uploader, body: { chat_id: string; message_id: string }, key?: string) =>
  test.app.inject({ method: 'POST', url: '/api/messages/delete-from', headers: keyed(user, key), payload: body });
