import { createContext } from 'react';
import { alternativesOf } from '@core/chat/swipes';
import { isBranchCopy } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';

/** Why messages cannot be changed, nor the AI asked, while a reply comes in. */
export const REPLY_ON_ITS_WAY = 'Wait for the reply to finish.';

/**
 * Why no message can be changed right now (undefined when they can), for every ⋯ menu. A context and
 * not a bubble prop: each reply's start and end would otherwise render every bubble again.
 */
export const ChangeDisabled = createContext<string | undefined>(undefined);

/**
 * What the chat's messages offer: versions and Continue on the last reply, Save and
 * regenerate on the last message of the user's, and why changes or the AI are not possible now.
 * `replying`: a reply is on its way; `offline`: why cardchat cannot be asked (undefined online).
 */
export function chatOffers(
  messages: LocalMessage[],
  regenerableId: string | null,
  { replying, offline }: { replying: boolean; offline: string | undefined },
) {
  const last = messages.at(-1);
  const lastReply = last?.role === 'assistant' && last.state === 'sent' ? last : undefined;
  const lastUser = messages.findLast((message) => message.role === 'user' && message.state === 'sent');
  return {
    changeDisabled: replying ? REPLY_ON_ITS_WAY : undefined,
    aiDisabled: replying ? REPLY_ON_ITS_WAY : offline,
    // One version is not a choice: Regenerate makes the second, then the arrows show. A branch's
    // copy shows its versions once the branch is saved (choosing one is a change of that message).
    versionsId: lastReply && !isBranchCopy(lastReply) && alternativesOf(lastReply).length > 1 ? lastReply.id : null,
    continuableId: lastReply?.id ?? null,
    // Only while the chat's last message answers it (or is it): a new reply to the edited text.
    saveAndRegenerateId: lastUser && regenerableId !== null ? lastUser.id : null,
  };
}
