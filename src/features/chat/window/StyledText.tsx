import { tokenizeStyledText } from '../../../../core/chat/styledText';
import styles from './StyledText.module.css';

/**
 * A message's text with <action>, <scene>, "dialogue" and *emphasis* each styled. Every segment is
 * a text node inside a span: markup in a message (a <script>, an <img>) shows as the characters it is.
 */
export function StyledText({ text }: { text: string }) {
  return (
    <>
      {tokenizeStyledText(text).map((segment, i) =>
        segment.kind === 'text' ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <span key={i} className={styles[segment.kind]} data-style={segment.kind}>
            {segment.text}
          </span>
        ),
      )}
    </>
  );
}
