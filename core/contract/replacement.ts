/** Character replacement: a paid plan's new picture for one of its cards (docs/PRODUCT.md, Screens: Change Character). */
import { Type, type Static } from 'typebox';
import { CollectionItem } from './cards';
import { Id, IdParams, type Endpoint } from './common';
import * as routes from './routes';

/** The replacement image: JPG, PNG, GIF or WebP, under 10 MB. */
export const MAX_REPLACEMENT_BYTES = 10 * 1024 * 1024;

/** The new image travels as a base64 data URL inside JSON: 10 MB of image is about 13.4 MB of text. */
export const REPLACE_BODY_LIMIT = Math.ceil((MAX_REPLACEMENT_BYTES * 4) / 3) + 64 * 1024;

/** What the change-character dialog sends. */
export const ReplaceRequest = Type.Object({
  original_file_id: Id,
  /** A data URL: data:image/(png|jpeg|gif|webp);base64,... */
  new_image: Type.String({ maxLength: REPLACE_BODY_LIMIT }),
  new_name: Type.Optional(Type.String({ maxLength: 200 })),
  creator_name: Type.Optional(Type.String({ maxLength: 200 })),
  is_public_image: Type.Optional(Type.Boolean()),
  /** Move the user's chats with the original to the new card first. */
  update_chat_links: Type.Optional(Type.Boolean()),
  /**
   * The user was told the card's embedded assets can't be kept with this picture (409
   * assets_not_kept) and saves without them.
   */
  drop_assets: Type.Optional(Type.Boolean()),
});
export type ReplaceRequest = Static<typeof ReplaceRequest>;

export const ReplaceResult = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  data: CollectionItem,
  /** The user's own original was deleted (its slot went to the new card). */
  original_deleted: Type.Boolean(),
  /** The original was a favorited public card; that favorite was removed. */
  favorite_removed: Type.Boolean(),
});
export type ReplaceResult = Static<typeof ReplaceResult>;

export const CharacterUsageResponse = Type.Object({ has_chats: Type.Boolean(), chat_count: Type.Integer(), character_name: Type.String() });
export type CharacterUsageResponse = Static<typeof CharacterUsageResponse>;

export const DeleteCharacterChatsResponse = Type.Object({ success: Type.Literal(true), deleted: Type.Integer() });
export type DeleteCharacterChatsResponse = Static<typeof DeleteCharacterChatsResponse>;

export const replace = { ...routes.replace, body: ReplaceRequest, response: { 200: ReplaceResult } } satisfies Endpoint;
export const characterUsage = { ...routes.characterUsage, params: IdParams, response: { 200: CharacterUsageResponse } } satisfies Endpoint;
export const deleteCharacterChats = {
  ...routes.deleteCharacterChats,
  params: IdParams,
  response: { 200: DeleteCharacterChatsResponse },
} satisfies Endpoint;
