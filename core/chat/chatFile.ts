/**
 * One chat file of any kind cardchat imports, chosen by its extension: SillyTavern's .jsonl (also
 * group and Chub chats) or another app's .json export; and the plain-text transcript it exports.
 */
import { chatExportSteps } from './chatExports';
import { parseMessage, plainText } from './markdown/index';
import { ChatFileError } from './chatFileError';
import { chatJsonlSteps, SUPPORTED_CHAT_FORMATS, type ArchiveChat, type ParseChatOptions } from './sillytavern';

/** The extensions of chat files, as the import picker lists them. */
export const CHAT_FILE_EXTENSIONS = ['.jsonl', '.json'] as const;

export function isChatFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return CHAT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/**
 * Reads a chat file in steps (see chatJsonlSteps). `fileName` (a path in an archive, or a name) picks
 * the format; errors name `options.fileName` when given (a long name shortened for a message), else it.
 */
export function* chatFileSteps(fileName: string, text: string, options: ParseChatOptions = {}): Generator<void, ArchiveChat, void> {
  const base = fileName.split('/').at(-1)!;
  const named = { fileName, ...options };
  if (base.toLowerCase().endsWith('.jsonl')) return yield* chatJsonlSteps(text, named);
  // The file's name, without its extension, names the character where the export does not.
  if (base.toLowerCase().endsWith('.json')) return yield* chatExportSteps(text, base.replace(/\.json$/i, '').trim() || 'Character', named);
  throw new ChatFileError('unsupported_format', `'${named.fileName}' is not a chat file. ${SUPPORTED_CHAT_FORMATS}`);
}

/**
 * A chat as plain text to read or paste anywhere: a title line, then each message as "Name: text"
 * (its words without markdown markers or roleplay tags), a blank line between messages; versions
 * not shown and hidden messages' marks are said in words.
 */
export function writeChatText(chat: ArchiveChat): string {
  const title = `${chat.characterName} — a chat with ${chat.userName}, ${chat.createdAt.slice(0, 10)}`;
  const lines = chat.messages.map((m) => {
    const notes = [m.hidden ? 'hidden' : '', m.swipes && m.swipes.length > 1 ? `version ${(m.swipeId ?? 0) + 1} of ${m.swipes.length}` : '']
      .filter(Boolean)
      .join(', ');
    return `${m.name}${notes ? ` (${notes})` : ''}: ${plainText(parseMessage(m.content))}`;
  });
  return [title, ...lines].join('\n\n') + '\n';
}
