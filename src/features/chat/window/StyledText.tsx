import { Fragment, type ReactNode, useMemo } from 'react';
import { type Block, type Inline, parseMessage } from '@core/chat/markdown/index';
import { RemoteImage } from './RemoteImage';
import styles from './StyledText.module.css';

/** Links open in a new tab, and tell the page they lead to nothing of ours (no opener, no referrer). */
const LINK = { target: '_blank', rel: 'noopener noreferrer' } as const;

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'break':
        return <br key={i} />;
      case 'code':
        return (
          <code key={i} className={styles.code}>
            {node.text}
          </code>
        );
      case 'link':
        return (
          <a key={i} href={node.href} className={styles.link} {...LINK}>
            {inline(node.children)}
          </a>
        );
      case 'image':
        return <RemoteImage key={i} src={node.src} alt={node.alt} />;
      case 'emphasis':
        return (
          <em key={i} className={styles.emphasis} data-style="emphasis">
            {inline(node.children)}
          </em>
        );
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'strike':
        return <s key={i}>{inline(node.children)}</s>;
      default:
        return (
          <span key={i} className={styles[node.type]} data-style={node.type}>
            {inline(node.children)}
          </span>
        );
    }
  });
}

function blocks(list: Block[]): ReactNode[] {
  return list.map((block, i) => {
    switch (block.type) {
      case 'paragraph':
        return (
          <p key={i} className={styles.paragraph}>
            {inline(block.children)}
          </p>
        );
      case 'heading':
        return (
          <p key={i} className={styles.heading} data-level={block.level}>
            {inline(block.children)}
          </p>
        );
      case 'quote':
        return (
          <blockquote key={i} className={styles.quote}>
            {blocks(block.children)}
          </blockquote>
        );
      case 'list': {
        const Tag = block.ordered ? 'ol' : 'ul';
        return (
          <Tag key={i} className={styles.list} start={block.ordered && block.start !== 1 ? block.start : undefined}>
            {block.items.map((item, n) => (
              <li key={n}>{blocks(item)}</li>
            ))}
          </Tag>
        );
      }
      case 'code':
        return (
          <pre key={i} className={styles.codeBlock}>
            <code>{block.text}</code>
          </pre>
        );
      case 'rule':
        return <hr key={i} className={styles.rule} />;
      case 'scene':
        return (
          <div key={i} className={styles.scene} data-style="scene">
            {blocks(block.children)}
          </div>
        );
      case 'styled':
        return (
          <p key={i} className={`${styles.paragraph} ${styles.styled}`}>
            {block.segments.map((segment, n) =>
              segment.kind === 'text' ? (
                <Fragment key={n}>{segment.text}</Fragment>
              ) : (
                <span key={n} className={styles[segment.kind]} data-style={segment.kind}>
                  {segment.text}
                </span>
              ),
            )}
          </p>
        );
      case 'omitted':
        return (
          <p key={i} className={styles.omitted}>
            … {block.chars.toLocaleString()} more characters not shown
          </p>
        );
    }
  });
}

/**
 * A message's text: markdown (bold, italic, strikethrough, lists, code, quotes, small headings,
 * links) with the roleplay styles (<scene>, <action>, "dialogue", *actions*). Drawn from the tree
 * core/chat/markdown makes, element by element from a fixed set: markup in a message (a <script>,
 * an <img>) shows as the characters it is. `streaming`: a reply still arriving, drawn as it will be
 * once complete.
 */
export function StyledText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const tree = useMemo(() => parseMessage(text, { partial: streaming }), [text, streaming]);
  return <>{blocks(tree)}</>;
}
