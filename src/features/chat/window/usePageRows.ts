import { liveQuery, type Subscription } from 'dexie';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { pageRows } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { pageKey, type WindowPage } from './messageWindow';
import { sameRows } from '../../../lib/sameFields';

/**
 * Each page of the window as its own live query: a write to a message (a streaming reply, an edit, a
 * page the server sent) reads again only the page holding it, and adding a page reads only that one.
 */
class PageRows {
  private readonly rows = new Map<string, LocalMessage[]>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(private readonly chatId: string) {}

  /**
   * Follows exactly `pages`: new ones start from the rows they were read with, gone ones stop. Called
   * while rendering, it tells no one (the render reads the new rows itself).
   */
  follow(pages: WindowPage[], { quiet = false }: { quiet?: boolean } = {}): void {
    const wanted = new Map(pages.map((page) => [pageKey(page), page]));
    for (const [key, subscription] of this.subscriptions) {
      if (wanted.has(key)) continue;
      subscription.unsubscribe();
      this.subscriptions.delete(key);
      this.rows.delete(key);
    }
    for (const [key, page] of wanted) {
      if (this.subscriptions.has(key)) continue;
      this.rows.set(key, page.rows);
      const query = liveQuery(() => pageRows(this.chatId, page.from, page.to));
      this.subscriptions.set(
        key,
        query.subscribe({
          next: (rows) => this.set(key, rows),
          error: (error: unknown) => console.error('Failed to read messages', error),
        }),
      );
    }
    this.version++;
    if (!quiet) this.changed();
  }

  private set(key: string, rows: LocalMessage[]): void {
    if (!this.subscriptions.has(key)) return;
    // A page's first answer repeats the rows it was read with, and a write next to a page may wake
    // its query without changing it: the window renders again only for a real change.
    const current = this.rows.get(key);
    if (current && sameRows(current, rows)) return;
    this.rows.set(key, rows);
    this.version++;
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  rowsOf(page: WindowPage): LocalMessage[] | undefined {
    return this.rows.get(pageKey(page));
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.version;

  close(): void {
    for (const subscription of this.subscriptions.values()) subscription.unsubscribe();
    this.subscriptions.clear();
  }
}

/** The window's rows, oldest first, each page kept current by its own live query; and each page's rows. */
export function usePageRows(chatId: string, pages: WindowPage[]): { rows: LocalMessage[]; rowsOf: (page: WindowPage) => LocalMessage[] } {
  const store = useMemo(() => new PageRows(chatId), [chatId]);
  const followed = useRef<WindowPage[] | null>(null);
  // Before the first read of this render, so rows read with a page show in the same commit.
  if (followed.current !== pages) {
    followed.current = pages;
    store.follow(pages, { quiet: true });
  }
  // Subscribed again after an unmount that kept the component (React's strict mode does that).
  useEffect(() => {
    if (followed.current) store.follow(followed.current);
    return () => store.close();
  }, [store]);
  const version = useSyncExternalStore(store.subscribe, store.snapshot);
  return useMemo(() => {
    const rowsOf = (page: WindowPage) => store.rowsOf(page) ?? page.rows;
    return { rows: pages.flatMap(rowsOf), rowsOf };
    // `version` is what changes when a page's rows do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, pages, version]);
}
