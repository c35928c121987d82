import { describe, expect, it } from 'vitest';
import { chatFileSteps, writeChatText } from '@core/chat/chatFile';
import { ChatFileError, parseChatJsonl, writeChatJsonl, type ArchiveChat } from '@core/chat/sillytavern';
import { FOREIGN_CHAT_FILES, foreignChatText } from '../../fixtures/ecosystem';

const NOW = '2026-11-25T22:00:00.000Z';

function read(fileName: string, text: string, options: Parameters<typeof chatFileSteps>[2] = {}): ArchiveChat {
  const steps = chatFileSteps(fileName, text, { now: NOW, ...options });
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function refusal(fileName: string, text: string): ChatFileError {
  try {
    read(fileName, text);
  } catch (error) {
    if (error instanceof ChatFileError) return error;
    throw error;
  }
  throw new Error('expected a ChatFileError');
}

describe('chat files from other apps', () => {
  it('reads a SillyTavern group chat: each member by name, the metadata, swipes and the hidden message', () => {
    const chat = read(FOREIGN_CHAT_FILES.group, foreignChatText('group'));
    expect(chat).toMatchObject({ userName: 'Rowan', characterName: 'Pip, Willow', createdAt: '2024-05-02T18:01:10.000Z' });
    expect(chat.metadata).toEqual({
      note_prompt: 'Keep the harbour foggy.',
      note_interval: 3,
      note_depth: 4,
      note_position: 1,
      variables: { tide: 'low' },
    });
    expect(chat.messages.map((m) => [m.role, m.name, m.hidden === true])).toEqual([
      ['assistant', 'Pip', false],
      ['assistant', 'Willow', false],
      ['user', 'Rowan', false],
      ['assistant', 'Pip', true],
    ]);
    expect(chat.messages[1]).toMatchObject({
      content: 'Chamomile, before the fog rolls in.',
      swipes: ['Mint, for the cold.', 'Chamomile, before the fog rolls in.'],
      swipeId: 1,
    });
  });

  it('reads an old group chat without a header line', () => {
    const text = foreignChatText('group').split('\n').slice(1).join('\n');
    const chat = read('old-group.jsonl', text);
    expect(chat).toMatchObject({ userName: 'Rowan', characterName: 'Pip, Willow', createdAt: '2024-05-02T18:01:10.000Z' });
    expect(chat.messages).toHaveLength(4);
  });

  it("flattens a Chub chat's {message} objects, in mes and in swipes", () => {
    const chat = read(FOREIGN_CHAT_FILES.chub, foreignChatText('chub'));
    expect(chat).toMatchObject({ userName: 'Rowan', characterName: 'Lantern Keeper' });
    expect(chat.messages.map((m) => m.content)).toEqual(['The lamp is lit. Who climbs my stairs?', 'Only me, with the oil.']);
    expect(chat.messages[0]).toMatchObject({
      swipes: ['The lamp is lit. Who climbs my stairs?', 'Mind the seventh step, traveller.'],
      swipeId: 0,
    });
  });

  it("reads RisuAI's export: char and user roles, epoch times, a message's own name", () => {
    const chat = read(FOREIGN_CHAT_FILES.risu, foreignChatText('risu'));
    expect(chat).toMatchObject({ characterName: 'moth-risuai', userName: 'User', createdAt: '2024-05-06T12:53:20.000Z' });
    expect(chat.messages.map((m) => [m.role, m.name, m.sendDate])).toEqual([
      ['assistant', 'moth-risuai', '2024-05-06T12:53:20.000Z'],
      ['user', 'User', '2024-05-06T12:53:50.000Z'],
      ['assistant', 'Moth Archivist', '2024-05-06T12:54:20.000Z'],
    ]);
  });

  it("reads Agnai's export: userId makes the user's message, its handle names them", () => {
    const chat = read(FOREIGN_CHAT_FILES.agnai, foreignChatText('agnai'));
    expect(chat).toMatchObject({ characterName: 'bell-agnai', userName: 'Rowan', createdAt: '2024-05-10T12:00:00.000Z' });
    expect(chat.messages.map((m) => [m.role, m.name, m.content])).toEqual([
      ['assistant', 'bell-agnai', 'The bell rings once. You came early.'],
      ['user', 'Rowan', 'Early is on time, for bells.'],
    ]);
  });

  it('refuses other JSON by name and lists what works', () => {
    const cases: [unknown, string][] = [
      [{ savedsettings: {}, gamestory: [] }, 'KoboldAI Lite'],
      [{ histories: { histories: [] } }, 'CAI Tools'],
      [{ data_visible: [], data: [] }, 'oobabooga'],
      [{ spec: 'chara_card_v2', data: { name: 'Pip' } }, 'character card'],
      [{ hello: 'world' }, 'not a chat format'],
      [{ messages: [{ role: 'user', content: 'hi' }] }, 'not a chat format'],
      [[1, 2], 'not a chat export'],
    ];
    for (const [value, named] of cases) {
      const error = refusal('x.json', JSON.stringify(value));
      expect(error.code).toBe('unsupported_format');
      expect(error.message).toContain(named);
      expect(error.message).toContain('SillyTavern chats (.jsonl');
    }
    expect(refusal('x.json', '{"messages": [')).toMatchObject({ code: 'bad_json' });
    for (const empty of [{ messages: [] }, { type: 'risuChat', data: { message: [] } }]) {
      expect(refusal('x.json', JSON.stringify(empty))).toMatchObject({
        code: 'empty_file',
        message: "'x.json' holds no messages; nothing was imported.",
      });
    }
    expect(refusal('notes.txt', 'hello')).toMatchObject({
      code: 'unsupported_format',
      message: expect.stringContaining("'notes.txt' is not a chat file"),
    });
  });

  it('holds the limits on JSON exports: message length, count, total size, text only', () => {
    const risu = (message: unknown[]) => JSON.stringify({ type: 'risuChat', data: { message } });
    const limits = { maxMessageChars: 10, maxMessages: 2, maxTotalChars: 200 };
    const steps = (text: string) => read('x.json', text, { limits });
    expect(() => steps(risu([{ role: 'char', data: 'x'.repeat(11) }]))).toThrow(expect.objectContaining({ code: 'message_too_long' }));
    expect(() => steps(risu([1, 2, 3].map(() => ({ role: 'user', data: 'a' }))))).toThrow(
      expect.objectContaining({ code: 'too_many_messages' }),
    );
    expect(() => steps(risu([{ role: 'user', data: 'a'.repeat(300) }]))).toThrow(expect.objectContaining({ code: 'file_too_large' }));
    expect(() => steps(risu([{ role: 'user', data: { nested: true } }]))).toThrow(expect.objectContaining({ code: 'bad_message' }));
  });

  it('round-trips swipes, metadata and hidden messages: file → chat → file → chat means the same', () => {
    const chat = read(FOREIGN_CHAT_FILES.group, foreignChatText('group'));
    const again = parseChatJsonl(writeChatJsonl(chat));
    expect(again).toEqual(chat);
    expect(writeChatJsonl(again)).toBe(writeChatJsonl(chat));
  });

  it('writes a plain-text transcript: a title, then "Name: text" without markdown markers, with hidden messages and versions said', () => {
    const text = writeChatText(read(FOREIGN_CHAT_FILES.group, foreignChatText('group')));
    expect(text.split('\n\n')).toEqual([
      'Pip, Willow — a chat with Rowan, 2024-05-02',
      'Pip: Pip waves from the quay. Over here! Willow brought tea.',
      'Willow (version 2 of 2): Chamomile, before the fog rolls in.',
      'Rowan: Thanks, both of you.',
      'Pip (hidden): (An aside the group hid from the model.)\n',
    ]);
  });
});
