import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@core/contract';
import { signOut } from '../../src/auth/session';
import { db, type OutboxItem } from '../../src/db/db';
import { OFFLINE_BANNER, OfflineStatus, unreachableLine, waitingLine } from '../../src/features/shell/OfflineStatus';
import { StatusSlot } from '../../src/features/shell/StatusSlot';
import { WAIT_NOTICE_MS } from '../../src/features/shell/useWaitingCount';
import { noteAnswer, noteNoAnswer } from '../../src/lib/connectivity';
import { forgetAnswered, markAnswered } from '../../src/sync/send/answeredSends';
import { putDraft } from '../../src/db/drafts';
import { freshRecord } from '../../src/features/editor/useEditorRecord';
import { draftWarning, shareWarning, unsentWarning } from '../../src/features/shell/LogOutDialog';
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
    kind: 'message',
    client_id: id,
    chat_id: 'chat-1',
    created_at: new Date(Date.UTC(2026, 10, 21, 9, 0)).toISOString(),
    request: { chat_id: 'chat-1', messages: [{ role: 'user', content: `hello ${id}` }] },
    attempts: 0,
    last_error: null,
  };
}

/** The line as the shell shows it: floating from the top bar's anchor. */
const renderStatus = () =>
  render(
    <>
      <StatusSlot />
      <OfflineStatus />
    </>,
  );

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeAll(installDialogStandIn);
beforeEach(async () => {
  await db.outbox.clear();
  await db.shareOutbox.clear();
  await db.drafts.clear();
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
    expect(waitingLine(0, 1)).toBe('1 change waiting');
    expect(waitingLine(2, 3)).toBe('2 messages and 3 changes waiting');
  });
});

describe('the offline status line', () => {
  it('shows the offline notice and the count while offline', async () => {
    setOnline(false);
    await db.outbox.bulkAdd([queued('a'), queued('b')]);
    renderStatus();
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('2 messages waiting'));
    expect(status.textContent).toContain(OFFLINE_BANNER);
    expect(OFFLINE_BANNER).toBe("You're offline — messages will be sent when you're back online");
  });

  it('shows the offline notice alone when nothing waits', async () => {
    setOnline(false);
    renderStatus();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(OFFLINE_BANNER);
  });

  it('shows the count online for messages that have waited, and follows the outbox', async () => {
    setOnline(true);
    await db.outbox.add(queued('a'));
    renderStatus();
    const status = screen.getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('1 message waiting'));
    await db.outbox.clear();
    await waitFor(() => expect(status.textContent).toBe(''));
  });

  it('follows the online and offline events', async () => {
    const onLine = setOnline(true);
    renderStatus();
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

describe('where the line floats', () => {
  it("from a page's own anchor while the page is shown, else from the top bar's", async () => {
    setOnline(false);
    const shell = renderStatus();
    const status = screen.getByRole('status');
    const shellSlot = status.parentElement;
    const page = render(<StatusSlot page />);
    await waitFor(() => expect(screen.getByRole('status').parentElement).toBe(page.container.firstElementChild));
    page.unmount();
    await waitFor(() => expect(screen.getByRole('status').parentElement).toBe(shellSlot));
    expect(shell.container.contains(screen.getByRole('status'))).toBe(true);
  });
});

describe('no alarm on a normal send', () => {
  /** Dexie's live queries settle on their own schedule: waits, moving the fake clock 1 ms at a time. */
  const eventually = (check: () => unknown) => vi.waitFor(check, { interval: 1 });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setOnline(true);
  });
  afterEach(() => vi.useRealTimers());

  it('online, a message counts only once it has waited about 2 s; one whose reply streams never does', async () => {
    renderStatus();
    const status = screen.getByRole('status');
    await db.outbox.bulkAdd([
      { ...queued('sent-normally'), created_at: new Date().toISOString() },
      { ...queued('slow'), created_at: new Date().toISOString() },
    ]);
    // The server answered the first: its reply is streaming.
    markAnswered('sent-normally');
    await act(() => vi.advanceTimersByTimeAsync(WAIT_NOTICE_MS - 100));
    expect(status.textContent).toBe('');
    await eventually(() => expect(status.textContent).toBe('1 message waiting'));
    forgetAnswered('sent-normally');
    await eventually(() => expect(status.textContent).toBe('2 messages waiting'));
  });

  it('offline, every unsent message counts at once', async () => {
    setOnline(false);
    renderStatus();
    const status = screen.getByRole('status');
    await db.outbox.add({ ...queued('typed-offline'), created_at: new Date().toISOString() });
    await eventually(() => expect(status.textContent).toContain('1 message waiting'));
    expect(status.textContent).toContain(OFFLINE_BANNER);
  });
});

describe('while cardchat cannot be reached', () => {
  let healthy = false;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    setOnline(true);
    healthy = false;
    vi.stubGlobal('fetch', () =>
      healthy
        ? Promise.resolve(new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json' } }))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    window.dispatchEvent(new Event('online'));
  });
  afterEach(() => {
    noteAnswer(new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('says so with a countdown to the next try, Try now tries at once, and the line goes when it answers', async () => {
    renderStatus();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => noteNoAnswer());
    expect(status.textContent).toBe(`${unreachableLine(1)}Try now`);
    expect(unreachableLine(1)).toBe("Can't reach cardchat — trying again in 1 s");
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(status.textContent).toContain(unreachableLine(2));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(status.textContent).toContain(unreachableLine(1));
    // Read once by a screen reader, not every second.
    expect(
      within(status)
        .getByText(/trying again in/)
        .getAttribute('aria-hidden'),
    ).toBe('true');

    healthy = true;
    await act(async () => {
      fireEvent.click(within(status).getByRole('button', { name: 'Try now' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status.textContent).toBe('');
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

  it("asks first when a character draft isn't saved, naming it beside the waiting messages", async () => {
    await db.outbox.add(queued('a'));
    await putDraft({ ...freshRecord({ kind: 'new', creator: 'Me' }, null), savedAt: Date.now() });
    render(<UserMenu profile={PROFILE} offline={false} />);
    logOut();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("1 message hasn't been sent yet. Logging out deletes it.");
    expect(dialog.textContent).toContain("1 character draft isn't saved yet. Logging out deletes it.");
    expect(draftWarning(2)).toBe("2 character drafts aren't saved yet. Logging out deletes them.");
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks first when a submission or a report made offline waits, though no message does', async () => {
    await db.shareOutbox.add({
      client_id: 'share-1',
      kind: 'report',
      file_id: 'card-1',
      report: { file_id: 'card-1', reason: 'spam', details: '' },
      created_at: new Date().toISOString(),
      attempts: 1,
      last_error: null,
    });
    render(<UserMenu profile={PROFILE} offline />);
    logOut();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toBe(`Log out?${shareWarning(1)}CancelLog out`);
    expect(shareWarning(1)).toBe("1 submission or report hasn't been sent yet. Logging out deletes it.");
    expect(shareWarning(3)).toBe("3 submissions or reports haven't been sent yet. Logging out deletes them.");
    expect(signOut).not.toHaveBeenCalled();
  });

  it('words one message in the singular', () => {
    expect(unsentWarning(1)).toBe("1 message hasn't been sent yet. Logging out deletes it.");
    expect(unsentWarning(0, 1)).toBe("1 change to your messages hasn't been saved yet. Logging out deletes it.");
    expect(unsentWarning(2, 1)).toBe("2 messages and 1 change haven't been sent yet. Logging out deletes them.");
  });
});
