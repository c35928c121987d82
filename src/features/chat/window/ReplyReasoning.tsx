import { Brain } from 'lucide-react';
import { reasoningAt, thoughtLabel } from '@core/chat/reasoning';
import { chosenSwipe } from '@core/chat/swipes';
import type { LocalMessage } from '../../../db/db';
import { reasoningKey } from '../../../sync/send/streamingText';
import styles from './ReplyReasoning.module.css';
import { useStreamingText } from './useStreamingText';

/**
 * What a thinking model reasoned before the shown version of a reply: folded above it, 'Thought for
 * N s', opened on request. While the model still thinks (its reasoning streams and no reply text has
 * come yet) it is open and reads 'Thinking…'; it folds once the reply starts. Never part of the prompt.
 */
export function ReplyReasoning({ message }: { message: LocalMessage }) {
  if (message.state === 'streaming') return <StreamingReasoning message={message} />;
  const reasoning = reasoningAt(message.reasoning, chosenSwipe(message));
  if (!reasoning) return null;
  return <Thoughts label={thoughtLabel(reasoning)} text={reasoning.text} open={false} />;
}

function StreamingReasoning({ message }: { message: LocalMessage }) {
  const text = useStreamingText(reasoningKey(message.id), message.reasoning?.[0]?.text ?? '');
  const reply = useStreamingText(message.id, message.content);
  if (!text) return null;
  const thinking = reply === (message.continues ? message.content : '');
  return <Thoughts label={thinking ? 'Thinking…' : 'Thoughts'} text={text} open={thinking} />;
}

function Thoughts({ label, text, open }: { label: string; text: string; open: boolean }) {
  return (
    // Remounted when thinking ends, so it folds then; the person may open or fold it any time.
    <details key={String(open)} className={styles.reasoning} open={open}>
      <summary className={styles.summary}>
        <Brain size={14} aria-hidden="true" /> {label}
      </summary>
      <p className={styles.text}>{text}</p>
    </details>
  );
}
