import { useEffect, useMemo, useState } from 'react';
import type { LocalMessage } from '../../../db/db';
import { branchFrom } from '../../../sync/send/branch';
import { chooseVersion, deleteFromHere, deleteOne, editText } from '../../../sync/send/changes';
import { pinMessage } from '../../../sync/send/memoryChanges';
import type { BubbleTools } from './MessageBubble';
import type { ChatActions } from './useChatActions';
import { useStableCallback } from './useStableCallback';

const report = (what: string) => (error: unknown) => console.error(what, error);

/**
 * What the window does with its messages: which one is being edited, and one stable set
 * of actions for every bubble. Changes are made on the device at once and queued for the server
 * (sync/send/changes.ts); "Save and regenerate" then asks for a new version of the chat's last
 * reply (or a reply to the edited message, when it is the last), which goes after the edit. A
 * branch is made on the device and `onBranched` opens it.
 */
export function useMessageTools(
  actions: Pick<ChatActions, 'regenerate' | 'continueReply'>,
  last: LocalMessage | undefined,
  onBranched: (chatId: string) => void,
) {
  const [editingId, setEditingId] = useState<string | null>(null);
  // Where the focus goes back to once an edit ends: the message's ⋯ button, as a menu's item would.
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (refocus === null) return;
    document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(refocus)}"] [aria-haspopup="menu"]`)?.focus();
    setRefocus(null);
  }, [refocus]);
  const endEdit = (message: LocalMessage) => {
    setEditingId(null);
    setRefocus(message.id);
  };
  const regenerate = useStableCallback(actions.regenerate);
  const continueReply = useStableCallback(actions.continueReply);
  const regenerateLast = useStableCallback(() => last && regenerate(last));
  const opened = useStableCallback(onBranched);

  const tools = useMemo<BubbleTools>(
    () => ({
      onEdit: (message) => setEditingId(message.id),
      onCancelEdit: endEdit,
      onSave: (message, content, then) => {
        endEdit(message);
        editText(message, content)
          .then(() => then === 'regenerate' && regenerateLast())
          .catch(report('Saving the edit failed'));
      },
      onDelete: (message) => void deleteOne(message).catch(report('Deleting the message failed')),
      onDeleteFrom: (message) => void deleteFromHere(message).catch(report('Deleting the messages failed')),
      onBranch: (message) => void branchFrom(message).then(opened, report('Making the branch failed')),
      onPin: (message) => void pinMessage(message).catch(report('Pinning the message failed')),
      onChooseVersion: (message, swipeId) => void chooseVersion(message, swipeId).catch(report('Choosing the version failed')),
      onRegenerate: regenerate,
      onContinue: continueReply,
    }),
    [regenerate, continueReply, regenerateLast, opened],
  );
  return { editingId, tools };
}
