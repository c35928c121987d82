import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GenerationSettings } from '@core/aiSettings/samplers';

/** What reached the "server", in order. */
const sent: string[] = [];
const answer = vi.fn<(call: string) => Promise<void>>();
const record = async (call: string) => {
  await answer(call);
  sent.push(call);
};
vi.mock('../../src/api/aiSettings', () => ({
  putDefaultAiSettings: (body: GenerationSettings) => record(`defaults ${JSON.stringify(body)}`),
  putChatAiSettings: (chatId: string, body: GenerationSettings) => record(`chat ${chatId} ${JSON.stringify(body)}`),
  deleteChatAiSettings: (chatId: string) => record(`clear ${chatId}`),
  putAiPreset: (id: string, body: { name: string }) => record(`preset ${id} ${body.name}`),
  deleteAiPreset: (id: string) => record(`delete ${id}`),
}));

const { db } = await import('../../src/db/db');
const { ApiError } = await import('../../src/api/errors');
const { changeChatSettings, changeDefaults, deletePreset, savePreset } = await import('../../src/sync/aiSettings');
const { localChatSettings, storeChatSettings } = await import('../../src/db/aiSettings');
const { aiRefusal } = await import('../../src/sync/send/aiChanges');
const { flushOutbox } = await import('../../src/sync/send/flush');
const { saveTokens } = await import('../../src/auth/tokens');

const offline = () => new ApiError('Network error. Please check your connection and try again.', 0, 'network');
const preset = (id: string, name: string) => ({ id, name, settings: { temperature: 1 }, extra: '{}', created_at: '', updated_at: '' });

beforeEach(async () => {
  sent.length = 0;
  answer.mockReset();
  aiRefusal.set(null);
  await Promise.all([db.aiOutbox.clear(), db.aiSettings.clear(), db.aiPresets.clear()]);
  saveTokens({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresAt: Date.now() + 600_000, subject: 's1', email: null });
});

describe('AI settings changed offline', () => {
  it('show on the device at once, wait in order, and go once each, as made, when cardchat answers', async () => {
    answer.mockRejectedValue(offline());
    await changeChatSettings('chat-1', { temperature: 0.5 });
    await changeDefaults({ top_p: 0.9 });
    await savePreset(preset('p1', 'Calm'));
    await changeChatSettings('chat-1', { temperature: 1.2 });
    await deletePreset('p1');
    await changeChatSettings('chat-1', null);
    expect((await localChatSettings('chat-1')).own).toBeUndefined();
    expect(await db.aiPresets.count()).toBe(0);

    // Offline, the flush tries the oldest change and stops there: nothing overtakes it.
    await flushOutbox();
    expect(sent).toEqual([]);
    expect(await db.aiOutbox.count()).toBe(6);
    expect((await db.aiOutbox.orderBy('created_at').first())?.last_error).toBe(offline().message);

    answer.mockResolvedValue(undefined);
    await flushOutbox();
    await flushOutbox();
    expect(sent).toEqual([
      'chat chat-1 {"temperature":0.5}',
      'defaults {"top_p":0.9}',
      'preset p1 Calm',
      'chat chat-1 {"temperature":1.2}',
      'delete p1',
      'clear chat-1',
    ]);
    expect(await db.aiOutbox.count()).toBe(0);
  });

  it("keep the device's change over an older copy pulled while it waits", async () => {
    answer.mockRejectedValue(offline());
    await changeChatSettings('chat-2', { temperature: 0.3 });
    await storeChatSettings('chat-2', { temperature: 1.5 });
    expect((await localChatSettings('chat-2')).own?.settings).toEqual({ temperature: 0.3 });
  });

  it('leave the queue when the server refuses one, saying why, and the next still goes', async () => {
    answer.mockRejectedValueOnce(new ApiError('Chat not found', 404, 'not_found'));
    await changeChatSettings('gone', { temperature: 0.5 });
    answer.mockResolvedValue(undefined);
    await changeDefaults({ temperature: 0.7 });
    await flushOutbox();
    expect(aiRefusal.get()).toBe('Your AI settings change was not saved: Chat not found');
    expect(sent).toEqual(['defaults {"temperature":0.7}']);
    expect(await db.aiOutbox.count()).toBe(0);
  });
});
