import { useState } from 'react';
import type { Card } from '@core/card/index';
import { cardGreetings } from '@core/chat/greetings';
import { GreetingBubble } from '../../chat/window/GreetingBubble';
import styles from '../Editor.module.css';

interface Props {
  card: Card;
  /** {{char}}: the nickname, else the name. */
  name: string;
  fill: (text: string) => string;
}

/** The greetings as a new chat shows them: styled, macros filled, ‹ › between them. */
export function GreetingPreview({ card, name, fill }: Props) {
  const [position, setPosition] = useState(0);
  const filled = cardGreetings(card)
    .map((greeting) => ({ ...greeting, text: fill(greeting.text) }))
    .filter((greeting) => greeting.text !== '');
  return (
    <div className={styles.field}>
      <h3 className={styles.label} id="greeting-preview">
        In the chat
      </h3>
      <div className={styles.previewBox} role="group" aria-labelledby="greeting-preview">
        {filled.length === 0 ? (
          <p className={styles.hint}>The chat opens empty: write a first message to see it here.</p>
        ) : (
          <GreetingBubble
            name={name || 'Your character'}
            greetings={filled}
            position={Math.min(position, filled.length - 1)}
            onChange={setPosition}
            swipeable
          />
        )}
      </div>
    </div>
  );
}
