import { describe, expect, it } from 'vitest';
import { chatHeaderLine, chatMessageLine, parseChatJsonl } from '@core/chat/sillytavern';

/** A SillyTavern chat line with every per-message field the app writes, and one it may add later. */
const reply = {
  name: 'Aqua',
  is_user: false,
  is_system: false,
  send_date: Date.UTC(2024, 4, 1, 10),
  mes: 'Second try',
  title: 'Generated in 3.2s',
  gen_started: '2024-05-01T09:59:56.000Z',
  gen_finished: '2024-05-01T10:00:00.000Z',
  force_avatar: 'characters/Aqua.png',
  original_avatar: 'Aqua.png',
  extra: {
    api: 'openai',
    model: 'gpt-4o',
    gen_id: 1714557596000,
    token_count: 42,
    reasoning: 'She should answer kindly.',
    display_text: 'Second try (shown)',
    image: 'user/images/Aqua/pic.png',
    file: { url: 'user/files/notes.txt', size: 12, name: 'notes.txt' },
  },
  swipe_id: 1,
  swipes: ['First try', 'Second try'],
  swipe_info: [
    { send_date: '2024-05-01T09:58:00.000Z', gen_started: 'a', gen_finished: 'b', extra: { api: 'openai', model: 'gpt-4o-mini' } },
    { send_date: '2024-05-01T10:00:00.000Z', extra: { api: 'openai', model: 'gpt-4o' } },
  ],
  some_future_field: { kept: true },
};
const user = {
  name: 'You',
  is_user: true,
  is_system: false,
  send_date: Date.UTC(2024, 4, 1, 9),
  mes: 'Hi again',
  force_avatar: 'User Avatars/me.png',
  extra: { display_text: 'Hi' },
  swipe_id: 0,
  swipes: ['Hi again', 'Hello again'],
  swipe_info: [
    { send_date: 'x', extra: {} },
    { send_date: 'y', extra: {} },
  ],
};

describe("SillyTavern's per-message fields", () => {
  it('come back from import → export with the same values, unknown fields and user swipes too', () => {
    const header = { user_name: 'You', character_name: 'Aqua', create_date: Date.UTC(2024, 4, 1), chat_metadata: { note: 1 } };
    const text = [header, user, reply].map((line) => JSON.stringify(line)).join('\n');
    const chat = parseChatJsonl(text, { fileName: 'Aqua.jsonl' });
    expect(chat.messages[0]).toMatchObject({ role: 'user', swipes: ['Hi again', 'Hello again'], swipeId: 0 });
    expect(chat.messages[1]).toMatchObject({ model: 'gpt-4o', swipeId: 1 });
    const lines = chat.messages.map((m) => JSON.parse(chatMessageLine(m)) as unknown);
    expect(lines).toEqual([user, reply]);
    expect(JSON.parse(chatHeaderLine(chat))).toEqual(header);
  });

  it('still writes a swipe_info entry for a version added here', () => {
    const chat = parseChatJsonl([JSON.stringify({ user_name: 'You', character_name: 'Aqua' }), JSON.stringify(reply)].join('\n'));
    const message = { ...chat.messages[0]!, swipes: [...reply.swipes, 'Third'], swipeId: 2, content: 'Third' };
    const line = JSON.parse(chatMessageLine(message)) as { swipe_info: unknown[] };
    expect(line.swipe_info.slice(0, 2)).toEqual(reply.swipe_info);
    expect(line.swipe_info[2]).toEqual({ send_date: reply.send_date, extra: {} });
  });
});
