import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { localChatSettings, localDefaults, localPresets } from '../../db/aiSettings';
import { useOnline } from '../../lib/useOnline';
import { pullAiSettings } from '../../sync/aiSettings';
import { aiRefusal } from '../../sync/send/aiChanges';

/** The context size this server allows, until it has said: LLM_CONTEXT_TOKENS' own default. */
export const ASSUMED_CONTEXT_CAP = 8192;

/** Pulled from the server when a screen that shows them opens, whenever cardchat answers again, and after a refusal. */
function usePull(chatId?: string) {
  const online = useOnline();
  const refusal = useSyncExternalStore(aiRefusal.subscribe, aiRefusal.get);
  useEffect(() => {
    if (!online) return;
    pullAiSettings(chatId).catch((error: unknown) => console.warn('Could not refresh the AI settings', error));
  }, [online, chatId, refusal]);
  return refusal;
}

/** The device's copy of the chat's settings and the person's defaults; undefined while Dexie answers. */
export function useChatAiSettings(chatId: string) {
  const refusal = usePull(chatId);
  const stored = useLiveQuery(() => localChatSettings(chatId), [chatId]);
  const presets = useLiveQuery(localPresets, []);
  return { stored, presets, refusal };
}

export function useDefaultAiSettings() {
  const refusal = usePull();
  const defaults = useLiveQuery(async () => (await localDefaults()) ?? null, []);
  const presets = useLiveQuery(localPresets, []);
  return { defaults, presets, refusal };
}
