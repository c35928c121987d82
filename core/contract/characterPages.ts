/** A character's page (/characters/{file_id}) as the API describes it. */
import { Type, type Static } from 'typebox';
import * as routes from './routes';
import { WholeCard } from './cards';
import { CardType, FileIdParams, NullableString, type Endpoint } from './common';
import { ContentRating, ReviewStatus } from './publishing';

export const CharacterPage = Type.Object({
  file_id: Type.String(),
  card_type: CardType,
  filename: Type.String(),
  /** The PNG (the private path needs the owner's token). */
  url: Type.String(),
  thumbnail_url: Type.String(),
  thumbnail_srcset: Type.String(),
  /** The whole card, as its creator wrote it. */
  card: WholeCard,
  /** Who shared it: their handle (a link to their page), else null and the card's own creator field says. */
  creator_handle: NullableString(),
  content_rating: ContentRating,
  stats: Type.Object({ chats: Type.Integer(), likes: Type.Integer(), views: Type.Integer(), downloads: Type.Integer() }),
  created_at: Type.String(),
  updated_at: Type.String(),
  published_at: NullableString(),
  is_owner: Type.Boolean(),
  /** Its owner only: where it stands on the way to the gallery. */
  review: Type.Optional(ReviewStatus),
});
export type CharacterPage = Static<typeof CharacterPage>;

/** Public cards for everyone (NSFW ones only for signed-in adults), private ones for their owner; counts a view. */
export const characterPage = { ...routes.characterPage, params: FileIdParams, response: { 200: CharacterPage } } satisfies Endpoint;
