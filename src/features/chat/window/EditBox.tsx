import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_CHARS, MAX_REPLY_CHARS } from '@core/contract/constants';
import type { LocalMessage } from '../../../db/db';
import hidden from '../../../ui/visuallyHidden.module.css';
import styles from './MessageEdit.module.css';

/** An edit may not leave a message empty (Delete is for that) nor past its limit. */
export function editLimit(message: Pick<LocalMessage, 'role'>): number {
  return message.role === 'user' ? MAX_MESSAGE_CHARS : MAX_REPLY_CHARS;
}

/** Characters as the server counts them (code points, so an emoji is one). */
const length = (text: string) => [...text].length;

interface Props {
  message: LocalMessage;
  onSave: (message: LocalMessage, content: string, then?: 'regenerate') => void;
  onCancel: (message: LocalMessage) => void;
  /** The chat's last message of the user's: "Save and regenerate" asks for a new reply to the edited text. */
  regenerate?: { disabled: string | undefined } | undefined;
}

/**
 * A message's text in place, editable: Enter saves (Shift+Enter is a new line), Escape cancels, and
 * Save and Cancel are buttons too, for a phone's keyboard that has neither key.
 */
export function EditBox({ message, onSave, onCancel, regenerate }: Props) {
  const [text, setText] = useState(message.content);
  const input = useRef<HTMLTextAreaElement>(null);
  const counterId = useId();
  const limit = editLimit(message);
  const used = length(text);
  const problem =
    text.trim() === ''
      ? 'A message cannot be empty: delete it instead.'
      : used > limit
        ? `At most ${limit.toLocaleString('en-US')} characters.`
        : undefined;

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const save = (then?: 'regenerate') => {
    if (problem) return;
    if (text.trim() === message.content && then === undefined) onCancel(message);
    else onSave(message, text.trim(), then);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel(message);
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form className={styles.edit} onSubmit={onSubmit} aria-label={`Edit ${message.name}'s message`}>
      <label>
        <span className={hidden.srOnly}>Message text</span>
        <textarea
          ref={input}
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={Math.min(12, Math.max(2, text.split('\n').length))}
          aria-describedby={counterId}
          aria-invalid={problem !== undefined}
        />
      </label>
      <p id={counterId} className={problem ? styles.problem : styles.counter}>
        {problem ?? `${used.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.cancel} onClick={() => onCancel(message)}>
          Cancel
        </button>
        {regenerate && (
          <button
            type="button"
            className={styles.cancel}
            onClick={() => save('regenerate')}
            disabled={problem !== undefined || regenerate.disabled !== undefined}
            title={regenerate.disabled}
          >
            Save and regenerate
          </button>
        )}
        <button type="submit" className={styles.save} disabled={problem !== undefined}>
          Save
        </button>
      </div>
    </form>
  );
}
