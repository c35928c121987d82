/** Lists and card data: the gallery, collections, a card's tags and JSON, characters. */
import type {
  CardTagsResponse,
  CharacterDetails,
  ChatCharactersResponse,
  CollectionsQuery,
  CollectionsResponse,
  WholeCard,
} from '@core/contract';
import { latestChatPerImage } from '../../db/repositories/chats';
import type { Card } from '@core/card/index';
import { listOwnerImages } from '../../db/repositories/images';
import { findRevision } from '../../db/repositories/publishing';
import { countOnce } from '../cardHits';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { readableImage, scopedImage } from './access';
import { cardOf, cardTypeOf, chatCharacterOf, collectionItemOf, imageUrl, tagsOf } from './presentation';

/** GET /api/characters returns at most this many of the user's cards. */
const USER_CHARACTERS_LIMIT = 1000;

export async function collectionPage(ctx: ServiceContext, user: RequestUser, query: CollectionsQuery): Promise<CollectionsResponse> {
  const { rows, total } = await listOwnerImages(ctx.db, user.id, query);
  return {
    success: true,
    // The user's own cards: their handle is the user's.
    data: rows.map((row) => collectionItemOf({ ...row, creator_handle: user.handle })),
    total,
    limit: query.limit,
    offset: query.offset,
    has_next: query.offset + rows.length < total,
    has_prev: query.offset > 0,
  };
}

/** Every card the user uploaded, as characters to chat with (newest first). */
export async function userCharacters(ctx: ServiceContext, user: RequestUser): Promise<ChatCharactersResponse> {
  const { rows } = await listOwnerImages(ctx.db, user.id, { limit: USER_CHARACTERS_LIMIT, offset: 0 });
  const chats = await latestChatPerImage(
    ctx.db,
    user.id,
    rows.map((image) => image.id),
  );
  return { success: true, data: rows.map((image) => chatCharacterOf(image, chats.get(image.id) ?? null)) };
}

/** Character details by file id; counts a view, once a day per `viewer` (cardHits.ts). */
export async function characterDetails(
  ctx: ServiceContext,
  id: string,
  user: RequestUser | null,
  viewer: string,
): Promise<CharacterDetails> {
  const image = await readableImage(ctx, id, user);
  await countOnce(ctx.db, image.id, 'view', viewer);
  return {
    file_id: image.id,
    filename: image.filename,
    url: imageUrl(image),
    display_title: image.display_title,
    tags: tagsOf(image),
    card_type: cardTypeOf(image),
    card_data: cardOf(image),
  };
}

/** The whole card; to its owner, an edit of theirs waiting for review (or rejected) rather than the published version: that is what they edit. */
export async function cardJson(ctx: ServiceContext, id: string, user: RequestUser | null): Promise<WholeCard> {
  const image = await readableImage(ctx, id, user);
  const revision = image.owner_id === user?.id ? await findRevision(ctx.db, image.id) : undefined;
  return cardOf(revision ?? image);
}

export async function cardTags(
  ctx: ServiceContext,
  scope: 'public' | 'user',
  id: string,
  user: RequestUser | null,
): Promise<CardTagsResponse> {
  const image = await scopedImage(ctx, scope, id, user);
  // One card: its whole text, as the card endpoint sends it.
  const { data } = JSON.parse(image.card_json) as Pick<Card, 'data'>;
  return {
    tags: tagsOf(image),
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    card_name: image.card_name,
  };
}
