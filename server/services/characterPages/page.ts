/**
 * A character's page (GET /api/character-pages/{file_id}): the whole card and what is known about it
 * (its creator, counts, dates), for everyone when public, for its owner when private (else 404 like
 * any card of another's). An NSFW card is shown to signed-in adults only; its owner always sees it.
 */
import type { CharacterPage } from '@core/contract';
import { THUMBNAIL_WIDTHS, thumbnailUrl } from '@core/contract/constants';
import { findUserById } from '../../db/repositories/creators';
import type { Image } from '../../db/schema';
import { AppError } from '../../errors';
import { countOnce } from '../cardHits';
import type { ServiceContext } from '../context';
import { isAdult } from '../discovery';
import { readableImage } from '../images/access';
import { cardOf, cardTypeOf, imageUrl, publicImageOf, thumbnailRevision } from '../images/presentation';
import { ownReviewStatus } from '../publishing/review';
import type { RequestUser } from '../users';

export const MESSAGE_ADULTS_ONLY = 'This character is for adults. Sign in and confirm in Profile that you are 18 or older to see it.';

export async function characterPage(ctx: ServiceContext, fileId: string, user: RequestUser | null, viewer: string): Promise<CharacterPage> {
  const image = await readableImage(ctx, fileId, user);
  const isOwner = image.owner_id === user?.id;
  if (image.content_rating === 'nsfw' && !isOwner && !isAdult(user)) throw new AppError(403, 'adults_only', MESSAGE_ADULTS_ONLY);
  await countOnce(ctx.db, image.id, 'view', viewer);
  return {
    ...(await pageOf(ctx, image, isOwner)),
    ...(isOwner ? { review: await ownReviewStatus(ctx, image) } : {}),
  };
}

/** What the page shows of a card the reader may see (its owner's review status aside); counts nothing. */
export async function pageOf(ctx: ServiceContext, image: Image, isOwner: boolean): Promise<CharacterPage> {
  const owner = await findUserById(ctx.db, image.owner_id);
  const listed = publicImageOf(image);
  return {
    file_id: image.id,
    card_type: cardTypeOf(image),
    filename: image.filename,
    url: imageUrl(image),
    thumbnail_url: thumbnailUrl(image.id, THUMBNAIL_WIDTHS[1], thumbnailRevision(image)),
    thumbnail_srcset: listed.thumbnail_srcset,
    card: cardOf(image),
    creator_handle: owner?.handle ?? null,
    content_rating: image.content_rating,
    stats: { chats: image.chat_count, likes: image.favorite_count, views: image.view_count, downloads: image.download_count },
    created_at: image.created_at,
    updated_at: image.updated_at,
    published_at: image.published_at,
    is_owner: isOwner,
  };
}
