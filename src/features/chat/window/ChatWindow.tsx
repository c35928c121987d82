import { useClientConfig } from '../../../config/useClientConfig';
import type { CharacterView } from '../chatCharacter';
import type { ChatPersona } from '../useChatPersona';
import type { ChatTarget } from '../useChatSelection';
import { StatusSlot } from '../../shell/StatusSlot';
import { ChatConversation } from './ChatConversation';
import { ChatHeader } from './ChatHeader';
import styles from './ChatWindow.module.css';

/** Short enough for one line on a phone: the header and this notice leave the screen to the chat. */
export const DEMO_NOTICE = 'Demo replies: this server has no AI service set up yet.';

interface Props {
  target: ChatTarget | null;
  /** The seq of a found message the chat opens at. */
  at?: number | undefined;
  onLeaveFound?: () => void;
  character: CharacterView | null;
  /** Who the user is in the open chat, and who they are without a persona. */
  as: ChatPersona;
  profileName: string;
  historyOpen: boolean;
  onToggleHistory: () => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
  onNewChat: (() => void) | null;
  onSelect: (chatId: string | null) => void;
  /** A phone's way back from the chat to the list, instead of the list's toggle. */
  onBack?: (() => void) | undefined;
}

/** The centre column: header, the demo notice, and the open chat (or what to do when none is). */
export function ChatWindow({ target, at, onLeaveFound, character, as, profileName, onSelect, ...header }: Props) {
  const config = useClientConfig();
  return (
    <section className={styles.window} aria-label="Chat window">
      <ChatHeader
        {...header}
        target={target}
        name={character?.name ?? target?.seed.character_name ?? null}
        menuChat={target?.row ?? null}
        onOpenOrigin={onSelect}
        onImported={(chatIds) => chatIds[0] && onSelect(chatIds[0])}
        onDeleted={() => onSelect(null)}
      />
      {/* The connectivity line goes here, under the header's buttons, and above the messages rather than over them. */}
      <StatusSlot page inFlow />
      {config?.ai === 'demo' && (
        <p className={styles.demo} role="note" title={DEMO_NOTICE}>
          {DEMO_NOTICE}
        </p>
      )}
      {target ? (
        <ChatConversation
          key={target.chatId}
          target={target}
          at={at}
          onLeaveFound={onLeaveFound}
          character={character}
          as={as}
          profileName={profileName}
          onOpenChat={onSelect}
        />
      ) : (
        <div className={styles.centre}>
          <p className={styles.placeholder}>Please select a chat to start conversation</p>
        </div>
      )}
    </section>
  );
}
