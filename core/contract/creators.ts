/** Creators' public pages (/@handle), their settings in Profile, and the age confirmation. */
import { Type, type Static } from 'typebox';
import * as routes from './routes';
import { PublicImagesResponse } from './cards';
import { LimitOffsetQuery, NullableString, StringEnum, type Endpoint } from './common';
import { PAGE_SIZES } from './constants';
import { UserProfile } from './users';
import { HANDLE_MAX_CHARS, MAX_BIO_CHARS } from '../creators/handle';

export const CreatorSettings = Type.Object(
  {
    /** As typed ('@' and capitals allowed): stored normalised, refused with the reason when unusable or taken. */
    handle: Type.String({ maxLength: HANDLE_MAX_CHARS + 10 }),
    bio: Type.String({ maxLength: MAX_BIO_CHARS * 4 }),
  },
  { additionalProperties: false },
);
export type CreatorSettings = Static<typeof CreatorSettings>;

export const ContentSettings = Type.Object(
  {
    /** true: the person confirms being 18 or older (kept with the time; it cannot be taken back here). */
    adult_confirmed: Type.Optional(Type.Literal(true)),
    /** Whether lists show NSFW cards too; only once confirmed adult. */
    show_nsfw: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ContentSettings = Static<typeof ContentSettings>;

/** What a creator page says of its person: nothing private (no e-mail, no name, no private card). */
export const CreatorPage = Type.Object({
  handle: Type.String(),
  avatar_url: NullableString(),
  bio: Type.String(),
  joined_at: Type.String(),
  /** Over their published cards. */
  totals: Type.Object({ cards: Type.Integer(), chats: Type.Integer(), likes: Type.Integer() }),
});
export type CreatorPage = Static<typeof CreatorPage>;

export const HandleParams = Type.Object({ handle: Type.String({ minLength: 1, maxLength: HANDLE_MAX_CHARS + 10 }) });

export const updateCreator = { ...routes.updateCreator, body: CreatorSettings, response: { 200: UserProfile } } satisfies Endpoint;
export const updateContent = { ...routes.updateContent, body: ContentSettings, response: { 200: UserProfile } } satisfies Endpoint;
export const creatorPage = { ...routes.creatorPage, params: HandleParams, response: { 200: CreatorPage } } satisfies Endpoint;
export const CreatorCardsQuery = Type.Object({
  ...LimitOffsetQuery(PAGE_SIZES.gallery).properties,
  nsfw: Type.Optional(StringEnum(['0', '1'])),
});
/** A creator's published cards, newest first. */
export const creatorCards = {
  ...routes.creatorCards,
  params: HandleParams,
  querystring: CreatorCardsQuery,
  response: { 200: PublicImagesResponse },
} satisfies Endpoint;
