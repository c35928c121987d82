/**
 * The prompt sent to the model for one reply, laid out as SillyTavern's default Chat Completion
 * preset lays it out, so cards behave as their authors tested them there:
 *
 *   system    main prompt (the card's system_prompt, `{{original}}` = the default, else the default)
 *   system    lorebook entries before the character
 *   system    the persona's description
 *   system    description · [personality wrapper] · [scenario wrapper]   (one message each)
 *   system    lorebook entries after the character
 *   system    the chat's pinned memories, one delimited block
 *   system    "[Example Chat]" + one example block                     (one message per block)
 *   system    "[Start a new Chat]"                                       (always)
 *   system    the chat's running summary of the history left out, "[Summary: …]"
 *   …         the history, with the author's-note slot (the lorebook's AN top, the chat's author's
 *             note, AN bottom), the character's note and lorebook entries @depth inserted at their
 *             depth and role
 *   system    post_history_instructions
 *   assistant the reply so far, when asked to continue it
 *
 * Budget (contextTokens − replyTokens): the card's own text (main prompt, lore before/after,
 * persona, fields, pinned memories, summary, post-history instructions, character's and author's notes) always goes in, within
 * CARD_BUDGET_SHARE, its longest parts cut first; the newest message always stays (cut only past
 * half the budget); then the history, newest to oldest, while it fits (SillyTavern fills history
 * before examples); then example blocks with what is left. Lorebook entries take at most
 * LORE_BUDGET_SHARE, the highest priority first. creator_notes never enter a prompt.
 */
import { MESSAGE_OVERHEAD_TOKENS, truncateToTokens } from '../tokens';
import { promptContext } from './context';
import { exampleLayout, exampleMessage } from './examples';
import { cost, fitTexts, total, TRUNCATION_MARKER } from './fit';
import { keptHistory } from './history';
import { injections, lorePart, noteIsDue, type PartDraft } from './inject';
import { memorySection } from '../memory/memories';
import { summarySection } from '../memory/summary';
import { promptLore } from './lore';
import { cardSections, MAX_INJECTION_DEPTH } from './sections';
import type { BuildPromptInput, BuiltPrompt, PromptMessage, PromptPart, PromptPartKind } from './types';

export const NEW_CHAT_MARKER = '[Start a new Chat]';
/**
 * The card's own text may take at most this share, so the conversation always has room; real cards
 * use a fraction of it.
 */
export const CARD_BUDGET_SHARE = 0.75;

class Assembly {
  readonly messages: PromptMessage[] = [];
  readonly parts: PromptPart[] = [];
  push(message: PromptMessage, parts: PartDraft[]): void {
    const index = this.messages.length;
    this.messages.push(message);
    this.parts.push(...parts.map((part) => ({ ...part, message: index })));
  }
  left(parts: PartDraft[]): void {
    this.parts.push(...parts.map((part) => ({ ...part, message: null })));
  }
}

export function buildPrompt(input: BuildPromptInput): BuiltPrompt {
  const { history } = input;
  const budget = input.contextTokens - input.replyTokens;
  const room = Number.isNaN(budget) ? 0 : Math.max(0, budget);
  // A placeholder is 6 to 8 characters and a token at most ~4: no text longer than this can matter.
  const context = promptContext(input, 8 * 4 * room + 64);
  const sections = cardSections(input.card, input.personaDescription, context);
  const filledHistory: (string | undefined)[] = [];
  const filled = (i: number) => (filledHistory[i] ??= context.fillMessage(history[i]!, i));
  const lore = promptLore(input, context, room, filled);

  const last = history.length - 1;
  const newest: PromptMessage[] =
    last < 0 ? [] : [{ role: history[last]!.role, content: truncateToTokens(filled(last), Math.floor(room / 2), TRUNCATION_MARKER) }];
  const continued: PromptMessage[] =
    input.continuation === undefined
      ? []
      : [{ role: 'assistant', content: context.fillMessage({ role: 'assistant', content: input.continuation }, history.length) }];
  const marker: PromptMessage = { role: 'system', content: NEW_CHAT_MARKER };
  const base = total(newest) + total(continued);
  const markerFits = base + cost(marker) <= room;

  // The card's own text, fitted together.
  const loreText = (position: 'before_char' | 'after_char') =>
    lore
      .at(position)
      .map((fired) => fired.content)
      .join('\n');
  const relative: [PromptPartKind, string][] = [
    ['main', sections.main],
    ['lore', loreText('before_char')],
    ['persona', sections.persona],
    ['description', sections.description],
    ['personality', sections.personality],
    ['scenario', sections.scenario],
    ['lore', loreText('after_char')],
    ['memory', memorySection(input.memories ?? [])],
  ];
  const chatNote = input.authorsNote;
  const noteDue = chatNote ? noteIsDue(chatNote.interval, history.filter((m) => m.role === 'user').length) : true;
  const authorsText = chatNote && noteDue ? context.fill(chatNote.text.trim()) : '';
  const summaryText = input.summary ? context.fill(summarySection({ text: input.summary, off: false })) : '';
  const texts = [...relative.map(([, text]) => text), sections.postHistory, sections.note.text, authorsText, summaryText];
  const cardRoom =
    Math.min(Math.floor(room * CARD_BUDGET_SHARE), room - base - (markerFits ? cost(marker) : 0)) -
    texts.filter((text) => text !== '').length * MESSAGE_OVERHEAD_TOKENS;
  const fitted = fitTexts(texts, cardRoom);
  const [postHistory, noteText, authorsFitted, summaryFitted] = fitted.slice(relative.length) as [string, string, string, string];

  const out = new Assembly();
  relative.forEach(([kind, original], i) => {
    const content = fitted[i]!;
    if (content === '') return;
    const message: PromptMessage = { role: 'system', content };
    const cut = content !== original;
    if (kind === 'lore') {
      const entries = lore.at(i === 1 ? 'before_char' : 'after_char');
      out.push(
        message,
        entries.map((fired) => lorePart(fired, cut)),
      );
    } else {
      const count = kind === 'memory' ? { count: input.memories?.filter((text) => text.trim()).length ?? 0 } : {};
      out.push(message, [{ kind, tokens: cost(message), ...count, ...(cut ? { cut } : {}) }]);
    }
  });
  const post: PromptMessage[] = postHistory ? [{ role: 'system', content: postHistory }] : [];
  const summary: PromptMessage[] = summaryFitted ? [{ role: 'system', content: summaryFitted }] : [];
  let used = total(out.messages) + base + total(post) + total(summary) + (markerFits ? cost(marker) : 0);

  const placedNote = chatNote && {
    text: authorsFitted,
    depth: Math.min(MAX_INJECTION_DEPTH, Math.max(0, Math.floor(chatNote.depth))),
    role: chatNote.role,
    active: noteDue,
  };
  const inserted = injections({ ...sections.note, text: noteText }, lore.placed, placedNote ?? null);
  const kept = keptHistory(history.length, newest, inserted, filled, room - used, (i) => history[i]!.role);
  used += kept.tokens;

  const blocks = exampleLayout(context.fields.mesExamples, lore.placed);
  let droppedExamples = 0;
  for (const block of blocks) {
    const message: PromptMessage = { role: 'system', content: exampleMessage(block.text) };
    if (used + cost(message) > room) {
      droppedExamples += 1;
      continue;
    }
    used += cost(message);
    out.push(message, [block.lore ? { ...lorePart(block.lore), tokens: cost(message) } : { kind: 'examples', tokens: cost(message) }]);
  }
  if (droppedExamples > 0) out.left([{ kind: 'examples', tokens: 0, dropped: droppedExamples }]);
  if (markerFits) out.push(marker, [{ kind: 'new_chat', tokens: cost(marker) }]);

  for (const message of summary)
    out.push(message, [{ kind: 'summary', tokens: cost(message), ...(message.content !== summaryText ? { cut: true } : {}) }]);
  if (kept.dropped > 0) out.left([{ kind: 'history', tokens: 0, dropped: kept.dropped }]);
  out.left(kept.leftOut);
  for (const item of kept.items) out.push(item.message, item.parts);
  for (const message of post)
    out.push(message, [
      { kind: 'post_history', tokens: cost(message), ...(message.content !== sections.postHistory ? { cut: true } : {}) },
    ]);
  for (const message of continued) out.push(message, [{ kind: 'continuation', tokens: cost(message) }]);

  return {
    messages: out.messages,
    estimatedTokens: used,
    droppedHistory: kept.dropped,
    droppedExamples,
    parts: out.parts,
    timedWorldInfo: lore.timed,
  };
}
