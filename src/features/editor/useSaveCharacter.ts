import { useCallback, useRef, useState } from 'react';
import type { Card } from '@core/card/index';
import type { CollectionItem } from '@core/contract';
import { getCard } from '../../api/characterEditor';
import { ApiError } from '../../api/errors';
import { UPLOAD_FAILED } from '../../api/uploads';
import type { CharacterDraftRecord } from '../../db/drafts';
import { saveCharacter, SaveError } from './saveCharacter';
import { freshRecord, type EditorTarget } from './useEditorRecord';

export type SaveState =
  | { phase: 'idle' }
  /** `progress`: 0…1 while a new character's PNG goes out; null while an edit waits for its answer. */
  | { phase: 'saving'; progress: number | null }
  | { phase: 'saved'; item: CollectionItem }
  | { phase: 'failed'; message: string; code: string | undefined };

interface Options {
  target: EditorTarget;
  isAdmin: boolean;
  /** The saved state: the draft record to show now (the saved card; an empty form after a new one). */
  reset: (record: CharacterDraftRecord) => Promise<void>;
}

/** Saving, with its progress and outcome; a second press while one runs does nothing. */
export function useSaveCharacter({ target, isAdmin, reset }: Options) {
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const running = useRef(false);

  const save = useCallback(
    async (record: CharacterDraftRecord, card: Card) => {
      if (running.current) return;
      running.current = true;
      const fileId = target.kind === 'edit' ? target.fileId : null;
      setState({ phase: 'saving', progress: fileId ? null : 0 });
      try {
        const item = await saveCharacter({
          record,
          card,
          fileId,
          isAdmin,
          onProgress: (progress) => setState({ phase: 'saving', progress }),
        });
        // An edit goes on from the card as stored (the server's coercions included); a new one from an empty form.
        const stored = fileId ? ((await getCard(fileId).catch(() => card)) as Card) : null;
        await reset(freshRecord(target, stored));
        setState({ phase: 'saved', item });
      } catch (error) {
        const message = error instanceof ApiError || error instanceof SaveError ? error.message : UPLOAD_FAILED;
        setState({ phase: 'failed', message, code: error instanceof ApiError || error instanceof SaveError ? error.code : undefined });
      } finally {
        running.current = false;
      }
    },
    [target, isAdmin, reset],
  );
  const dismiss = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, save, dismiss };
}
