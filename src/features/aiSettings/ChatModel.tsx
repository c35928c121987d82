import { useLiveQuery } from 'dexie-react-hooks';
import { useClientConfig } from '../../config/useClientConfig';
import { localChatSettings } from '../../db/aiSettings';

/**
 * The model the chat's next reply is written by, for the chat's header: its own choice, else the
 * person's default, else the server's. Nothing with the demo AI, which has no model.
 */
export function ChatModel({ chatId, className }: { chatId: string; className?: string }) {
  const config = useClientConfig();
  const stored = useLiveQuery(() => localChatSettings(chatId), [chatId]);
  if (!config || config.ai === 'demo' || !config.models?.length) return null;
  const chosen = stored?.own?.settings.model ?? stored?.defaults?.settings.model;
  const model = chosen && config.models.includes(chosen) ? chosen : config.models[0];
  return (
    <span className={className} title="The AI model writing this chat's replies">
      Model: {model}
    </span>
  );
}
