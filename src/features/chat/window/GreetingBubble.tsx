import type { CardGreeting } from '@core/chat/greetings';
import styles from './MessageList.module.css';
import { useSpeakerFace } from './SpeakerFaces';
import { StyledText } from './StyledText';
import { SwipeControl } from './SwipeControl';

interface Props {
  name: string;
  greetings: CardGreeting[];
  /** Position in `greetings` of the one shown. */
  position: number;
  onChange: (position: number) => void;
  /** Swipes are offered until the first message is typed: the first send tells the server the choice. */
  swipeable: boolean;
}

/** A new chat's greeting from the card, with ‹ › to pick among first_mes and the alternate greetings. */
export function GreetingBubble({ name, greetings, position, onChange, swipeable }: Props) {
  const face = useSpeakerFace('assistant');
  const greeting = greetings[position] ?? greetings[0];
  if (!greeting) return null;
  const count = greetings.length;
  return (
    <article className={`${styles.row} ${styles.assistant}`} aria-label={name}>
      <div className={styles.line}>
        {face && (
          <span className={styles.face} aria-hidden="true">
            {face}
          </span>
        )}
        <div className={styles.bubble}>
          <p className={styles.name}>{name}</p>
          <div className={styles.text}>
            <StyledText text={greeting.text} />
          </div>
        </div>
      </div>
      {swipeable && count > 1 && <SwipeControl what="greeting" position={position} count={count} onChange={onChange} />}
    </article>
  );
}
