import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Card } from '@core/card/index';
import { getCard } from '../../api/characterEditor';
import { ApiError } from '../../api/errors';
import { deleteDraft, getDraft, NEW_DRAFT_ID, putDraft, type CharacterDraftRecord } from '../../db/drafts';
import { useOnline } from '../../lib/useOnline';
import { draftFromCard, emptyDraft } from './model/draft';
import { editorReducer, initialEditorState, type EditorAction } from './model/editorState';

/** What the editor works on: a new character, or one of the person's own cards. */
export type EditorTarget = { kind: 'new'; creator: string } | { kind: 'edit'; fileId: string };

export type LoadState =
  | { phase: 'loading' }
  /** `restoredAt`: the draft came back from the device (ms), else null (a fresh start). */
  | { phase: 'ready'; restoredAt: number | null }
  | { phase: 'failed'; message: string };

export const MESSAGE_NOT_YOURS = "This character isn't one of yours, or it was deleted.";
export const MESSAGE_CANT_LOAD_OFFLINE = "This character can't be loaded right now: cardchat isn't reachable. It opens here once it is.";

/** How long typing may pause before the draft is written to the device. */
const KEEP_AFTER_MS = 300;

const idOf = (target: EditorTarget) => (target.kind === 'new' ? NEW_DRAFT_ID : target.fileId);

export function freshRecord(target: EditorTarget, card: Card | null): CharacterDraftRecord {
  return {
    id: idOf(target),
    draft: card ? draftFromCard(card) : emptyDraft(target.kind === 'new' ? target.creator : ''),
    base: card,
    picture: null,
    publicRelease: false,
    savedAt: 0,
  };
}

/**
 * The draft being edited: the device's draft when there is one (restored after a reload, offline
 * too), else the card from the server (an edit) or an empty character (new). Every change is kept on
 * the device a moment after typing pauses, and at once when the page is hidden or left.
 */
export function useEditorRecord(target: EditorTarget) {
  const [load, setLoad] = useState<LoadState>({ phase: 'loading' });
  /** When the draft was last written to the device (ms), null while it is not there. */
  const [keptAt, setKeptAt] = useState<number | null>(null);
  const [state, dispatch] = useReducer(editorReducer, freshRecord(target, null), initialEditorState);
  const online = useOnline();
  const id = idOf(target);
  const targetRef = useRef(target);
  targetRef.current = target;

  const ready = load.phase === 'ready';
  useEffect(() => {
    if (ready) return;
    let live = true;
    void (async () => {
      const kept = await getDraft(id);
      if (!live) return;
      if (kept) {
        dispatch({ type: 'load', record: kept });
        setKeptAt(kept.savedAt);
        setLoad({ phase: 'ready', restoredAt: kept.savedAt });
        return;
      }
      const current = targetRef.current;
      if (current.kind === 'new') {
        dispatch({ type: 'load', record: freshRecord(current, null) });
        setLoad({ phase: 'ready', restoredAt: null });
        return;
      }
      try {
        const card = (await getCard(current.fileId)) as Card;
        if (!live) return;
        dispatch({ type: 'load', record: freshRecord(current, card) });
        setLoad({ phase: 'ready', restoredAt: null });
      } catch (error) {
        if (!live) return;
        const unreachable = !(error instanceof ApiError) || error.isNetwork || error.status >= 500;
        setLoad({ phase: 'failed', message: unreachable ? MESSAGE_CANT_LOAD_OFFLINE : MESSAGE_NOT_YOURS });
      }
    })();
    return () => {
      live = false;
    };
    // Tried again when cardchat answers again, if it could not be loaded before.
  }, [id, online, ready]);

  // The latest record not yet on the device; written after a pause, or at once when the page goes.
  const unkept = useRef<CharacterDraftRecord | null>(null);
  const keep = useCallback(() => {
    const record = unkept.current;
    unkept.current = null;
    if (!record) return;
    const now = Date.now();
    void putDraft({ ...record, savedAt: now }).then(() => setKeptAt(now));
  }, []);
  useEffect(() => {
    if (!state.changed) return;
    unkept.current = state.record;
    const timer = setTimeout(keep, KEEP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state, keep]);
  useEffect(() => {
    const onHide = () => document.visibilityState === 'hidden' && keep();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', keep);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', keep);
      keep();
    };
  }, [keep]);

  /** The saved (or discarded) state: nothing of it waits on the device any more. */
  const reset = useCallback(
    async (record: CharacterDraftRecord) => {
      unkept.current = null;
      dispatch({ type: 'load', record });
      await deleteDraft(id);
      setKeptAt(null);
      setLoad({ phase: 'ready', restoredAt: null });
    },
    [id],
  );

  /** Throws the draft away and starts again from the server's card (an edit) or an empty form. */
  const discard = useCallback(async () => {
    unkept.current = null;
    await deleteDraft(id);
    setKeptAt(null);
    setLoad({ phase: 'loading' });
  }, [id]);

  const edit = useCallback((action: EditorAction) => dispatch(action), []);
  return { load, state, keptAt, edit, reset, discard };
}
