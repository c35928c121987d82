/** 'Add to a group': the person's groups offered (newest first, one-character chats aside) and which cannot take the character. */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GroupMember } from '@core/contract';
import { MAX_GROUP_MEMBERS } from '@core/contract/constants';
import { db, type LocalChat } from '../../../src/db/db';
import { groupChats } from '../../../src/db/groupCandidates';
import { closedBecause } from '../../../src/features/groups/AddToGroupDialog';

const member = (characterId: string | null, i: number): GroupMember => ({
  id: `member-${i}`,
  character_id: characterId,
  name: `Member ${i}`,
  card_type: 'public',
  avatar_url: null,
  muted: false,
});

function chat(minute: number, extra: Partial<LocalChat> = {}): LocalChat {
  const time = new Date(Date.UTC(2026, 10, 28, 8, minute)).toISOString();
  return {
    chat_id: `chat-${minute}`,
    character_name: `Chat ${minute}`,
    character_id: 'card-a',
    filename: 'card-a.png',
    card_type: 'public',
    avatar_url: null,
    last_message_time: time,
    modified: time,
    created_at: time,
    message_count: 0,
    size: 0,
    ...extra,
  };
}

beforeEach(() => db.chats.clear());

describe('groupChats', () => {
  it('lists the stored group chats, the most recently active first', async () => {
    const group = { members: [member('card-a', 0), member('card-b', 1)] };
    await db.chats.bulkPut([chat(1, group), chat(2), chat(3, group), chat(4, { ...group, localOnly: true })]);
    expect((await groupChats()).map((c) => c.chat_id)).toEqual(['chat-3', 'chat-1']);
  });
});

describe('closedBecause', () => {
  it('says a group has the character already, or is full, and lets any other group take it', () => {
    expect(closedBecause(chat(1, { members: [member('card-a', 0), member('card-b', 1)] }), 'card-a')).toBe('already in it');
    const full = Array.from({ length: MAX_GROUP_MEMBERS }, (_, i) => member(i === 0 ? null : `card-${i}`, i));
    expect(closedBecause(chat(1, { members: full }), 'card-new')).toBe('full');
    expect(closedBecause(chat(1, { members: [member(null, 0), member('card-b', 1)] }), 'card-a')).toBeNull();
  });
});
