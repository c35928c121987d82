import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_IMAGE_CACHE } from '@core/caches';
import type { CardSummary, CollectionItem, UserProfile } from '@core/contract';
import { loadTokens, saveTokens } from '../../src/auth/tokens';
import {
  db,
  PUBLIC_CACHE_TABLES,
  USER_DATA_TABLES,
  type CachedCard,
  type LocalChat,
  type LocalMessage,
  type OutboxItem,
} from '../../src/db/db';
import { formatBytes } from '@core/bytes';
import { clearLocalData } from '../../src/db/localData';
import { LocalDataSection, persistenceLine, usageLine } from '../../src/features/profile/LocalDataSection';
import { installDialogStandIn } from './dialogStandIn';

const PROFILE: UserProfile = { uid: 'u1', sub: 'u1', email: 'me@example.test', name: 'Me', picture: null, plan: 'normal', is_admin: false };
const SUMMARY: CardSummary = {
  spec_version: '2.0',
  data: { name: 'Ada', description: '', personality: '', scenario: '', first_mes: '', creator: '', tags: [] },
};
const TIME = new Date(Date.UTC(2026, 10, 21, 9, 0)).toISOString();

const card = (id: string): CachedCard => ({
  file_id: id,
  title: id,
  display_title: id,
  filename: `${id}.png`,
  url: `/api/upload/image/${id}`,
  thumbnail_url: `/api/upload/thumbnail/${id}`,
  thumbnail_srcset: '',
  upload_time: TIME,
  favorite_count: 0,
  chat_count: 0,
  creator_handle: null,
  content_rating: 'sfw',
  card_data: SUMMARY,
  searchText: id,
});
const collection = (id: string): CollectionItem => ({
  ...card(id),
  file_size: 1,
  width: 1,
  height: 1,
  aspect_ratio: '1:1',
  is_public: 1,
  view_count: 0,
  download_count: 0,
  review: { state: 'published', note: null, changes: null, changes_note: null },
});
const chat = (id: string): LocalChat => ({
  chat_id: id,
  character_name: id,
  character_id: null,
  filename: '',
  card_type: 'public',
  avatar_url: null,
  last_message_time: TIME,
  modified: TIME,
  created_at: TIME,
  message_count: 1,
  size: 1,
});
const message = (id: string, chatId: string, seq: number, state: LocalMessage['state']): LocalMessage => ({
  id,
  chat_id: chatId,
  seq,
  role: 'user',
  content: id,
  name: 'Me',
  send_date: TIME,
  client_id: null,
  state,
});
const queued = (clientId: string, chatId: string): OutboxItem => ({
  kind: 'message',
  client_id: clientId,
  chat_id: chatId,
  created_at: TIME,
  request: { chat_id: chatId, messages: [{ role: 'user', content: clientId }] },
  attempts: 0,
  last_error: null,
});

async function fill() {
  await db.profile.put({ key: 'me', profile: PROFILE, lastLoginAt: Date.now() });
  await db.cards.bulkPut([card('g1'), card('g2')]);
  await db.collections.put(collection('c1'));
  await db.favorites.put({
    id: 'f1',
    file_id: 'g1',
    image_type: 'public',
    character_name: 'Ada',
    character_description: '',
    tags: [],
    url: '',
    created_at: TIME,
  });
  await db.chats.bulkPut([chat('sent-only'), chat('with-pending'), chat('with-failed'), chat('queued-new')]);
  await db.messages.bulkPut([
    message('m1', 'sent-only', 1, 'sent'),
    message('m2', 'with-pending', 1, 'sent'),
    message('m3', 'with-pending', 2, 'pending'),
    message('m4', 'with-failed', 1, 'failed'),
    message('m5', 'with-failed', 2, 'streaming'),
  ]);
  await db.outbox.bulkPut([queued('m3', 'with-pending'), queued('m6', 'queued-new')]);
}

/** A Cache Storage stand-in: happy-dom has none. */
function stubCaches() {
  const deleted: string[] = [];
  vi.stubGlobal('caches', { delete: async (name: string) => (deleted.push(name), true) });
  return deleted;
}

/** navigator.storage as a browser reports it; `usage` changes after a clear. */
function stubStorage(state: { usage: number; persisted: boolean }) {
  const storage = {
    estimate: vi.fn(async () => ({ usage: state.usage, quota: 1e9 })),
    persisted: vi.fn(async () => state.persisted),
    persist: vi.fn(async () => true),
  };
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
  return storage;
}

beforeAll(installDialogStandIn);
beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('clearing local data', () => {
  it('keeps the outbox, unsent messages, their chats, the profile and the tokens; clears the rest', async () => {
    const deleted = stubCaches();
    await fill();
    saveTokens({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresAt: Date.now() + 60_000, subject: 'u1', email: null });
    await clearLocalData();

    expect(await db.cards.count()).toBe(0);
    expect(await db.collections.count()).toBe(0);
    expect(await db.favorites.count()).toBe(0);
    expect((await db.messages.toArray()).map((m) => [m.id, m.state]).sort()).toEqual([
      ['m3', 'pending'],
      ['m4', 'failed'],
    ]);
    expect((await db.outbox.toArray()).map((item) => item.client_id).sort()).toEqual(['m3', 'm6']);
    expect((await db.chats.toArray()).map((c) => c.chat_id).sort()).toEqual(['queued-new', 'with-failed', 'with-pending']);
    expect((await db.profile.get('me'))?.profile).toEqual(PROFILE);
    expect(loadTokens()?.refreshToken).toBe('r');
    expect(deleted).toEqual([CARD_IMAGE_CACHE]);
  });

  it("knows every table: each holds a user's data (cleared at sign-out) or is a public cache", () => {
    const named = [...USER_DATA_TABLES, ...PUBLIC_CACHE_TABLES].map((table) => table.name).sort();
    expect(db.tables.map((table) => table.name).sort()).toEqual(named);
  });
});

describe('the storage line', () => {
  it('formats bytes as people read them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.2 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(14.4 * 1024 * 1024)).toBe('14 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });

  it('says how much is stored and whether it is persistent, or that the browser cannot tell', () => {
    expect(usageLine({ usage: 3.2 * 1024 * 1024, persisted: true })).toBe('3.2 MB stored on this device');
    expect(usageLine({ usage: null, persisted: null })).toBe("This browser doesn't report how much is stored");
    expect(persistenceLine(true)).toMatch(/^Persistent/);
    expect(persistenceLine(false)).toMatch(/^Not persistent/);
    expect(persistenceLine(null)).toBeNull();
  });
});

describe('the profile section', () => {
  it('asks with Cancel focused, lists what goes and that unsent messages stay, then clears and shows the new usage', async () => {
    stubCaches();
    const state = { usage: 5 * 1024 * 1024, persisted: true };
    stubStorage(state);
    await fill();
    render(<LocalDataSection />);
    await screen.findByText('5 MB stored on this device');
    screen.getByText('Persistent: the browser keeps it');

    fireEvent.click(screen.getByRole('button', { name: 'Clear local data' }));
    const dialog = await screen.findByRole('dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.textContent).toContain('The cached gallery');
    expect(dialog.textContent).toContain('The card images cache');
    expect(dialog.textContent).toMatch(/haven't been sent yet are kept/);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.cards.count()).toBe(2);

    fireEvent.click(screen.getByRole('button', { name: 'Clear local data' }));
    state.usage = 40 * 1024;
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear local data' }));
    await screen.findByText('40 KB stored on this device');
    expect(screen.getByText('Local data cleared.').getAttribute('role')).toBe('status');
    expect(await db.cards.count()).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('persistent storage', () => {
  // The module remembers that it asked; a fresh copy of it stands for a fresh page load.
  const freshModule = async () => {
    vi.resetModules();
    return import('../../src/db/localData');
  };

  it('is asked for once per page load', async () => {
    const storage = stubStorage({ usage: 0, persisted: false });
    const { askPersistentStorage } = await freshModule();
    await askPersistentStorage();
    await askPersistentStorage();
    expect(storage.persist).toHaveBeenCalledTimes(1);
  });

  it('is not asked for when already granted, and a refusal is ignored', async () => {
    const granted = stubStorage({ usage: 0, persisted: true });
    await (await freshModule()).askPersistentStorage();
    expect(granted.persist).not.toHaveBeenCalled();

    const refused = stubStorage({ usage: 0, persisted: false });
    refused.persist.mockRejectedValue(new Error('refused'));
    await expect((await freshModule()).askPersistentStorage()).resolves.toBeUndefined();
    expect(refused.persist).toHaveBeenCalledTimes(1);
  });
});
