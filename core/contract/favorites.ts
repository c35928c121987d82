/** Favorites of public cards. */
import { Type, type Static } from 'typebox';
import { CardType, FileIdParams, Id, IdParams, Page, StringList, SuccessResponse, type Endpoint } from './common';
import * as routes from './routes';
import { PAGE_SIZES } from './constants';

export const Favorite = Type.Object({
  id: Type.String(),
  file_id: Type.String(),
  image_type: CardType,
  character_name: Type.String(),
  character_description: Type.String(),
  tags: StringList,
  url: Type.String(),
  created_at: Type.String(),
});
export type Favorite = Static<typeof Favorite>;

export const FavoriteAddRequest = Type.Object({
  file_id: Id,
  image_type: Type.Optional(CardType),
  // Accepted for older clients, not stored: the favorite shows what the card says.
  character_name: Type.Optional(Type.String({ maxLength: 1000 })),
  character_description: Type.Optional(Type.String({ maxLength: 100_000 })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 200 })),
});
export type FavoriteAddRequest = Static<typeof FavoriteAddRequest>;

export const FavoriteAddResponse = Type.Object({
  success: Type.Literal(true),
  /** False when the favorite already existed (adding twice is harmless). */
  created: Type.Boolean(),
  message: Type.String(),
  data: Favorite,
});
export type FavoriteAddResponse = Static<typeof FavoriteAddResponse>;

export const FavoritesListQuery = Type.Object({
  page: Page,
  page_size: Type.Integer({ minimum: 1, maximum: 100, default: PAGE_SIZES.favorites }),
  image_type: Type.Optional(CardType),
});
export type FavoritesListQuery = Static<typeof FavoritesListQuery>;

export const FavoritesListResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Favorite),
  page: Type.Integer(),
  page_size: Type.Integer(),
  total: Type.Integer(),
  total_pages: Type.Integer(),
  has_next: Type.Boolean(),
  has_prev: Type.Boolean(),
});
export type FavoritesListResponse = Static<typeof FavoritesListResponse>;

export const FavoritesCountQuery = Type.Object({ image_type: Type.Optional(CardType) });
export const FavoritesCountResponse = Type.Object({ count: Type.Integer() });
export type FavoritesCountResponse = Static<typeof FavoritesCountResponse>;
export const FavoriteCheckResponse = Type.Object({ is_favorited: Type.Boolean() });
export type FavoriteCheckResponse = Static<typeof FavoriteCheckResponse>;

export const addFavorite = { ...routes.addFavorite, body: FavoriteAddRequest, response: { 200: FavoriteAddResponse } } satisfies Endpoint;
export const listFavorites = {
  ...routes.listFavorites,
  querystring: FavoritesListQuery,
  response: { 200: FavoritesListResponse },
} satisfies Endpoint;
export const countFavorites = {
  ...routes.countFavorites,
  querystring: FavoritesCountQuery,
  response: { 200: FavoritesCountResponse },
} satisfies Endpoint;
export const checkFavorite = { ...routes.checkFavorite, params: FileIdParams, response: { 200: FavoriteCheckResponse } } satisfies Endpoint;
/** `id` is the favorite's id or the card's file_id; both paths do the same. */
const removeFavoriteSchemas = { params: IdParams, response: { 200: SuccessResponse } };
export const removeFavorite = { ...routes.removeFavorite, ...removeFavoriteSchemas } satisfies Endpoint;
export const deleteFavorite = { ...routes.deleteFavorite, ...removeFavoriteSchemas } satisfies Endpoint;
