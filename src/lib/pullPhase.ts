/**
 * Where a screen's pull from the server stands: 'loading' while the first page is on its way,
 * 'error' when it failed, 'offline' when cardchat could not be reached or was not tried (what Dexie
 * holds stays usable).
 */
export type PullPhase = 'loading' | 'ready' | 'error' | 'offline';
