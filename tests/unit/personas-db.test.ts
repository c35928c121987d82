import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Persona } from '@core/contract';

const { db } = await import('../../src/db/db');
const { personasList, putChatChoice, putPersona, savePersonas, settleChatChoice, chatChoice } = await import('../../src/db/personas');

const at = (minute: number) => new Date(2026, 10, 25, 21, minute).toISOString();
const persona = (id: string, minute: number, extra: Partial<Persona> = {}): Persona => ({
  id,
  name: `Persona ${id}`,
  description: '',
  avatar_url: null,
  chat_count: 0,
  is_default: false,
  created_at: at(minute),
  updated_at: at(minute),
  ...extra,
});

describe("the device's personas", () => {
  beforeEach(async () => {
    await db.personas.clear();
    await db.chatPersonas.clear();
  });

  it('keeps one default: a persona saved as the default takes it from the previous one', async () => {
    await savePersonas([persona('a', 1, { is_default: true }), persona('b', 2)]);
    await putPersona(persona('b', 2, { is_default: true }));
    expect((await personasList()).map((p) => [p.id, p.is_default])).toEqual([
      ['a', false],
      ['b', true],
    ]);
  });

  it('drops personas deleted elsewhere, and the choices of them, which then mean the profile name', async () => {
    await savePersonas([persona('a', 1), persona('b', 2)]);
    await putChatChoice({ chat_id: 'chat-1', persona_id: 'b', pending: true });
    await putChatChoice({ chat_id: 'chat-2', persona_id: 'a', pending: false });
    await savePersonas([persona('a', 1)]);
    expect((await personasList()).map((p) => p.id)).toEqual(['a']);
    expect(await chatChoice('chat-1')).toBeUndefined();
    expect(await chatChoice('chat-2')).toMatchObject({ persona_id: 'a' });
  });

  it('settles a choice the server has, but not one the user changed meanwhile', async () => {
    await putChatChoice({ chat_id: 'chat-1', persona_id: 'b', pending: true });
    await settleChatChoice('chat-1', 'a');
    expect(await chatChoice('chat-1')).toEqual({ chat_id: 'chat-1', persona_id: 'b', pending: true });
    await settleChatChoice('chat-1', 'b');
    expect(await chatChoice('chat-1')).toEqual({ chat_id: 'chat-1', persona_id: 'b', pending: false });
  });
});
