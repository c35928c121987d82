/** The last prompt sent to the AI for a chat, kept part by part for the app's Prompt view. */
import type { BuiltPrompt } from '@core/chat/index';
import type { ChatPromptResponse, LastPrompt } from '@core/contract';
import { findOwnChatPrompt, saveChatPrompt } from '../../../db/repositories/chatPrompts';
import { findOwnChat } from '../../../db/repositories/chats';
import type { ServiceContext } from '../../context';
import type { RequestUser } from '../../users';
import { chatNotFound } from '../reads';

export interface PromptBudget {
  contextTokens: number;
  replyTokens: number;
  /** The messages the prompt was built from. */
  historyMessages: number;
}

/** What the view shows of a built prompt: its parts and budget, never its text (the chat and card hold that). */
export function lastPromptOf(prompt: BuiltPrompt, budget: PromptBudget, at: string): LastPrompt {
  return {
    built_at: at,
    estimated_tokens: prompt.estimatedTokens,
    context_tokens: budget.contextTokens,
    reply_tokens: budget.replyTokens,
    history_messages: budget.historyMessages,
    dropped_history: prompt.droppedHistory,
    dropped_examples: prompt.droppedExamples,
    parts: prompt.parts,
  };
}

/**
 * Keeps the prompt as the chat's last. It runs beside the AI call, never before it, and a failure
 * to keep it is logged, never the reply's failure: the view is a window on the reply, not part of it.
 */
export async function keepLastPrompt(ctx: ServiceContext, chatId: string, last: LastPrompt): Promise<void> {
  const { parts, ...rest } = last;
  try {
    await saveChatPrompt(ctx.db, { chat_id: chatId, parts: JSON.stringify(parts), ...rest });
  } catch (error) {
    ctx.log.warn({ err: error, chatId }, 'Could not keep the chat’s last prompt');
  }
}

/** The user's chat's last prompt; 404 for a chat that is not theirs. */
export async function chatPrompt(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatPromptResponse> {
  const row = await findOwnChatPrompt(ctx.db, user.id, chatId);
  if (!row) {
    if (!(await findOwnChat(ctx.db, user.id, chatId))) throw chatNotFound();
    return {};
  }
  const { chat_id: _chatId, parts, ...rest } = row;
  return { prompt: { ...rest, parts: JSON.parse(parts) as LastPrompt['parts'] } };
}
