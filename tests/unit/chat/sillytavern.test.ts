import { describe, expect, it } from 'vitest';
import { ChatFileError, parseChatJsonl, parseSillyTavernDate, writeChatJsonl, type ArchiveChat } from '@core/chat/sillytavern';
import { PIP_CHAT_FILE, pipChatText } from '../../fixtures/ecosystem';

const lines = (...values: unknown[]) => values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n');
const HEADER = { user_name: 'You', character_name: 'Aqua', create_date: 1674559896839 };

function chatError(text: string, options?: Parameters<typeof parseChatJsonl>[1]): ChatFileError {
  try {
    parseChatJsonl(text, options);
  } catch (error) {
    if (error instanceof ChatFileError) return error;
    throw error;
  }
  throw new Error('expected a ChatFileError');
}

describe('SillyTavern chat files', () => {
  it(`imports SillyTavern's own layout (${PIP_CHAT_FILE}): header, is_user / is_system, both date forms, swipes`, () => {
    const chat = parseChatJsonl(pipChatText(), { fileName: PIP_CHAT_FILE });
    expect(chat).toMatchObject({ userName: 'You', characterName: 'Pip', createdAt: '2024-05-01T12:00:00.000Z' });
    expect(chat.messages.map((message) => message.role)).toEqual(['assistant', 'user', 'assistant', 'system', 'user']);
    // The narrator's line is hidden from the model there (is_system), so it stays hidden here.
    expect(chat.messages.map((message) => message.hidden === true)).toEqual([false, false, false, true, false]);
    expect(chat.messages[0]).toMatchObject({ role: 'assistant', name: 'Pip', sendDate: '2024-05-01T12:00:01.234Z' });
    expect(chat.messages[0]!.content).toMatch(/^\*The boy freezes with two fingers in your purse/);
    expect(chat.messages[1]).toMatchObject({ role: 'user', sendDate: '2024-05-01T12:01:00.000Z' });
    // The chosen swipe is the message; the others are its versions, not separate messages.
    expect(chat.messages[2]!.content).toMatch(/^\*He opens his fist/);
    expect(chat.messages[2]!.swipes?.[chat.messages[2]!.swipeId!]).toBe(chat.messages[2]!.content);
  });

  it("keeps a reply's versions, trusting mes for the shown one, and writes them back as SillyTavern does", () => {
    const text = lines(
      { user_name: 'You', character_name: 'Aqua', create_date: 1674559896839 },
      { name: 'Aqua', is_user: false, send_date: 1674559896839, mes: 'b', swipes: ['a', 'b', 'c'], swipe_id: 1 },
      { name: 'Aqua', is_user: false, send_date: 1674559896839, mes: 'b', swipes: ['a', 'b'], swipe_id: 9 },
      { name: 'Aqua', is_user: false, send_date: 1674559896839, mes: 'new', swipes: ['a', 'b'], swipe_id: 0 },
      { name: 'Aqua', is_user: false, send_date: 1674559896839, mes: 'x', swipes: ['x', 42, 'y'], swipe_id: 2 },
      { name: 'Aqua', is_user: false, send_date: 1674559896839, mes: 'solo', swipes: ['solo'], swipe_id: 0 },
      { name: 'You', is_user: true, send_date: 1674559896839, mes: 'mine', swipes: ['mine', 'other'], swipe_id: 0 },
    );
    const versions = parseChatJsonl(text).messages.map((m) => [m.content, m.swipes, m.swipeId]);
    expect(versions).toEqual([
      ['b', ['a', 'b', 'c'], 1],
      // swipe_id out of range: found again by mes.
      ['b', ['a', 'b'], 1],
      // mes among none of them: it was edited, and it is what was shown.
      ['new', ['new', 'b'], 0],
      // A version that is not text is left out, and mes says which is shown.
      ['x', ['x', 'y'], 0],
      ['solo', undefined, undefined],
      // A message of the user's keeps its versions too: SillyTavern swipes them.
      ['mine', ['mine', 'other'], 0],
    ]);
    const written = writeChatJsonl(parseChatJsonl(text));
    expect(JSON.parse(written.split('\n')[1]!)).toEqual({
      name: 'Aqua',
      is_user: false,
      is_system: false,
      send_date: 1674559896839,
      mes: 'b',
      extra: {},
      swipe_id: 1,
      swipes: ['a', 'b', 'c'],
      swipe_info: [1, 2, 3].map(() => ({ send_date: 1674559896839, extra: {} })),
    });
    expect(writeChatJsonl(parseChatJsonl(written))).toBe(written);
  });

  it('round-trips byte for byte: Unicode, emoji, quotes, newlines, the longest message an import takes', () => {
    const chat: ArchiveChat = {
      userName: 'Jörg 🦊',
      characterName: 'アクア',
      createdAt: '2023-01-24T11:31:36.839Z',
      messages: [
        { role: 'system', name: 'System', content: 'Scene: "Axel"\\town\r\nsquare\u2028', sendDate: '2023-01-24T11:31:36.840Z' },
        {
          role: 'assistant',
          name: 'アクア',
          content: '👩‍👩‍👧 مرحبا\n\n*poses*\t"quoted" \'single\' \u0000',
          sendDate: '2023-01-24T11:32:00.001Z',
        },
        { role: 'user', name: 'Jörg 🦊', content: 'x'.repeat(32_000 - 3) + '😀\n', sendDate: '2023-01-24T11:33:00.000Z' },
        { role: 'assistant', name: 'アクア', content: 'lone \ud800 surrogate', sendDate: '2023-01-24T11:34:00.000Z' },
      ],
    };
    const written = writeChatJsonl(chat);
    const parsed = parseChatJsonl(written);
    // What the lines hold beyond cardchat's own fields (here the extra it wrote) is kept to be written back.
    expect({ ...parsed, messages: parsed.messages.map(({ fileFields: _kept, ...message }) => message) }).toEqual(chat);
    expect(writeChatJsonl(parsed)).toBe(written);
  });

  it("writes SillyTavern's layout: a header, then one line per message with is_user / is_system / extra.type", () => {
    const text = writeChatJsonl({
      userName: 'You',
      characterName: 'Aqua',
      createdAt: '2023-01-24T11:31:36.839Z',
      messages: [
        { role: 'user', name: 'You', content: 'Hi', sendDate: '2023-01-24T11:31:37.000Z' },
        { role: 'assistant', name: 'Aqua', content: 'Hello', sendDate: '2023-01-24T11:31:38.000Z' },
        { role: 'system', name: 'System', content: 'Note', sendDate: '2023-01-24T11:31:39.000Z' },
        { role: 'assistant', name: 'Aqua', content: 'Aside', sendDate: '2023-01-24T11:31:40.000Z', hidden: true },
      ],
      metadata: { note_prompt: 'Stay in character.' },
    });
    expect(text.endsWith('}\n')).toBe(true);
    const [header, ...messages] = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).toEqual({
      user_name: 'You',
      character_name: 'Aqua',
      create_date: 1674559896839,
      chat_metadata: { note_prompt: 'Stay in character.' },
    });
    expect(messages.map((m) => [m.name, m.is_user, m.is_system, m.extra])).toEqual([
      ['You', true, false, {}],
      ['Aqua', false, false, {}],
      // A system message is SillyTavern's narrator; is_system is SillyTavern's "hidden from the model".
      ['System', false, false, { type: 'narrator' }],
      ['Aqua', false, true, {}],
    ]);
    expect(messages[0]).toEqual({ name: 'You', is_user: true, is_system: false, send_date: 1674559897000, mes: 'Hi', extra: {} });
  });

  it('reads older files: humanized and ISO dates, swipes, no chat_metadata, a missing date', () => {
    const text = lines(
      { user_name: 'You', character_name: 'Aqua', create_date: '2023-01-24@20h38m12s' },
      { name: 'Aqua', is_user: false, is_name: true, send_date: 'January 24, 2023 8:38pm', mes: 'a', swipes: ['a', 'b'], swipe_id: 0 },
      { name: 'You', is_user: true, is_name: true, send_date: '2023-01-24T20:39:00.000Z', mes: 'b', gen_started: 'x' },
      { name: 'Aqua', is_user: false, send_date: '1674593000000', mes: 'c' },
      { name: 'Aqua', is_user: false, mes: 'd' },
      { name: 'Narrator', is_user: false, is_system: true, send_date: '2023-01-24 @21h 05m 07s 123ms', mes: 'e' },
    );
    const chat = parseChatJsonl(text);
    expect(chat.createdAt).toBe('2023-01-24T20:38:12.000Z');
    expect(chat.messages.map((m) => [m.role, m.content, m.sendDate])).toEqual([
      ['assistant', 'a', '2023-01-24T20:38:00.000Z'],
      ['user', 'b', '2023-01-24T20:39:00.000Z'],
      ['assistant', 'c', '2023-01-24T20:43:20.000Z'],
      // No date: the one before it.
      ['assistant', 'd', '2023-01-24T20:43:20.000Z'],
      // is_system without the narrator's type: a character's message hidden from the model.
      ['assistant', 'e', '2023-01-24T21:05:07.123Z'],
    ]);
    expect(chat.messages[4]!.hidden).toBe(true);
  });

  it('fills what an old file lacks: dates from the first dated message or the caller, names from the header', () => {
    const dated = parseChatJsonl(lines({ character_name: 'Aqua' }, { mes: 'hi' }, { mes: 'yo', is_user: true, send_date: 1674559896839 }));
    expect(dated.createdAt).toBe('2023-01-24T11:31:36.839Z');
    expect(dated.messages.map((m) => [m.name, m.sendDate])).toEqual([
      ['Aqua', '2023-01-24T11:31:36.839Z'],
      ['User', '2023-01-24T11:31:36.839Z'],
    ]);
    const undated = parseChatJsonl(lines({ user_name: 'Kazuma' }, { name: 'Aqua', mes: 'hi' }), { now: '2026-11-21T08:00:00.000Z' });
    expect(undated).toMatchObject({ userName: 'Kazuma', characterName: 'Aqua', createdAt: '2026-11-21T08:00:00.000Z' });
    expect(undated.messages[0]!.sendDate).toBe('2026-11-21T08:00:00.000Z');
  });

  it('skips blank lines, a byte order mark and CRLF line ends', () => {
    const chat = parseChatJsonl(
      '\uFEFF' + lines(HEADER, '', { name: 'Aqua', mes: 'one' }, '   ', { name: 'Aqua', mes: 'two' }).replaceAll('\n', '\r\n') + '\r\n',
    );
    expect(chat.messages.map((m) => m.content)).toEqual(['one', 'two']);
  });

  it('names the file and the line of a malformed line', () => {
    const error = chatError(lines(HEADER, { mes: 'ok' }, '', '{"mes": "cut off', { mes: 'ok' }), { fileName: 'x.jsonl' });
    expect(error).toMatchObject({ code: 'bad_json', line: 4, message: "Line 4 of 'x.jsonl' is not valid JSON." });
    expect(chatError(lines(HEADER, { mes: 42 }), { fileName: 'x.jsonl' })).toMatchObject({ code: 'bad_message', line: 2 });
    expect(chatError(lines(HEADER, null))).toMatchObject({
      code: 'bad_message',
      message: expect.stringContaining('Line 2 of the chat file'),
    });
    expect(chatError(lines(HEADER, ['mes']))).toMatchObject({ code: 'bad_message', line: 2 });
  });

  it('refuses a first line that is neither a header nor a message, naming what it imports', () => {
    expect(chatError(lines({ title: 'Aqua' }, { mes: 'hi' }))).toMatchObject({
      code: 'no_header',
      line: 1,
      message: expect.stringContaining('RisuAI and Agnai'),
    });
    expect(chatError(lines('"just text"'))).toMatchObject({ code: 'no_header', line: 1 });
    expect(chatError('\n \n', { fileName: 'x.jsonl' })).toMatchObject({ code: 'empty_file', message: "'x.jsonl' is empty." });
  });

  it('enforces the limits on messages, line length and total size', () => {
    const three = lines(HEADER, { mes: 'a' }, { mes: 'b' }, { mes: 'c' });
    expect(chatError(three, { limits: { maxMessages: 2 } })).toMatchObject({ code: 'too_many_messages' });
    expect(parseChatJsonl(three, { limits: { maxMessages: 3 } }).messages).toHaveLength(3);
    expect(chatError(lines(HEADER, { mes: 'x'.repeat(200) }), { limits: { maxLineChars: 100 } })).toMatchObject({
      code: 'line_too_long',
      line: 2,
    });
    expect(chatError(three, { limits: { maxTotalChars: 50 } })).toMatchObject({ code: 'file_too_large' });
  });

  it('ignores "__proto__" keys: no prototype changes, no message data taken from them', () => {
    const chat = parseChatJsonl(
      lines(
        '{"user_name":"You","character_name":"Aqua","__proto__":{"polluted":true}}',
        '{"name":"Aqua","mes":"own","__proto__":{"is_user":true,"polluted":true}}',
      ),
    );
    expect(chat.messages[0]).toMatchObject({ role: 'assistant', content: 'own' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(chatError(lines(HEADER, '{"__proto__":{"mes":"inherited"}}'))).toMatchObject({ code: 'bad_message', line: 2 });
  });
});

describe('parseSillyTavernDate', () => {
  it.each([
    [1674559896839, '2023-01-24T11:31:36.839Z'],
    ['January 24, 2023 12:05am', '2023-01-24T00:05:00.000Z'],
    ['Jan 24, 2023 12:05pm', '2023-01-24T12:05:00.000Z'],
    ['2024-07-12@01h31m37s123ms', '2024-07-12T01:31:37.123Z'],
    ['2024-7-2 @1h 31m 37s', '2024-07-02T01:31:37.000Z'],
    ['2023-01-24T20:38:00+02:00', '2023-01-24T18:38:00.000Z'],
    ['2023-01-24T20:38:00', '2023-01-24T20:38:00.000Z'],
  ])('reads %j', (value, iso) => {
    expect(new Date(parseSillyTavernDate(value)!).toISOString()).toBe(iso);
  });

  it.each([
    0,
    -5,
    Number.NaN,
    9e15,
    '',
    'yesterday',
    'February 30, 2023 1:00pm',
    'Smarch 3, 2023 1:00pm',
    '2023-01-24@25h00m00s',
    null,
    {},
  ])('refuses %j', (value) => {
    expect(parseSillyTavernDate(value)).toBeUndefined();
  });
});
