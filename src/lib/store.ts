import { useSyncExternalStore } from 'react';

/**
 * A value that React components follow through useSyncExternalStore. Used for state that lives
 * outside React (the session, the theme, the service worker's update, the install offer) so that
 * modules can change it without a component in the way.
 */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T, equal: (a: T, b: T) => boolean = Object.is): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      // Snapshots are compared by identity; an unchanged value must keep its identity.
      if (equal(value, next)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
