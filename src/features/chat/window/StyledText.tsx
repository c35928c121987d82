import { tokenizeStyledText } from '@core/chat/styledText';
import styles from './StyledText.module.css';

/**
 * A message's text with <action>, <scene>, "dialogue" and *emphasis* each styled. Every segment is
 * a text node inside a span: markup in a message (a <script>, an <img>) shows as the characters it is.
 * `streaming`: the text is a reply still arriving, styled as it will be once complete.
 */
export function StyledText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <>
      {tokenizeStyledText(text, { partial: streaming }).map((segment, i) =>
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
