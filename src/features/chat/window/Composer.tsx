import { messageLength, splitMessage } from '@core/chat/messageParts';
import { Send, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { appConfig } from '../../../config/appConfig';
import { useConnectivity } from '../../../lib/useOnline';
import hidden from '../../../ui/visuallyHidden.module.css';
import styles from './Composer.module.css';
import { SplitOffer } from './SplitOffer';

export const MAX_MESSAGE_LENGTH = appConfig.maxMessageLength;

/** Offline or unreachable, Ask still works: the message waits in the outbox until cardchat answers again. */
export const OFFLINE_SEND_NOTE = "You're offline: your message will be sent when you're back online";
export const UNREACHABLE_SEND_NOTE = "Can't reach cardchat: your message will be sent when it answers again";

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Where a chat opens, the caret waits in the box for a mouse-and-keyboard user; on a touch screen it
 * does not, since focusing would raise the on-screen keyboard over the story they came back to read.
 */
const focusesOnOpen = () => typeof matchMedia === 'function' && matchMedia('(pointer: fine)').matches;

interface Props {
  /** A reply is on its way: the input waits and Stop is offered. */
  busy: boolean;
  /** Sends the text as one message or as parts in order; resolves to the parts that did not go. */
  onSend: (parts: string[]) => Promise<string[]>;
  onStop: () => void;
  /** ← / → in the empty box browse the last reply's versions (SillyTavern's keys); undefined when they cannot. */
  onSwipe?: ((direction: 'next' | 'previous') => void) | undefined;
  /** Before the message box: who the user is in the chat. */
  speaker?: ReactNode;
}

/**
 * 'Type a message' and Ask: Enter sends, Shift+Enter starts a new line. Past the 1000-character limit
 * nothing is cut: the counter shows by how much, and sending offers to send the text in parts.
 */
export function Composer({ busy, onSend, onStop, onSwipe, speaker }: Props) {
  // Not online, a message is queued instead of sent: the Ask button says so.
  const state = useConnectivity();
  const waitNote = state === 'online' ? undefined : state === 'offline' ? OFFLINE_SEND_NOTE : UNREACHABLE_SEND_NOTE;
  const [text, setText] = useState('');
  const [offer, setOffer] = useState<string[] | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const hadFocus = useRef(false);
  const counterId = useId();
  const length = messageLength(text);
  const over = length > MAX_MESSAGE_LENGTH;

  useEffect(() => {
    if (focusesOnOpen()) input.current?.focus({ preventScroll: true });
  }, []);

  // The input is disabled while a reply comes; whoever was typing gets the caret back afterwards.
  useEffect(() => {
    if (!busy && hadFocus.current) {
      hadFocus.current = false;
      input.current?.focus();
    }
  }, [busy]);

  const send = (parts: string[]) => {
    setOffer(null);
    hadFocus.current = true;
    setText('');
    // What did not go (a part failed or was stopped) comes back to the box, before anything typed since.
    void onSend(parts).then((unsent) => {
      if (unsent.length > 0) setText((typed) => [...unsent, typed].filter(Boolean).join('\n\n'));
    });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || text.trim() === '') return;
    hadFocus.current = document.activeElement === input.current;
    if (over) setOffer(splitMessage(text, MAX_MESSAGE_LENGTH));
    else send([text.trim()]);
  };

  const keepEditing = () => {
    setOffer(null);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing: its Enter confirms the characters.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
    const arrow = event.key === 'ArrowRight' ? 'next' : event.key === 'ArrowLeft' ? 'previous' : null;
    if (arrow && onSwipe && text === '' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onSwipe(arrow);
    }
  };

  return (
    <div className={styles.dock}>
      {offer && (
        <SplitOffer parts={offer.length} limit={count(MAX_MESSAGE_LENGTH)} onSend={() => send(offer)} onKeepEditing={keepEditing} />
      )}
      <form className={styles.composer} onSubmit={submit}>
        {speaker}
        <label className={styles.field}>
          <span className={hidden.srOnly}>Message</span>
          <textarea
            ref={input}
            className={styles.input}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOffer(null);
            }}
            onKeyDown={onKeyDown}
            placeholder="Type a message"
            rows={2}
            disabled={busy}
            aria-describedby={counterId}
            aria-invalid={over || undefined}
          />
        </label>
        <div className={styles.actions}>
          <span id={counterId} className={over ? styles.counterOver : length === MAX_MESSAGE_LENGTH ? styles.counterFull : styles.counter}>
            {count(length)} / {count(MAX_MESSAGE_LENGTH)}
            {over && <span className={hidden.srOnly}> characters: too long for one message</span>}
          </span>
          {busy ? (
            <button type="button" className={styles.stop} onClick={onStop}>
              <Square size={14} aria-hidden="true" />
              Stop
            </button>
          ) : (
            <button type="submit" className={styles.ask} disabled={text.trim() === ''} title={waitNote}>
              <Send size={16} aria-hidden="true" />
              Ask
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
