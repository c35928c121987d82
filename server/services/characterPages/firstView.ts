/**
 * A public card's page as the server draws it into the app's shell, so a shared link shows the
 * character before the app's code has arrived on a slow phone: the portrait and the name (and the
 * creator) as plain HTML inside the app's root, laid out by the same rules as the app's page
 * (src/styles/characterLayout.css), and the page's data as JSON the app reads instead of fetching
 * it. Every value is escaped: card text stays text in the HTML and cannot end the JSON's script.
 * An NSFW card gets none of it (a visitor may not see it).
 */
import type { CharacterPage } from '@core/contract';
import { findImage } from '../../db/repositories/images';
import type { ServiceContext } from '../context';
import { pageOf } from './page';
import { escapeHtml, previewHead, type PreviewHead } from './previewHead';

/** The id of the script holding the page's data (src/features/character/inlinedPage.ts reads it). */
export const PAGE_DATA_ID = 'character-page-data';

/**
 * What a character page's shell carries: a public card's preview and, unless it is NSFW, its page as
 * a visitor sees it (counting no view: the app's own read of the page counts it). Null for a card
 * that is not public or not there.
 */
export async function characterShell(
  ctx: ServiceContext,
  fileId: string,
  publicUrl: string,
): Promise<{ head: PreviewHead; page: CharacterPage | null } | null> {
  const image = await findImage(ctx.db, fileId);
  if (!image || image.is_public !== 1) return null;
  return { head: previewHead(image, publicUrl), page: image.content_rating === 'nsfw' ? null : await pageOf(ctx, image, false) };
}

/** The name the app's page shows: the card's, else its file name. */
export function pageName(page: CharacterPage): string {
  const name = (page.card.data as Record<string, unknown>).name;
  return (typeof name === 'string' ? name : '') || page.filename;
}

/** JSON safe inside a <script>: no '<' (so no '</script>' or '<!--'), and no line separators old parsers reject. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function creatorLine(page: CharacterPage): string {
  const creator = (page.card.data as Record<string, unknown>).creator;
  const by = page.creator_handle ? `@${page.creator_handle}` : typeof creator === 'string' ? creator.trim() : '';
  return by ? `<p class="first-view-creator">by ${escapeHtml(by)}</p>` : '';
}

/** The shell with the page's first view in its root and its data beside it. */
export function withFirstView(shell: string, page: CharacterPage): string {
  const name = escapeHtml(pageName(page));
  const view = [
    '<div class="first-view" data-first-view>',
    '<div class="first-view-sidebar"></div>',
    '<div class="first-view-column"><div class="first-view-bar"></div>',
    '<article class="character-page" aria-labelledby="character-name"><div class="character-top"><header class="character-hero">',
    `<div class="character-portrait"><img src="${escapeHtml(page.thumbnail_url)}" alt="Portrait of ${name}" width="480" height="720" fetchpriority="high" /></div>`,
    `<div class="character-heading"><h1 id="character-name" class="character-name">${name}</h1>${creatorLine(page)}</div>`,
    '</header></div></article></div></div>',
  ].join('');
  const data = `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page)}</script>`;
  return shell.replace('<div id="root"></div>', () => `<div id="root">${view}</div>\n    ${data}`);
}
