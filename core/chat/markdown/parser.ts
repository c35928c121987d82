/**
 * The markdown reader every message goes through: markdown-it (CommonMark, plus GFM's ~~strike~~),
 * with what a chat needs and nothing that could turn a message into markup:
 * - raw HTML is never parsed (`html: false`): `<script>` stays the characters it is;
 * - `<action>`/`</action>` are read as tokens (`rp_action`), paired later (tree.ts);
 * - a line break is a line break, as people type in a chat;
 * - indented code and tables are off: roleplay text is often indented, and pipes are common in it;
 * - links only to http(s) and mailto (markdown-it's check is replaced, not extended); bare
 *   addresses with a scheme become links;
 * - nesting stops at 20 levels, so 10,000 nested lists cost what 20 do.
 */
import MarkdownIt, { type MarkdownIt as Reader, type StateInline } from 'markdown-it';

const MAX_NESTING = 20;
const LINKABLE = /^(https?:|mailto:)/i;

/** `<action>` or `</action>`, in any case, at the reader's position. */
function actionTag(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  const ahead = state.src.slice(state.pos, state.pos + 9).toLowerCase();
  const closing = ahead.startsWith('</action>');
  if (!closing && !ahead.startsWith('<action>')) return false;
  const length = closing ? 9 : 8;
  if (!silent) {
    const token = state.push('rp_action', '', 0);
    token.meta = { closing };
    token.content = state.src.slice(state.pos, state.pos + length);
  }
  state.pos += length;
  return true;
}

function makeReader(): Reader {
  const md = new MarkdownIt('default', { html: false, linkify: true, breaks: true, typographer: false, maxNesting: MAX_NESTING });
  md.disable(['code', 'table']);
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
  md.validateLink = (url) => LINKABLE.test(url.trim());
  md.inline.ruler.before('autolink', 'rp_action', actionTag);
  return md;
}

let reader: Reader | undefined;

/** The one reader, made on first use (so importing this module costs nothing until a message is drawn). */
export function markdownReader(): Reader {
  reader ??= makeReader();
  return reader;
}
