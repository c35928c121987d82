import { useMemo, useState } from 'react';
import { STOPPED_REASON } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { checkNow, connectivity } from '../../../lib/connectivity';
import { offlineReason, useConnectivity, useOnline, useSavedCopyNote } from '../../../lib/useOnline';
import { useChatOutbox } from './useChatOutbox';
import { flushOutbox } from '../../../sync/send/flush';
import { Spinner } from '../../../ui/Spinner';
import { filledGreetings, type CharacterView } from '../chatCharacter';
import type { ChatPersona } from '../useChatPersona';
import type { ChatTarget } from '../useChatSelection';
import { Composer } from './Composer';
import { GreetingBubble } from './GreetingBubble';
import styles from './ChatWindow.module.css';
import { ChangeNotices } from './ChangeNotices';
import { MessageList } from './MessageList';
import { PersonaPicker } from './PersonaPicker';
import { SpeakerFaces } from './SpeakerFaces';
import { GroupMembersBar } from '../../groups/GroupMembersBar';
import { chatOffers } from './replyOffers';
import { swipeAction } from './ReplyTools';
import { useChatActions } from './useChatActions';
import { useChatMessages } from './useChatMessages';
import { useMessageTools } from './useMessageTools';

interface Props {
  target: ChatTarget;
  /** The seq of a message to open the chat at, marked (a search found it). */
  at?: number | undefined;
  /** Forgets the found message (the reader went back to the newest). */
  onLeaveFound?: () => void;
  character: CharacterView | null;
  /** Who the user is in the chat ({{user}}, their messages' name, the persona sent with them). */
  as: ChatPersona;
  /** Who they are without a persona. */
  profileName: string;
  /** Opens another chat (a branch just made). */
  onOpenChat: (chatId: string) => void;
}

/**
 * What Regenerate is offered on: the last message, when it is a stored reply to a user message, a
 * reply cut short by Stop, or a stored user message left without a reply (the server answers it).
 */
function regenerable(messages: LocalMessage[]): string | null {
  const last = messages.at(-1);
  if (!last || !messages.some((m) => m.role === 'user' && m.state === 'sent')) return null;
  const stoppedReply = last.role === 'assistant' && last.error === STOPPED_REASON;
  const storedAnswer = last.state === 'sent' && (last.role === 'assistant' || last.role === 'user');
  return stoppedReply || storedAnswer ? last.id : null;
}

/** "Send now" on a waiting message: while cardchat does not answer, ask it now (an answer flushes). */
function sendNow(): void {
  if (connectivity() !== 'online') {
    void checkNow();
    return;
  }
  flushOutbox().catch((error: unknown) => console.error('Sending the waiting messages failed', error));
}

/** One open chat: its messages (with the card's greeting before any are stored) and the composer. */
export function ChatConversation({ target, at, onLeaveFound, character, as, profileName, onOpenChat }: Props) {
  const { userName } = as;
  const online = useOnline();
  const savedNote = useSavedCopyNote('messages');
  const history = useChatMessages(target.chatId, { onServer: !target.localOnly, at });
  const actions = useChatActions(target.seed, { userName, personaId: as.persona?.id ?? null });
  const [greetingPosition, setGreetingPosition] = useState(0);
  const personaDescription = as.persona?.description;
  const greetings = useMemo(
    () => filledGreetings(character, { userName, personaDescription, chatId: target.chatId }),
    [character, userName, personaDescription, target.chatId],
  );
  const name = character?.name ?? target.seed.character_name;
  const { waiting, replaying } = useChatOutbox(target.chatId);
  const members = target.row?.members;
  // In a group, the member the person tapped writes the next reply.
  const [speakerId, setSpeakerId] = useState<string | null>(null);

  const messages = useMemo(() => history.messages ?? [], [history.messages]);
  // A reply being regenerated gives way to its new version, and a continued one to its row that grows
  // (or was stopped); an empty streaming row gives way to the typing dots.
  const visible = useMemo(() => {
    const continued = new Set(messages.flatMap((m) => (m.continues ? [m.continues] : [])));
    return messages.filter(
      (m) => m.id !== actions.replacing && !continued.has(m.id) && !(m.state === 'streaming' && m.content === '' && !m.reasoning),
    );
  }, [messages, actions.replacing]);
  // What the chat's last messages offer, only while the window holds them.
  const ending = useMemo(() => (history.atNewest ? visible : []), [history.atNewest, visible]);
  const { editingId, tools } = useMessageTools(actions, ending.at(-1), onOpenChat);
  const regenerableId = regenerable(ending);
  const offline = offlineReason(useConnectivity());
  // The composer's ← / → act on the last reply as its arrows do.
  const lastSwipe = useMemo(() => {
    const last = ending.at(-1);
    const offer = chatOffers(ending, regenerableId, { replying: actions.busy || replaying, offline });
    if (!last || offer.versionsId !== last.id) return undefined;
    return swipeAction(
      last,
      { versions: true, regenerate: regenerableId === last.id, aiDisabled: offer.aiDisabled, disabled: offer.changeDisabled },
      tools,
    );
  }, [ending, regenerableId, actions.busy, replaying, offline, tools]);
  const stored = messages.some((m) => m.state === 'sent');
  const showGreeting = !stored && history.phase !== 'loading' && greetings.length > 0;
  const greetingIndex = showGreeting ? greetings[greetingPosition]?.index : undefined;
  const loading = history.phase === 'loading' && messages.length === 0;
  const empty = history.messages !== undefined && !loading && !showGreeting && visible.length === 0 && !actions.busy;

  return (
    <SpeakerFaces seed={target.seed} as={as} members={members}>
      {history.phase === 'saved' && (
        <p className={styles.notice} role="status">
          {online ? 'Showing the messages saved on this device.' : savedNote}
        </p>
      )}
      {loading ? (
        <div className={styles.centre}>
          <Spinner label="Loading messages..." />
        </div>
      ) : (
        <MessageList
          messages={visible}
          waiting={waiting}
          replaying={replaying}
          onSendNow={sendNow}
          characterName={name}
          greeting={
            showGreeting && (
              <GreetingBubble
                name={name}
                greetings={greetings}
                position={greetingPosition}
                onChange={setGreetingPosition}
                swipeable={!messages.some((m) => m.role === 'user')}
              />
            )
          }
          history={{ ...history, toNewest: at === undefined ? history.toNewest : (onLeaveFound ?? history.toNewest) }}
          highlightSeq={at}
          actions={actions}
          regenerableId={regenerableId}
          onRetry={(message) => actions.retry(message, greetingIndex)}
          tools={tools}
          editingId={editingId}
          emptyText={
            empty ? (
              <>
                Start a conversation with <bdi>{name}</bdi>!
              </>
            ) : null
          }
        />
      )}
      <ChangeNotices chatId={target.chatId} />
      {members && <GroupMembersBar chatId={target.chatId} members={members} chosen={speakerId} onChoose={setSpeakerId} />}
      <Composer
        busy={actions.busy}
        onSend={(parts) => {
          // A message goes after the chat's newest: the window goes there first.
          if (at !== undefined) onLeaveFound?.();
          else history.toNewest();
          setSpeakerId(null);
          return actions.send(parts, greetingIndex, speakerId ?? undefined);
        }}
        onStop={actions.stop}
        onSwipe={lastSwipe}
        speaker={<PersonaPicker as={as} profileName={profileName} />}
      />
    </SpeakerFaces>
  );
}
