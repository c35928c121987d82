/**
 * Whether the page's first view is complete (afterFirstView.ts): what a page can show a moment later
 * (Home's tag chips) waits for it, so a first visit on a slow link spends it on what is on screen.
 */
import { createStore, useStore } from '../lib/store';

const complete = createStore(false);

export const markFirstViewComplete = () => complete.set(true);

export const useFirstViewComplete = () => useStore(complete);
