/** A group's picture is made from its members' portraits: how many tiles, and an initial where a portrait is missing. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupMember } from '@core/contract';
import { ChatAvatar } from '../../../src/features/chat/history/ChatAvatar';

afterEach(cleanup);

const member = (i: number, avatar: string | null = `/thumbs/${i}.webp`): GroupMember => ({
  id: `member-${i}`,
  character_id: avatar ? `card-${i}` : null,
  name: `Name${i}`,
  card_type: 'public',
  avatar_url: avatar,
  muted: false,
});

const group = (members: GroupMember[]) => ({
  character_name: 'The group',
  card_type: 'public' as const,
  avatar_url: '/thumbs/0.webp',
  members,
});

describe('a group chat’s picture', () => {
  it.each([
    [2, 2],
    [3, 3],
    [4, 4],
    [7, 4],
  ])('with %i members shows %i of their portraits in one frame', (count, tiles) => {
    const { container } = render(<ChatAvatar chat={group(Array.from({ length: count }, (_, i) => member(i)))} size={40} />);
    const mosaic = container.querySelector('[data-tiles]')!;
    expect(mosaic.getAttribute('data-tiles')).toBe(String(tiles));
    expect(mosaic.getAttribute('aria-hidden')).toBe('true');
    expect([...mosaic.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(
      Array.from({ length: tiles }, (_, i) => `/thumbs/${i}.webp`),
    );
  });

  it('shows the initial of a member without a portrait (its card deleted)', () => {
    const { container } = render(<ChatAvatar chat={group([member(1), member(2, null)])} size={40} />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.textContent).toBe('N');
  });

  it('is the character’s own portrait for a chat with one character', () => {
    const { container } = render(<ChatAvatar chat={{ character_name: 'Solo', card_type: 'public', avatar_url: '/thumbs/solo.webp' }} />);
    expect(container.querySelector('[data-tiles]')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/thumbs/solo.webp');
  });
});
