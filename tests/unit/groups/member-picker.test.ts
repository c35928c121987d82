/** The member picker's choices: toggling a character, and what a group may still take. */
import { describe, expect, it } from 'vitest';
import { MAX_GROUP_MEMBERS } from '@core/contract/constants';
import { addable, toggled } from '../../../src/features/groups/MemberPicker';
import type { GroupCandidate } from '../../../src/features/groups/useGroupCandidates';

const candidate = (id: string): GroupCandidate => ({ id, name: id.toUpperCase(), card_type: 'public', avatar_url: `/t/${id}` });

describe('toggled', () => {
  it('adds an id not chosen at the end and takes a chosen one out', () => {
    expect(toggled(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggled(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('addable', () => {
  const candidates = ['a', 'b', 'c', 'd'].map(candidate);

  it('offers the characters not in the group yet, and the room left under the limit', () => {
    const { offered, room } = addable(candidates, ['b', 'd']);
    expect(offered?.map((c) => c.id)).toEqual(['a', 'c']);
    expect(room).toBe(MAX_GROUP_MEMBERS - 2);
  });

  it('counts a member whose card is gone (no id) against the limit without hiding anyone', () => {
    const { offered, room } = addable(candidates, ['a', null]);
    expect(offered?.map((c) => c.id)).toEqual(['b', 'c', 'd']);
    expect(room).toBe(MAX_GROUP_MEMBERS - 2);
  });

  it('has no room in a full group, and nothing offered while the candidates are read', () => {
    const full = Array.from({ length: MAX_GROUP_MEMBERS + 1 }, (_, i) => `m${i}`);
    expect(addable(candidates, full).room).toBe(0);
    expect(addable(undefined, ['a']).offered).toBeUndefined();
  });
});
