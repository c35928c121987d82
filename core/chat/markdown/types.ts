/**
 * A message's text as the chat shows it: markdown and the roleplay styles in one tree of our own,
 * made only of the kinds below. Renderers (the PWA's React one, the plain-text export) draw these
 * kinds and nothing else, so nothing in a message can become markup, script or a request.
 */
import type { StyledSegment } from '../styledText';

/** Inline spans that hold others: markdown's, and the roleplay styles (actions, dialogue). */
export type SpanKind = 'emphasis' | 'strong' | 'strike' | 'action' | 'dialogue';

export type Inline =
  | { type: 'text'; text: string }
  /** A line break the author typed. */
  | { type: 'break' }
  | { type: 'code'; text: string }
  | { type: SpanKind; children: Inline[] }
  /** Only http(s) and mailto addresses become links. */
  | { type: 'link'; href: string; children: Inline[] }
  /** A picture named by the message: never loaded until the reader asks for it. */
  | { type: 'image'; src: string; alt: string };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  /** Shown as a small bold line, never as one of the page's headings. */
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'code'; text: string; language: string }
  | { type: 'rule' }
  /** `<scene>…</scene>`: a framed piece of narration. */
  | { type: 'scene'; children: Block[] }
  /** Text past what markdown reads of one message: the roleplay styles only, in one linear pass. */
  | { type: 'styled'; segments: StyledSegment[] }
  /** Text past what is shown at all: how many characters are left out. */
  | { type: 'omitted'; chars: number };

export type InlineContainer = Extract<Inline, { children: Inline[] }>;
/** The spans of SpanKind, one node type for all of them. */
export type Span = Extract<Inline, { type: SpanKind }>;
