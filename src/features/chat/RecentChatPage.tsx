import { useRef } from 'react';
import { userDisplayName } from '@core/chat/userName';
import { useProfile } from '../../auth/useProfile';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { useReadingMode } from '../shell/readingMode';
import hidden from '../../ui/visuallyHidden.module.css';
import { ImportChatsButton } from './archive/ImportChatsButton';
import { ChatHistoryPanel } from './history/ChatHistoryPanel';
import { CharacterPanel } from './panel/CharacterPanel';
import { PHONE_QUERY } from './panelQueries';
import styles from './RecentChatPage.module.css';
import { useChatCharacter } from './useChatCharacter';
import { useChatPersona } from './useChatPersona';
import { useChatSelection } from './useChatSelection';
import { useFillBelow } from './useFillBelow';
import { useSidePanels } from './useSidePanels';
import { ChatWindow } from './window/ChatWindow';

/**
 * /recent-chat: the history list, the chat window and the character panel side by side; where the
 * screen is too narrow for that, a panel slides over the chat instead, and starts closed. On a phone
 * the list is the page until a chat is chosen; the chat then takes the whole screen, the app's top
 * bar tucked away, with a way back to the list.
 */
export function RecentChatPage() {
  const page = useRef<HTMLDivElement>(null);
  useFillBelow(page);
  const profile = useProfile();
  const selection = useChatSelection();
  const character = useChatCharacter(selection.target, selection.picked);
  const profileName = userDisplayName(profile);
  const as = useChatPersona(selection.target, profileName);
  const panels = useSidePanels();
  const newChatWith = character?.id ? character : null;
  const phone = useMediaQuery(PHONE_QUERY);
  const reading = phone && selection.target !== null;
  // A phone with no chat chosen: the list is the page, with Import beside it (the chat pane's is not there).
  const listOnly = phone && selection.target === null;
  useReadingMode(reading);

  return (
    <div className={styles.page} ref={page} data-view={listOnly ? 'list' : 'chat'}>
      <h1 className={hidden.srOnly}>Recent Chats</h1>
      <div id="chat-history" className={styles.history} data-open={panels.historyOpen} ref={panels.historyRef}>
        {listOnly && (
          <div className={styles.listTools}>
            {/* What it imports shows in the list below; its dialog says so (opening a chat would close it). */}
            <ImportChatsButton />
          </div>
        )}
        <ChatHistoryPanel
          selectedChatId={selection.chatId}
          newChat={selection.target?.row ? null : (selection.target?.seed ?? null)}
          onSelect={(chat) => {
            selection.select(chat.chat_id);
            panels.afterSelect();
          }}
          onOpenHit={(hit) => {
            selection.select(hit.chat_id, hit.seq);
            panels.afterSelect();
          }}
        />
      </div>
      {listOnly ? null : (
        <ChatWindow
          target={selection.target}
          at={selection.at}
          onLeaveFound={selection.leaveFound}
          character={character}
          as={as}
          profileName={profileName}
          historyOpen={panels.historyOpen}
          onToggleHistory={panels.toggleHistory}
          panelOpen={panels.panelOpen}
          onTogglePanel={panels.togglePanel}
          onNewChat={newChatWith && (() => selection.newChat(newChatWith))}
          onSelect={selection.select}
          onBack={reading ? () => selection.select(null) : undefined}
        />
      )}
      <div className={styles.panel} data-open={panels.panelOpen} ref={panels.panelRef}>
        <CharacterPanel character={character} target={selection.target} onClose={panels.closePanel} />
      </div>
      {panels.overlayOpen && (
        <button type="button" className={styles.backdrop} aria-label="Close panels" tabIndex={-1} onClick={panels.closeOverlays} />
      )}
    </div>
  );
}
