import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { seedOf } from './outboxServer';

vi.mock('../../src/auth/oidc', () => ({
  openid: () => import('openid-client'),
  oidcConfiguration: () => Promise.reject(new Error('provider unreachable in unit tests')),
}));

const { db } = await import('../../src/db/db');
const { writeMessage } = await import('../../src/sync/send/write');
const { waitingCount } = await import('../../src/db/outboxCount');
const { signOut } = await import('../../src/auth/session');
const { saveTokens } = await import('../../src/auth/tokens');

describe('signing out', () => {
  it("clears the outbox with the rest of the user's data, so the next user never sends those messages", async () => {
    saveTokens({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresAt: Date.now() + 600_000, subject: 's1', email: null });
    const seed = seedOf('chat-a');
    await writeMessage(
      seed,
      { clientId: 'c-1', content: 'Unsent', name: 'Grace', sendDate: new Date().toISOString() },
      { chat_id: 'chat-a' },
    );
    expect(await waitingCount()).toBe(1);
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      origin: 'http://localhost:8787',
      assign: vi.fn(),
    } as Location);

    await signOut();
    expect(await waitingCount()).toBe(0);
    expect(await db.messages.count()).toBe(0);
    vi.restoreAllMocks();
  });
});
