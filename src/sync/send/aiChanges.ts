import { ApiError } from '../../api/errors';
import { deleteAiPreset, deleteChatAiSettings, putAiPreset, putChatAiSettings, putDefaultAiSettings } from '../../api/aiSettings';
import type { AiChange } from '../../db/storyRows';
import { recordAiAttempt, removeAiChange, waitingAiChanges } from '../../db/aiSettings';
import { createStore } from '../../lib/store';
import { waiting, waitUnlessRefused, type DeliveryOutcome } from './outcomes';

/**
 * Changes to generation settings and presets made on the device (db/aiSettings.ts) go here, oldest
 * first, one at a time, at the start of every flush (flush.ts), so the chats' messages written after
 * a change are answered with it. Each request replaces what it names (PUT, DELETE), so a change sent
 * again after a lost answer changes nothing more: it reaches the server exactly once in effect.
 * Waits on what a message's replay waits on (no answer, 401, 408, 429, 5xx), and then the chats wait
 * too; any other answer is the server refusing it: it leaves the queue, and the settings say why.
 */

/** Why the server refused the last change, for the settings dialog; null when none was. */
export const aiRefusal = createStore<string | null>(null);

async function send(change: AiChange): Promise<void> {
  switch (change.kind) {
    case 'defaults':
      await putDefaultAiSettings(change.settings ?? {});
      return;
    case 'chat':
      await putChatAiSettings(change.target, change.settings ?? {});
      return;
    case 'chat_clear':
      await deleteChatAiSettings(change.target);
      return;
    case 'preset_save':
      if (change.preset) await putAiPreset(change.target, change.preset);
      return;
    case 'preset_delete':
      try {
        await deleteAiPreset(change.target);
      } catch (error) {
        // Deleted already (this change's lost answer, or another device): gone either way.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
  }
}

/** Sends what waits. The wait that stopped it, if one did (the caller stops the flush there); never throws. */
export async function sendAiChanges(): Promise<Extract<DeliveryOutcome, { kind: 'queued' }> | null> {
  try {
    for (const change of await waitingAiChanges()) {
      try {
        await send(change);
        await removeAiChange(change.client_id);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : null;
        if (apiError && waitUnlessRefused(apiError)) {
          await recordAiAttempt(change.client_id, apiError.message);
          return waiting(apiError);
        }
        await removeAiChange(change.client_id);
        aiRefusal.set(`Your AI settings change was not saved: ${apiError?.message ?? 'something went wrong.'}`);
      }
    }
  } catch (error) {
    console.error('Sending the waiting AI settings failed', error);
  }
  return null;
}
