import { Readable, Transform } from 'node:stream';
import yazl from 'yazl';
import { chatHeaderLine, chatMessageLine } from '@core/chat/index';
import { privateSlots } from '@core/contract/constants';
import { planLabel } from '@core/plans';
import { userDisplayName } from '@core/chat/index';
import { exportedCards, exportedChats, exportedFavorites } from '../../db/repositories/accountExport';
import { listPersonas } from '../../db/repositories/personas';
import { messagesAfter } from '../../db/repositories/messages';
import { findUserById } from '../../db/repositories/users';
import { AppError, unauthorized } from '../../errors';
import { jobFileKey, removeJobBlobs } from '../../jobs/blobs';
import type { JobKind, JobRun } from '../../jobs/kind';
import { enqueueJob } from '../../jobs/queue';
import { EntryNames, safeArchiveName } from '../chats/archive/index';
import { archiveChatOf, archiveMessageOf } from '../chats/transfer';
import type { ServiceContext } from '../context';
import { ACCOUNT_DELETED, type RequestUser } from '../users';
import { exportReadme } from './exportReadme';
import { exportedAiSettings } from './exportAiSettings';

/** Messages read at a time while a chat file is written: a long chat never sits in memory whole. */
const MESSAGE_PAGE = 500;

export interface AccountExportPayload {
  /** What the account was to the request that asked (ADMIN_EMAILS may need the token's word). */
  isAdmin: boolean;
}

/** An export's file as its job's result records it. */
interface ExportFile {
  key: string;
  name: string;
  bytes: number;
}

/** "Aqua - 2026-11-25@19h20m11s.jsonl", as SillyTavern names its chat files. */
function chatFileName(characterName: string, createdAt: string): string {
  const [date = '', time = ''] = createdAt.split('T');
  const [h = '00', m = '00', s = '00'] = time.slice(0, 8).split(':');
  return `${safeArchiveName(characterName)} - ${date}@${h}h${m}m${s}s.jsonl`;
}

/** A chat file, written a page of messages at a time as the zip asks for more. */
function chatFile(
  ctx: ServiceContext,
  userName: string,
  chat: { id: string; character_name: string; created_at: string; chat_metadata: string | null; group_strategy: string | null },
): Readable {
  async function* lines() {
    yield `${chatHeaderLine(archiveChatOf(userName, chat))}\n`;
    let after = -1;
    for (;;) {
      const page = await messagesAfter(ctx.db, chat.id, after, MESSAGE_PAGE);
      if (page.length === 0) return;
      yield page.map((m) => `${chatMessageLine(archiveMessageOf(m))}\n`).join('');
      after = page[page.length - 1]!.seq;
      if (page.length < MESSAGE_PAGE) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * Everything of the account as one .zip, written into the blob store while it is made: README.txt,
 * profile.json, every own card's PNG (stored: they are compressed already) and every chat as
 * SillyTavern JSONL (deflated). Entries are opened lazily, one at a time, and the zip only reads on
 * as the store takes what it wrote, so memory stays flat whatever the account holds; past 4 GB or
 * 65,535 files the zip becomes zip64 by itself. A stopped run opens no further entry.
 */
async function writeExport(ctx: ServiceContext, user: RequestUser, run: JobRun<AccountExportPayload>): Promise<ExportFile> {
  const [cards, chats, favorites, personas] = await Promise.all([
    exportedCards(ctx.db, user.id),
    exportedChats(ctx.db, user.id),
    exportedFavorites(ctx.db, user.id),
    listPersonas(ctx.db, user.id),
  ]);
  const exportedAt = new Date().toISOString();
  const names = new EntryNames();
  const ai = await exportedAiSettings(ctx.db, user.id, names);
  const cardFiles = cards.map((card) => ({ card, file: `cards/${names.unique(`${safeArchiveName(card.card_name)}.png`)}` }));
  const chatFiles = chats.map((chat) => ({ chat, file: `chats/${names.unique(chatFileName(chat.character_name, chat.created_at))}` }));
  const personaFiles = personas.map((persona) => ({
    persona,
    file: persona.avatar_key ? `personas/${names.unique(`${safeArchiveName(persona.name)}.webp`)}` : null,
  }));
  // A chat file names the user as the chat speaks: its persona's name, else the profile name.
  const personaNames = new Map(personas.map((persona) => [persona.id, persona.name]));
  const userNameIn = (chat: { persona_id: string | null }) =>
    (chat.persona_id && personaNames.get(chat.persona_id)) || userDisplayName(user);
  const slots = privateSlots(user.plan);
  const profile = {
    format: 'cardchat-export/1',
    exported_at: exportedAt,
    account: {
      id: user.id,
      email: user.email,
      name: user.name,
      picture: user.picture,
      created_at: user.created_at,
      is_admin: user.isAdmin,
      handle: user.handle,
      bio: user.bio,
      adult_confirmed_at: user.adult_confirmed_at,
      show_nsfw: user.show_nsfw === 1,
      sign_in: { issuer: user.issuer, subject: user.subject },
    },
    plan: { id: user.plan, name: planLabel(user.plan), private_card_slots: Number.isFinite(slots) ? slots : null },
    personas: personaFiles.map(({ persona, file }) => ({
      id: persona.id,
      name: persona.name,
      description: persona.description,
      is_default: persona.is_default === 1,
      created_at: persona.created_at,
      avatar: file,
    })),
    favorites: favorites.map((f) => ({ file_id: f.image_id, name: f.card_name, added_at: f.created_at })),
    ...ai.profile,
    cards: cardFiles.map(({ card, file }) => ({
      file_id: card.id,
      name: card.card_name,
      public: card.is_public === 1,
      uploaded_at: card.created_at,
      file,
    })),
    chats: chatFiles.map(({ chat, file }) => ({
      chat_id: chat.id,
      character_name: chat.character_name,
      card_file_id: chat.image_id,
      persona_id: chat.persona_id,
      message_count: Number(chat.message_count),
      created_at: chat.created_at,
      last_message_at: chat.last_message_at,
      file,
    })),
  };

  const zip = new yazl.ZipFile();
  const mtime = new Date(exportedAt);
  const readme = Buffer.from(
    exportReadme(exportedAt.slice(0, 16).replace('T', ' '), {
      cards: cards.length,
      chats: chats.length,
      favorites: favorites.length,
      presets: ai.files.length,
    }),
  );
  const profileJson = Buffer.from(`${JSON.stringify(profile, null, 2)}\n`);
  zip.addBuffer(readme, 'README.txt', { mtime });
  zip.addBuffer(profileJson, 'profile.json', { mtime });
  for (const file of ai.files) zip.addBuffer(file.bytes, file.name, { mtime: file.mtime });
  // Opened when the zip reaches the entry; an error (a blob gone missing, the database) ends the download as failed.
  // yazl reads the stream only when there is no error.
  const noStream = undefined as unknown as Readable;
  const total = cards.length + personaFiles.filter(({ file }) => file).length + chats.length;
  let opened = 0;
  const lazy = (open: () => Promise<Readable>) => (callback: (error: Error | null, stream: Readable) => void) => {
    if (run.signal.aborted) return callback(new Error('the export was stopped'), noStream);
    run.progress(opened, total);
    opened += 1;
    open().then(
      (stream) => callback(null, stream),
      (error: Error) => callback(error, noStream),
    );
  };
  for (const { card, file } of cardFiles) {
    zip.addReadStreamLazy(
      file,
      { compress: false, mtime: new Date(card.created_at) },
      lazy(async () => {
        const stream = await ctx.blobs.get(card.blob_key);
        if (!stream) throw new Error(`the PNG of card ${card.id} is missing from the blob store`);
        return stream;
      }),
    );
  }
  for (const { persona, file } of personaFiles) {
    if (!file || !persona.avatar_key) continue;
    const key = persona.avatar_key;
    zip.addReadStreamLazy(
      file,
      { compress: false, mtime: new Date(persona.updated_at) },
      lazy(async () => {
        const stream = await ctx.blobs.get(key);
        if (!stream) throw new Error(`the avatar of persona ${persona.id} is missing from the blob store`);
        return stream;
      }),
    );
  }
  for (const { chat, file } of chatFiles) {
    zip.addReadStreamLazy(
      file,
      { compressionLevel: 6, mtime: new Date(chat.last_message_at) },
      lazy(async () => chatFile(ctx, userNameIn(chat), chat)),
    );
  }
  zip.end();

  // yazl types it as a NodeJS.ReadableStream; it is a PassThrough. Counted on its way to the store.
  const zipped = zip.outputStream as Readable;
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  zip.on('error', (error: Error) => counted.destroy(error));
  zipped.on('error', (error: Error) => counted.destroy(error));
  zipped.pipe(counted);
  const key = jobFileKey(run.id, '.zip');
  await ctx.blobs.put(key, counted, 'application/zip');
  run.progress(total, total);
  return { key, name: `cardchat-export-${exportedAt.slice(0, 10)}.zip`, bytes };
}

export const accountExportJob: JobKind<AccountExportPayload> = {
  kind: 'account_export',
  heavy: true,
  maxAttempts: 3,
  retryAfterMs: 30_000,
  async run(ctx, run) {
    const user = await findUserById(ctx.db, run.userId);
    if (!user || user.deleted_at) throw unauthorized(ACCOUNT_DELETED);
    return { file: await writeExport(ctx, { ...user, isAdmin: run.payload.isAdmin }, run) };
  },
  // The file stays a day for the person to fetch, then goes with its job.
  discard: (ctx, job) => removeJobBlobs(ctx, job),
};

/** One export of an account at a time: a second waits for nothing but the first's file. */
const ONE_EXPORT = {
  max: 1,
  refusal: () => new AppError(409, 'export_running', 'Your export is already being prepared. Wait for it to finish, then try again.'),
};

/** The request's half: queues the export; the job names its file once written. */
export function startAccountExport(ctx: ServiceContext, user: RequestUser) {
  return enqueueJob(ctx, user, accountExportJob, ONE_EXPORT, async () => ({ isAdmin: user.isAdmin }));
}

/** A done export's file, as its job's result names it. */
export function exportFileOf(result: string | null): ExportFile | undefined {
  const file = result ? (JSON.parse(result) as { file?: ExportFile }).file : undefined;
  return file?.key ? file : undefined;
}
