/**
 * The head a public character's page is served with (GET /characters/{file_id}), so a link shared in
 * a chat app or on social media previews as the character: title, description and portrait as Open
 * Graph and Twitter card tags. Every value is the card author's text, escaped for HTML. A private
 * card has no preview (its page answers 404 like its API); an NSFW card's says only its name.
 */
import { characterDisplayName, fillPlaceholders, type Card } from '@core/card/index';
import { THUMBNAIL_WIDTHS, thumbnailUrl } from '@core/contract/constants';
import type { Image } from '../../db/schema';
import { thumbnailRevision } from '../images/presentation';

export interface PreviewHead {
  title: string;
  description: string;
  /** Absolute; none for an NSFW card. */
  image: string | null;
  url: string;
}

const DESCRIPTION_CHARS = 200;
export const NSFW_PREVIEW = 'A character for adults on cardchat. Sign in to see it.';

function shortText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** The preview of a public card (`image.is_public`). */
export function previewHead(image: Image, publicUrl: string): PreviewHead {
  const origin = publicUrl.replace(/\/+$/, '');
  const card = JSON.parse(image.card_json) as Card;
  const name = characterDisplayName(card) || image.card_name;
  const url = `${origin}/characters/${encodeURIComponent(image.id)}`;
  if (image.content_rating === 'nsfw') return { title: `${name} (NSFW) · cardchat`, description: NSFW_PREVIEW, image: null, url };
  const text = card.data.description || card.data.scenario || card.data.personality || '';
  const description = text.trim()
    ? shortText(fillPlaceholders(text, { char: name, user: 'you' }), DESCRIPTION_CHARS)
    : `Chat with ${name} on cardchat.`;
  return {
    title: `${name} · cardchat`,
    description,
    image: `${origin}${thumbnailUrl(image.id, THUMBNAIL_WIDTHS[1], thumbnailRevision(image))}`,
    url,
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The app's shell with the preview's title, description and tags in its head. */
export function withPreviewHead(shell: string, head: PreviewHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', 'cardchat'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...(head.image
      ? [meta('property', 'og:image', head.image), meta('property', 'og:image:width', '480'), meta('property', 'og:image:height', '720')]
      : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(head.image ? [meta('name', 'twitter:image', head.image)] : []),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
  ];
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => meta('name', 'description', head.description))
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
