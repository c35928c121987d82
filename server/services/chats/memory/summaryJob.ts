/**
 * Writing a chat's running summary (core/chat/memory/summary.ts) off the request path: a job asked
 * for after a reply is stored, once history has started to fall out of the prompt, or by the person
 * (Regenerate). It reads the messages the summary is to take in, asks the chat's AI service for the
 * summary (the demo says it is a demo), and stores it with the chat unless the person changed the
 * summary meanwhile. An AI failure is tried once more.
 */
import { characterDisplayName } from '@core/card/index';
import { demoSummary, summaryOf, summaryRequest, withSummary, type SummaryLine } from '@core/chat/index';
import { SUMMARY_LIMITS } from '@core/contract/constants';
import { estimateMessageTokens } from '@core/chat/tokens';
import { findChatById } from '../../../db/repositories/chats';
import { messagesBefore } from '../../../db/repositories/messages';
import { findUserById } from '../../../db/repositories/users';
import type { Chat } from '../../../db/schema';
import type { JobKind } from '../../../jobs/kind';
import { generationOf } from '../../aiSettings/settings';
import { replyWriterFor } from '../../aiKeys/ownAi';
import type { ServiceContext } from '../../context';
import { cardOfChat } from '../character';
import { metadataOf } from '../timedLore';
import { changeChatMetadata } from './metadata';

export interface SummaryPayload {
  chat_id: string;
  /** The summary is to cover every message numbered below this. */
  upto: number;
  /** Written again from the start (Regenerate), not from the summary so far. */
  fresh: boolean;
}

/** The most messages one summary request reads. */
const MAX_FOLDED = 500;

/** The messages from `from` up to `upto` that fit `room` tokens, the newest kept first; hidden ones never reach the AI. */
async function linesToFold(ctx: ServiceContext, chat: Chat, from: number, upto: number, room: number): Promise<SummaryLine[]> {
  const rows = (await messagesBefore(ctx.db, chat.id, MAX_FOLDED, upto)).filter((m) => m.seq >= from && !Number(m.hidden));
  const lines: SummaryLine[] = [];
  let used = 0;
  for (let i = rows.length - 1; i >= 0; i--) {
    const line = { role: rows[i]!.role, name: rows[i]!.name ?? '', content: rows[i]!.content };
    used += estimateMessageTokens({ content: `${line.name}: ${line.content}` });
    if (used > room) break;
    lines.unshift(line);
  }
  return lines;
}

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of stream) text += piece;
  return text.trim();
}

export const chatSummaryJob: JobKind<SummaryPayload> = {
  kind: 'chat_summary',
  heavy: false,
  // Retried once: a summary is worth a second try, not a queue of them.
  maxAttempts: 2,
  retryAfterMs: 1000,
  async run(ctx, run) {
    const { chat_id: chatId, upto, fresh } = run.payload;
    const chat = await findChatById(ctx.db, chatId);
    const user = await findUserById(ctx.db, run.userId);
    if (!chat || !user || chat.user_id !== user.id) return { skipped: 'gone' };
    const before = summaryOf(metadataOf(chat.chat_metadata));
    if (before.off || (!fresh && before.covers >= upto)) return { skipped: 'nothing to do' };
    const from = fresh ? 0 : before.covers;
    const previous = fresh ? '' : before.text;
    const generation = await generationOf(ctx, user.id, chat.id);
    const { contextTokens, replyTokens } = generation;
    // The same AI service as the chat's replies: the person's own, when they added a key.
    const { ai, sampling } = await replyWriterFor(ctx, user.id, generation);
    const demo = ai.kind === 'demo';
    let text: string;
    if (demo) text = demoSummary(upto - from);
    else {
      const fixed = summaryRequest(previous, []);
      const room = contextTokens - replyTokens - fixed.reduce((sum, m) => sum + estimateMessageTokens(m), 0);
      const lines = await linesToFold(ctx, chat, from, upto, room);
      const card = await cardOfChat(ctx.db, chat);
      const messages = summaryRequest(
        previous,
        lines.map((line) => ({ ...line, name: line.name || characterDisplayName(card) })),
      );
      try {
        text = await collect(ai.complete({ messages, card, userName: user.name ?? '', sampling, signal: run.signal }).stream);
      } catch (error) {
        // The AI's refusal is no fault of the job's input: it is tried again.
        throw new Error(`The summary request failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!text) throw new Error('The AI answered the summary request with nothing.');
    }
    let stored = false;
    await changeChatMetadata(ctx, user, chat.id, (metadata) => {
      const now = summaryOf(metadata);
      // The person edited it, switched it off or had it written again meanwhile: theirs stands.
      if (now.updated_at !== before.updated_at || now.off) return metadata;
      stored = true;
      const summary = {
        text: text.slice(0, SUMMARY_LIMITS.textChars),
        off: false,
        covers: upto,
        updated_at: new Date().toISOString(),
        demo,
      };
      return withSummary(metadata, summary);
    });
    return { stored };
  },
};
