/**
 * Chat exports of other apps, as .json files: RisuAI's (`{type: "risuChat", data: {message: [...]}}`,
 * each message `{role: "user" | "char", data, name?, time?}`) and Agnai's (`{messages: [{msg, userId?,
 * characterId?, createdAt?, handle?}]}`), read the way SillyTavern imports them. Other JSON that people
 * try (KoboldAI Lite saves, CAI Tools and oobabooga logs, a character card) is refused by name.
 */
import type { ChatRole } from '../contract';
import { ChatFileError } from './chatFileError';
import { DEFAULT_USER_NAME } from './prompt/context';
import { SUPPORTED_CHAT_FORMATS, type ArchiveChat, type ArchiveMessage, type ParseChatOptions } from './sillytavern';
import { capitalised, isRecord, isText, nameOf, openChatFile, own, tooManyMessages } from './fileFields';
import { parseSillyTavernDate } from './sillytavernDates';

/** JSON other apps write that is not a chat we read, by the field that gives it away. */
const KNOWN_OTHERS: [test: (file: Record<string, unknown>) => boolean, what: string][] = [
  [(file) => own(file, 'savedsettings') !== undefined, 'a KoboldAI Lite save'],
  [(file) => own(file, 'histories') !== undefined, 'a CAI Tools export'],
  [(file) => Array.isArray(own(file, 'data_visible')), 'an oobabooga chat log'],
  [(file) => isText(own(file, 'spec')) || isText(own(file, 'first_mes')), 'a character card (upload it on the Upload page)'],
];

interface ForeignMessage {
  role: ChatRole;
  name: string | undefined;
  content: unknown;
  date: unknown;
}

/** Messages read between two steps of chatExportSteps: a few milliseconds of work. */
const MESSAGES_PER_STEP = 2_000;

/**
 * Reads a RisuAI or Agnai chat export, in steps as chatJsonlSteps does (the one JSON.parse is the
 * longest of them). The character's name comes from the file where it has one, else from
 * `characterName` (the file's name, as the user saved it).
 */
export function* chatExportSteps(text: string, characterName: string, options: ParseChatOptions = {}): Generator<void, ArchiveChat, void> {
  const { limit, where } = openChatFile(text, options);
  let file: unknown;
  try {
    file = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw new ChatFileError('bad_json', `${capitalised(where)} is not valid JSON. ${SUPPORTED_CHAT_FORMATS}`);
  }
  yield;
  if (!isRecord(file)) throw unsupported(where, 'is not a chat export');
  const risu = own(file, 'data');
  let found: ForeignMessage[];
  let userName: string | undefined;
  let name = characterName;
  if (own(file, 'type') === 'risuChat' && isRecord(risu) && Array.isArray(own(risu, 'message'))) {
    found = (own(risu, 'message') as unknown[]).map((m) => {
      const record = isRecord(m) ? m : {};
      return {
        role: own(record, 'role') === 'user' ? 'user' : 'assistant',
        name: nameOf(own(record, 'name')),
        content: own(record, 'data'),
        date: own(record, 'time'),
      };
    });
  } else if (isAgnai(own(file, 'messages'))) {
    found = (own(file, 'messages') as unknown[]).map((m) => {
      const record = isRecord(m) ? m : {};
      const role = own(record, 'userId') ? 'user' : 'assistant';
      return {
        role,
        name: nameOf(own(record, role === 'user' ? 'handle' : 'characterName')),
        content: own(record, 'msg'),
        date: own(record, 'createdAt'),
      };
    });
    userName = found.find((m) => m.role === 'user')?.name;
    name = found.find((m) => m.role === 'assistant')?.name ?? name;
  } else {
    const other = KNOWN_OTHERS.find(([test]) => test(file));
    throw unsupported(where, other ? `is ${other[1]}, which cardchat does not import` : 'is not a chat format cardchat reads');
  }
  // An export with no messages is most likely some other app's JSON that happens to have the field.
  if (found.length === 0) throw new ChatFileError('empty_file', `${capitalised(where)} holds no messages; nothing was imported.`);
  if (found.length > limit('maxMessages')) throw tooManyMessages(where, limit('maxMessages'));

  const user = userName ?? DEFAULT_USER_NAME;
  let previous = Date.parse(options.now ?? new Date().toISOString());
  const dated = found.map((m) => parseSillyTavernDate(m.date)).find((date) => date !== undefined);
  const created = dated ?? previous;
  previous = created;
  const messages: ArchiveMessage[] = [];
  for (const [index, m] of found.entries()) {
    if (index > 0 && index % MESSAGES_PER_STEP === 0) yield;
    if (typeof m.content !== 'string') {
      throw new ChatFileError('bad_message', `Message ${index + 1} of ${where} has no text.`);
    }
    if (m.content.length > limit('maxMessageChars')) {
      const count = (n: number) => n.toLocaleString('en-US');
      throw new ChatFileError(
        'message_too_long',
        `Message ${index + 1} of ${where} has ${count(m.content.length)} characters; an imported message may have at most ${count(limit('maxMessageChars'))}.`,
      );
    }
    previous = parseSillyTavernDate(m.date) ?? previous;
    messages.push({
      role: m.role,
      name: m.name ?? (m.role === 'user' ? user : name),
      content: m.content,
      sendDate: new Date(previous).toISOString(),
    });
  }
  return { userName: user, characterName: name, createdAt: new Date(created).toISOString(), messages };
}

/** Agnai's messages carry `msg`; other apps' `messages` lists (OpenAI-style `content`...) are not it. */
function isAgnai(messages: unknown): messages is unknown[] {
  return Array.isArray(messages) && (messages.length === 0 || (isRecord(messages[0]) && own(messages[0], 'msg') !== undefined));
}

function unsupported(where: string, what: string): ChatFileError {
  return new ChatFileError('unsupported_format', `${capitalised(where)} ${what}. ${SUPPORTED_CHAT_FORMATS}`);
}
