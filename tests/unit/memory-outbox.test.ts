import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatNote, ChatSummary, PinnedMemoryView, PutChatMemory, PutChatSummary } from '@core/contract';

/** The server as the memory routes behave: a PUT by id writes once, a DELETE of one gone is fine. */
const server = {
  memories: [] as PinnedMemoryView[],
  note: { text: '', depth: 4, interval: 1, role: 'system' } as ChatNote,
  summary: { text: '', off: false, covers: 0, updated_at: null, demo: false } as ChatSummary,
  calls: [] as string[],
  /** Throws this (once each call) while set: no answer, or a refusal. */
  fail: null as null | (() => Error),
};
vi.mock('../../src/api/chatMemory', () => ({
  putChatMemory: async (_chat: string, id: string, body: PutChatMemory) => {
    server.calls.push(`put ${id}`);
    if (server.fail) throw server.fail();
    const at = server.memories.findIndex((m) => m.id === id);
    if (at >= 0) server.memories[at] = { ...server.memories[at]!, text: body.text };
    else server.memories.push({ id, text: body.text, message_id: body.message_id ?? null, created_at: '' });
    return { memories: server.memories };
  },
  deleteChatMemory: async (_chat: string, id: string) => {
    server.calls.push(`delete ${id}`);
    if (server.fail) throw server.fail();
    server.memories = server.memories.filter((m) => m.id !== id);
    return { memories: server.memories };
  },
  listChatMemories: async () => {
    if (server.fail) throw server.fail();
    return { memories: server.memories };
  },
  getChatNote: async () => {
    if (server.fail) throw server.fail();
    return server.note;
  },
  getChatSummary: async () => {
    if (server.fail) throw server.fail();
    return server.summary;
  },
  putChatSummary: async (_chat: string, body: PutChatSummary) => {
    server.calls.push(`summary ${body.off ? 'off' : 'on'}`);
    if (server.fail) throw server.fail();
    server.summary = { ...server.summary, ...body, demo: false, updated_at: 'now' };
    return server.summary;
  },
  putChatNote: async (_chat: string, note: ChatNote) => {
    server.calls.push(`note ${note.depth}`);
    if (server.fail) throw server.fail();
    server.note = note;
    return note;
  },
}));

const { db } = await import('../../src/db/db');
const { ApiError } = await import('../../src/api/errors');
const { changeMemory, sendMemoryChanges, pullMemories } = await import('../../src/sync/send/memoryChanges');
const { memoriesOfChat, noteOfChat, summaryOfChat } = await import('../../src/db/chatMemories');

const offline = () => new ApiError('Network error. Please check your connection and try again.', 0);
const texts = async () => (await memoriesOfChat('chat-a'))?.map((m) => m.text);

beforeEach(async () => {
  server.memories = [];
  server.note = { text: '', depth: 4, interval: 1, role: 'system' };
  server.summary = { text: '', off: false, covers: 0, updated_at: null, demo: false };
  server.calls = [];
  server.fail = null;
  await db.memoryOutbox.clear();
  await db.chatMemories.clear();
});

describe('memory changes made offline', () => {
  it('show on the device at once, wait, then go in order exactly once when cardchat answers again', async () => {
    server.fail = offline;
    await changeMemory('chat-a', { kind: 'put', memoryId: 'm1', text: 'Ilse is her sister.' });
    await changeMemory('chat-a', { kind: 'put', memoryId: 'm2', text: 'The lamp is red.' });
    await changeMemory('chat-a', { kind: 'put', memoryId: 'm1', text: 'Ilse is her elder sister.' });
    await changeMemory('chat-a', { kind: 'delete', memoryId: 'm2' });
    await sendMemoryChanges();
    expect(await texts()).toEqual(['Ilse is her elder sister.']);
    expect(await db.memoryOutbox.count()).toBe(4);
    expect((await db.memoryOutbox.orderBy('created_at').first())?.last_error).toMatch(/Network error/);

    // A pull while they wait keeps them on top of the server's list.
    server.fail = null;
    server.memories = [{ id: 'old', text: 'From another device.', message_id: null, created_at: '' }];
    server.calls = [];
    await db.memoryOutbox.toCollection().modify({ attempts: 0 });
    server.fail = offline;
    await pullMemories('chat-a');
    server.fail = null;
    await pullMemories('chat-a');
    expect(await texts()).toEqual(['From another device.', 'Ilse is her elder sister.']);

    server.calls = [];
    await sendMemoryChanges();
    expect(server.calls).toEqual(['put m1', 'put m2', 'put m1', 'delete m2']);
    expect(server.memories.map((m) => m.text)).toEqual(['From another device.', 'Ilse is her elder sister.']);
    expect(await db.memoryOutbox.count()).toBe(0);
    await sendMemoryChanges();
    expect(server.calls).toHaveLength(4);
  });

  it('drops a change the server refuses and shows what the server kept', async () => {
    server.memories = [{ id: 'kept', text: 'Kept.', message_id: null, created_at: '' }];
    server.fail = () => {
      server.fail = null;
      return new ApiError('A chat keeps at most 100 memories: delete one first.', 409, 'memory_limit');
    };
    await changeMemory('chat-a', { kind: 'put', memoryId: 'extra', text: 'One too many.' });
    await vi.waitFor(async () => expect(await db.memoryOutbox.count()).toBe(0));
    await vi.waitFor(async () => expect(await texts()).toEqual(['Kept.']));
  });

  it('pins a message by its id, its text cut to the limit', async () => {
    const { pinMessage } = await import('../../src/sync/send/memoryChanges');
    await pinMessage({ id: 'msg-1', chat_id: 'chat-a', content: 'y'.repeat(2500) } as never);
    await vi.waitFor(() => expect(server.memories).toHaveLength(1));
    expect(server.memories[0]).toMatchObject({ message_id: 'msg-1' });
    expect(server.memories[0]!.text).toHaveLength(2000);
  });

  it("sets the author's note offline, keeps it over a pull while it waits, and sends it once", async () => {
    server.fail = offline;
    await changeMemory('chat-a', { kind: 'note', note: { text: ' Tense. ', depth: 2, interval: 3, role: 'system' } });
    await sendMemoryChanges();
    expect(await noteOfChat('chat-a')).toEqual({ text: 'Tense.', depth: 2, interval: 3, role: 'system' });
    server.fail = null;
    await pullMemories('chat-a');
    expect((await noteOfChat('chat-a'))?.depth).toBe(2);
    server.calls = [];
    await sendMemoryChanges();
    expect(server.calls).toEqual(['note 2']);
    expect(server.note).toEqual({ text: 'Tense.', depth: 2, interval: 3, role: 'system' });
  });
});

describe('the summary changed offline', () => {
  it('shows on the device at once, survives a pull while it waits, then is sent in order once', async () => {
    server.summary = { text: 'This is a demo summary.', off: false, covers: 12, updated_at: 'then', demo: true };
    await pullMemories('chat-a');
    expect(await summaryOfChat('chat-a')).toMatchObject({ covers: 12, demo: true });
    server.fail = offline;
    await changeMemory('chat-a', { kind: 'summary', summary: { text: '  Ilse left.  ', off: false } });
    await changeMemory('chat-a', { kind: 'summary', summary: { text: 'Ilse left.', off: true } });
    await sendMemoryChanges();
    expect(await summaryOfChat('chat-a')).toMatchObject({ text: 'Ilse left.', off: true, covers: 12, demo: false });
    await pullMemories('chat-a');
    expect(await summaryOfChat('chat-a')).toMatchObject({ text: 'Ilse left.', off: true });

    server.fail = null;
    server.calls = [];
    await db.memoryOutbox.toCollection().modify({ attempts: 0 });
    await sendMemoryChanges();
    expect(server.calls).toEqual(['summary on', 'summary off']);
    expect(server.summary).toMatchObject({ text: 'Ilse left.', off: true });
    expect(await db.memoryOutbox.count()).toBe(0);
  });
});
