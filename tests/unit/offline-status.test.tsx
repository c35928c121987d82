import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../core/contract';
import { signOut } from '../../src/auth/session';
import { db, type OutboxItem } from '../../src/db/db';
import { OFFLINE_BANNER, OfflineStatus, waitingLine } from '../../src/features/shell/OfflineStatus';
import { unsentWarning } from '../../src/features/shell/LogOutDialog';
import { UserMenu } from '../../src/features/shell/UserMenu';
import { installDialogStandIn } from './dialogStandIn';

vi.mock('../../src/auth/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/auth/session')>()),
  signOut: vi.fn(),
}));
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useNavigate: () => vi.fn(),
}));

const PROFILE: UserProfile = { uid: 'u1', sub: 'u1', email: 'me@example.test', name: 'Me', picture: null, plan: 'normal', is_admin: false };

function queued(id: string): OutboxItem {
  return {
    client_id: id,
    chat_id: 'chat-1',
    created_at: new Date(Date.UTC(2026, 10, 21, 9, 0)).toISOString(),
    request: { chat_id: 'chat-1', messages: [{ role: 'user', content: `hello ${id}` }] },
    attempts: 0,
    last_error: null,
  };
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeAll(installDialogStandIn);
beforeEach(async () => {
  await db.outbox.clear();
  vi.mocked(signOut).mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the waiting count', () => {
  it("says 'message' for one and 'messages' otherwise", () => {
    expect(waitingLine(1)).toBe('1 message waiting');
    expect(waitingLine(2)).toBe('2 messages waiting');
  });
});

describe('the offline status line', () => {
  it('shows the offline notice and the count while offline', async () => {
    setOnline(false);
    await db.outbox.bulkAdd([queued('a'), queued('b')]);
    render(<OfflineStatus />);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('2 messages waiting'));
    expect(status.textContent).toContain(OFFLINE_BANNER);
    expect(OFFLINE_BANNER).toBe("You're offline — messages will be sent when you're back online");
  });

  it('shows the offline notice alone when nothing waits', async () => {
    setOnline(false);
    render(<OfflineStatus />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(OFFLINE_BANNER);
  });

  it('shows only the count while online with messages still to go, and follows the outbox', async () => {
    setOnline(true);
    await db.outbox.add(queued('a'));
    render(<OfflineStatus />);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('1 message waiting'));
    await db.outbox.clear();
    await waitFor(() => expect(status.textContent).toBe(''));
  });

  it('follows the online and offline events', async () => {
    const onLine = setOnline(true);
    render(<OfflineStatus />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    onLine.mockReturnValue(false);
    fireEvent(window, new Event('offline'));
    await waitFor(() => expect(status.textContent).toContain(OFFLINE_BANNER));
    onLine.mockReturnValue(true);
    fireEvent(window, new Event('online'));
    await waitFor(() => expect(status.textContent).toBe(''));
  });
});

describe('log out', () => {
  const logOut = () => {
    fireEvent.click(screen.getByRole('button', { name: /Me/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
  };

  it('signs out at once when no message waits', async () => {
    render(<UserMenu profile={PROFILE} offline={false} />);
    logOut();
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first when messages wait; Cancel keeps the session, Log out signs out', async () => {
    await db.outbox.bulkAdd([queued('a'), queued('b')]);
    render(<UserMenu profile={PROFILE} offline />);
    logOut();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("2 messages haven't been sent yet. Logging out deletes them.");
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signOut).not.toHaveBeenCalled();

    logOut();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('words one message in the singular', () => {
    expect(unsentWarning(1)).toBe("1 message hasn't been sent yet. Logging out deletes it.");
  });
});
