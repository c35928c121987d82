import { Send, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { appConfig } from '../../../config/appConfig';
import { useConnectivity } from '../../../lib/useOnline';
import hidden from '../../../ui/visuallyHidden.module.css';
import styles from './Composer.module.css';

export const MAX_MESSAGE_LENGTH = appConfig.maxMessageLength;

/** Offline or unreachable, Ask still works: the message waits in the outbox until cardchat answers again. */
export const OFFLINE_SEND_NOTE = "You're offline: your message will be sent when you're back online";
export const UNREACHABLE_SEND_NOTE = "Can't reach cardchat: your message will be sent when it answers again";

/** Only text with something besides spaces, within the length limit, is sent. */
export function canSend(text: string): boolean {
  return text.trim() !== '' && text.length <= MAX_MESSAGE_LENGTH;
}

interface Props {
  /** A reply is on its way: the input waits and Stop is offered. */
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** ← / → in the empty box browse the last reply's versions (SillyTavern's keys); undefined when they cannot. */
  onSwipe?: ((direction: 'next' | 'previous') => void) | undefined;
}

/** 'Type a message' and Ask: Enter sends, Shift+Enter starts a new line, 1000 characters at most. */
export function Composer({ busy, onSend, onStop, onSwipe }: Props) {
  // Not online, a message is queued instead of sent: the Ask button says so.
  const state = useConnectivity();
  const waitNote = state === 'online' ? undefined : state === 'offline' ? OFFLINE_SEND_NOTE : UNREACHABLE_SEND_NOTE;
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const hadFocus = useRef(false);
  const counterId = useId();

  // The input is disabled while a reply comes; whoever was typing gets the caret back afterwards.
  useEffect(() => {
    if (!busy && hadFocus.current) {
      hadFocus.current = false;
      input.current?.focus();
    }
  }, [busy]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || !canSend(text)) return;
    hadFocus.current = document.activeElement === input.current;
    onSend(text.trim());
    setText('');
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
    <form className={styles.composer} onSubmit={submit}>
      <label className={styles.field}>
        <span className={hidden.srOnly}>Message</span>
        <textarea
          ref={input}
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value.slice(0, MAX_MESSAGE_LENGTH))}
          onKeyDown={onKeyDown}
          placeholder="Type a message"
          maxLength={MAX_MESSAGE_LENGTH}
          rows={2}
          disabled={busy}
          aria-describedby={counterId}
        />
      </label>
      <div className={styles.actions}>
        <span id={counterId} className={text.length >= MAX_MESSAGE_LENGTH ? styles.counterFull : styles.counter}>
          {text.length} / {MAX_MESSAGE_LENGTH}
        </span>
        {busy ? (
          <button type="button" className={styles.stop} onClick={onStop}>
            <Square size={14} aria-hidden="true" />
            Stop
          </button>
        ) : (
          <button type="submit" className={styles.ask} disabled={!canSend(text)} title={waitNote}>
            <Send size={16} aria-hidden="true" />
            Ask
          </button>
        )}
      </div>
    </form>
  );
}
