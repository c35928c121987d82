/**
 * SillyTavern's chat file (.jsonl): a header line, then one line per message.
 *
 *   {"user_name":"You","character_name":"Aqua","create_date":1674559896839,"chat_metadata":{}}
 *   {"name":"Aqua","is_user":false,"is_system":false,"send_date":1674563371558,"mes":"Hi!","extra":{}}
 *
 * We write dates as epoch milliseconds, which SillyTavern reads and which keep full precision, so
 * export → import → export gives the same bytes. A reply with several versions carries them as
 * SillyTavern does: `swipes` (every version), `swipe_id` (the shown one, which `mes` holds) and
 * `swipe_info` (one entry per version). We read what SillyTavern and TavernAI have written over the
 * years (see sillytavernDates.ts); a line's fields we do not read ourselves (extra, swipe_info,
 * gen_started, title, force_avatar, fields of newer versions...) are kept as `fileFields` and written
 * back, so nothing of an imported chat is lost on its way out.
 *
 * Also read: a group chat (its header's names are "unused", or an old one has no header at all; each
 * member keeps its name on its messages), Chub's chats (`mes` and swipes as `{message}` objects, which
 * SillyTavern flattens on import), hidden messages (`is_system: true`, SillyTavern's "hide": kept, shown
 * as hidden, never sent to the model), narrator messages (`extra.type: "narrator"`, our system role)
 * and `chat_metadata` (the author's note, variables...), kept as it is and written back.
 */
import type { ChatRole } from '../contract';
import { ChatFileError, type ChatFileLimits } from './chatFileError';
import { DEFAULT_USER_NAME } from './prompt/context';
import { capitalised, isRecord, isText, megabytes, nameOf, openChatFile, own, tooManyMessages } from './fileFields';
import { parseSillyTavernDate } from './sillytavernDates';
import type { VersionReasoning } from './reasoning';
import { reasoningOfLine, versionExtra, versionInfo } from './reasoningFile';
import { GROUP_PLACEHOLDER, NARRATOR, modelOf, parseJsonLine, roleOf, speakerName, swipesOf, textOf } from './sillytavernLine';

export * from './chatFileError';
export { parseSillyTavernDate } from './sillytavernDates';

type LineErrorCode = 'bad_json' | 'no_header' | 'bad_message' | 'line_too_long' | 'message_too_long';

export interface ArchiveMessage {
  role: ChatRole;
  name: string;
  content: string;
  /** ISO-8601 UTC. */
  sendDate: string;
  /** A reply's versions when it has more than one; `content` is `swipes[swipeId]`. */
  swipes?: string[] | undefined;
  swipeId?: number | undefined;
  /** Hidden from the model (SillyTavern's is_system on a user's or character's message). */
  hidden?: boolean | undefined;
  /** The model that wrote a reply (SillyTavern's `extra.model`). */
  model?: string | undefined;
  /** A thinking model's reasoning per version (SillyTavern's `extra.reasoning`, `swipe_info[i].extra`). */
  reasoning?: VersionReasoning | undefined;
  /** In a group, the speaker's card file (SillyTavern's `original_avatar`; cardchat writes `<card id>.png`). */
  avatar?: string | undefined;
  /**
   * The line's other fields as the file had them (`extra`, `swipe_info`, `gen_started`, `gen_finished`,
   * `title`, `force_avatar`, `original_avatar`, fields of newer versions...): written back on export.
   */
  fileFields?: Record<string, unknown> | undefined;
}

export interface ArchiveChat {
  userName: string;
  characterName: string;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** SillyTavern's chat_metadata, kept as the file had it. */
  metadata?: Record<string, unknown> | undefined;
  messages: ArchiveMessage[];
  /** A group chat: its header names no one ('unused'), each reply names its speaker. */
  group?: boolean | undefined;
}

export interface ParseChatOptions {
  /** Named in error messages ("Line 7 of 'Aqua.jsonl' is not valid JSON."). */
  fileName?: string;
  /** ISO-8601: the date of a chat whose file has none at all. Defaults to the current time. */
  now?: string;
  limits?: Partial<ChatFileLimits>;
}

/** The file's first line: who talks to whom, and since when. */
export function chatHeaderLine(chat: Omit<ArchiveChat, 'messages'>): string {
  return JSON.stringify({
    user_name: chat.group ? GROUP_PLACEHOLDER : chat.userName,
    character_name: chat.group ? GROUP_PLACEHOLDER : chat.characterName,
    create_date: epochMillis(chat.createdAt),
    chat_metadata: chat.metadata ?? {},
  });
}

/** The fields of a line that cardchat reads itself; every other one is kept as `fileFields`. */
const READ_FIELDS = new Set(['name', 'is_user', 'is_system', 'send_date', 'mes', 'swipes', 'swipe_id']);

/**
 * One message's line; a message with several versions carries them as SillyTavern does, and what the
 * imported line held beyond cardchat's fields is written back as it came (its `extra` under the
 * narrator type and model cardchat knows, each version's `swipe_info` while the versions still match).
 */
export function chatMessageLine(message: ArchiveMessage): string {
  const sendDate = epochMillis(message.sendDate);
  const swipes = message.swipes && message.swipes.length > 1 ? message.swipes : undefined;
  const { extra: keptExtra, swipe_info: keptInfo, ...kept } = message.fileFields ?? {};
  const info = Array.isArray(keptInfo) ? (keptInfo as unknown[]) : [];
  return JSON.stringify({
    name: message.name,
    is_user: message.role === 'user',
    is_system: message.hidden === true,
    send_date: sendDate,
    mes: message.content,
    // As SillyTavern marks a group member's reply written here: its card file, and the picture shown
    // beside it (an imported line writes back what its file said, kept below).
    ...(message.avatar &&
      !message.fileFields && {
        original_avatar: message.avatar,
        force_avatar: `/thumbnail?type=avatar&file=${encodeURIComponent(message.avatar)}`,
      }),
    ...kept,
    extra: {
      ...(isRecord(keptExtra) && keptExtra),
      ...(message.role === 'system' && { type: NARRATOR }),
      ...(message.model && { model: message.model }),
      ...versionExtra(message.reasoning, swipes ? (message.swipeId ?? 0) : 0),
    },
    ...(swipes && {
      swipe_id: message.swipeId ?? 0,
      swipes,
      swipe_info: swipes.map((_, i) => versionInfo(info[i], sendDate, versionExtra(message.reasoning, i))),
    }),
  });
}

export function writeChatJsonl(chat: ArchiveChat): string {
  return [chatHeaderLine(chat), ...chat.messages.map(chatMessageLine)].join('\n') + '\n';
}

/**
 * Reads a chat file. Roles: `is_user` makes a message the user's, `extra.type: "narrator"` a system
 * message, anything else the character's (in a group, the member its `name` says); `is_system` hides
 * it. A message without a readable date takes the date of the one before it, the first one
 * the header's create_date; a chat without create_date is dated by its first dated message, and a
 * chat with no date anywhere by `options.now`.
 */
export function parseChatJsonl(text: string, options: ParseChatOptions = {}): ArchiveChat {
  const steps = chatJsonlSteps(text, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** About this much text is parsed between two steps of chatJsonlSteps: a few milliseconds of work. */
const CHARS_PER_STEP = 1024 * 1024;

/**
 * parseChatJsonl in steps: the generator pauses after about every CHARS_PER_STEP of text, so a server
 * reading a 25 MB chat can answer other requests between the steps; it returns the chat.
 */
export function* chatJsonlSteps(text: string, options: ParseChatOptions = {}): Generator<void, ArchiveChat, void> {
  const { limit, where } = openChatFile(text, options);

  let header: Record<string, unknown> | undefined;
  const rows: { record: Record<string, unknown>; content: string; date: number | undefined }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let sinceStep = 0;
  for (const [index, line] of lines.entries()) {
    sinceStep += line.length;
    if (sinceStep >= CHARS_PER_STEP) {
      sinceStep = 0;
      yield;
    }
    const lineNumber = index + 1;
    const problem = (code: LineErrorCode, what: string) => new ChatFileError(code, `Line ${lineNumber} of ${where} ${what}`, lineNumber);
    if (line.trim() === '') continue;
    if (line.length > limit('maxLineChars')) {
      throw problem('line_too_long', `is longer than the ${megabytes(limit('maxLineChars'))} MB a line may be.`);
    }
    const parsed = parseJsonLine(line);
    if (!parsed) throw problem('bad_json', 'is not valid JSON.');
    const { value } = parsed;

    // An old group chat has no header: its first line is already a message.
    if (header === undefined && rows.length === 0 && !(isRecord(value) && own(value, 'mes') !== undefined)) {
      if (
        !isRecord(value) ||
        !(isText(own(value, 'character_name')) || isText(own(value, 'user_name')) || isRecord(own(value, 'chat_metadata')))
      ) {
        throw problem(
          'no_header',
          `is not a SillyTavern chat header: it needs user_name, character_name or chat_metadata. ${SUPPORTED_CHAT_FORMATS}`,
        );
      }
      header = value;
      continue;
    }

    if (!isRecord(value)) throw problem('bad_message', 'is not a chat message: each line after the first must be a JSON object.');
    const content = textOf(own(value, 'mes'));
    if (content === undefined) throw problem('bad_message', "has no message text: its 'mes' must be a string.");
    if (content.length > limit('maxMessageChars')) {
      const count = (n: number) => n.toLocaleString('en-US');
      throw problem(
        'message_too_long',
        `holds a message of ${count(content.length)} characters; an imported message may have at most ${count(limit('maxMessageChars'))}.`,
      );
    }
    if (rows.length >= limit('maxMessages')) throw tooManyMessages(where, limit('maxMessages'));
    rows.push({ record: value, content, date: parseSillyTavernDate(own(value, 'send_date')) });
  }
  if (header === undefined && rows.length === 0) throw new ChatFileError('empty_file', `${capitalised(where)} is empty.`);
  const head = header ?? {};

  const roles = rows.map(({ record }) => roleOf(record));
  const namesOf = (role: ChatRole) => [
    ...new Set(rows.flatMap(({ record }, i) => (roles[i] === role ? (nameOf(own(record, 'name')) ?? []) : []))),
  ];
  const userName = speakerName(own(head, 'user_name')) ?? namesOf('user')[0] ?? DEFAULT_USER_NAME;
  // A group is named after its members, as SillyTavern lists it.
  const characterName = speakerName(own(head, 'character_name')) ?? nameOf(namesOf('assistant').join(', ')) ?? 'Character';
  const now = Date.parse(options.now ?? new Date().toISOString());
  const created = parseSillyTavernDate(own(head, 'create_date')) ?? rows.find((row) => row.date !== undefined)?.date ?? now;
  const metadata = own(head, 'chat_metadata');

  let previous = created;
  const messages = rows.map(({ record, content, date }, i): ArchiveMessage => {
    const role = roles[i]!;
    previous = date ?? previous;
    const speaker = role === 'user' ? userName : role === 'system' ? 'System' : characterName;
    const message: ArchiveMessage = {
      role,
      name: nameOf(own(record, 'name')) ?? speaker,
      content,
      sendDate: new Date(previous).toISOString(),
    };
    if (own(record, 'is_system') === true) message.hidden = true;
    const fileFields = Object.fromEntries(Object.entries(record).filter(([key]) => !READ_FIELDS.has(key)));
    if (Object.keys(fileFields).length > 0) message.fileFields = fileFields;
    const versions = swipesOf(record, content);
    if (role !== 'assistant') return { ...message, ...versions };
    const model = modelOf(record);
    const reasoning = reasoningOfLine(record, versions.swipes?.length ?? 1, versions.swipeId ?? 0);
    const avatar = nameOf(own(record, 'original_avatar'));
    return { ...message, ...(model && { model }), ...(avatar && { avatar }), ...versions, ...(reasoning && { reasoning }) };
  });
  const group = header === undefined || own(head, 'character_name') === GROUP_PLACEHOLDER;
  return {
    userName,
    characterName,
    ...(group && { group }),
    createdAt: new Date(created).toISOString(),
    ...(isRecord(metadata) && Object.keys(metadata).length > 0 && { metadata }),
    messages,
  };
}

/** What cardchat imports, for messages that refuse a file. */
export const SUPPORTED_CHAT_FORMATS =
  'cardchat imports SillyTavern chats (.jsonl, group and Chub chats too), RisuAI and Agnai chat exports (.json), and its own .zip exports.';

function epochMillis(iso: string): number {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO-8601 date: ${iso}`);
  return ms;
}
