import { describe, expect, it } from 'vitest';
import { userDisplayName } from '@core/chat/index';
import { cardPortraitUrl } from '../../src/features/chat/chatCharacter';

describe('names and portraits in the chat', () => {
  it('fills {{user}} with the profile name, else the e-mail local part, else You', () => {
    expect(userDisplayName({ name: 'Grace', email: 'g@example.com' })).toBe('Grace');
    expect(userDisplayName({ name: ' ', email: 'grace@example.com' })).toBe('grace');
    expect(userDisplayName(null)).toBe('You');
  });

  it("shows the card's 480-wide thumbnail, and nothing for a chat without a card", () => {
    const view = { id: 'card 1', name: 'Ada', cardType: 'public' as const, tags: [], filename: 'ada.png', card: null };
    expect(cardPortraitUrl(view)).toBe('/api/upload/image/thumbnail/card%201/480.webp');
    expect(cardPortraitUrl({ ...view, id: null })).toBeNull();
  });
});
