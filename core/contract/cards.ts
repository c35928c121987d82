/** Cards: uploads, the gallery, collections, card data and characters. */
import { Type, type Static } from 'typebox';
import {
  CardType,
  FileIdParams,
  Id,
  IdParams,
  LimitOffsetQuery,
  NullableString,
  StringEnum,
  StringList,
  SuccessResponse,
  type Endpoint,
} from './common';
import * as routes from './routes';
import { GALLERY_SORTS, MAX_FILTER_TAGS, PAGE_SIZES, THUMBNAIL_WIDTHS } from './constants';
import { MAX_TAG_CHARS } from '../tags';

/** The card fields lists carry (collection items and gallery entries). */
export const CardSummaryData = Type.Object({
  name: Type.String(),
  description: Type.String(),
  personality: Type.String(),
  scenario: Type.String(),
  first_mes: Type.String(),
  creator: Type.String(),
  tags: StringList,
});
export const CardSummary = Type.Object({ spec_version: Type.String(), data: CardSummaryData });
export type CardSummary = Static<typeof CardSummary>;

/** A whole normalised card (core/card's Card): its fields are the card author's, passed through as they are. */
export const WholeCard = Type.Unsafe<{ spec: string; spec_version: string; data: Record<string, unknown> } & Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
});
export type WholeCard = Static<typeof WholeCard>;

const ImageFields = {
  file_id: Type.String(),
  title: Type.String(),
  display_title: Type.String(),
  filename: Type.String(),
  /** The PNG: /api/upload/image/{id} when public, /api/upload/image/user/{id} (Bearer) when private. */
  url: Type.String(),
  thumbnail_url: Type.String(),
  /** `<url> 240w, <url> 480w` for <img srcset>. */
  thumbnail_srcset: Type.String(),
  upload_time: Type.String(),
  favorite_count: Type.Integer(),
  card_data: CardSummary,
  /** Chats started with the card, by anyone. */
  chat_count: Type.Integer(),
  /** The handle of the person who shared it (its creator page, /@handle); null when they have none. */
  creator_handle: NullableString(),
  content_rating: StringEnum(['sfw', 'nsfw']),
};

/** A gallery entry (GET /api/upload/image). */
export const PublicImage = Type.Object(ImageFields);
export type PublicImage = Static<typeof PublicImage>;

/** One of the user's uploads (GET /api/collections, POST /api/upload/image). */
export const CollectionItem = Type.Object({
  ...ImageFields,
  file_size: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** Reduced width:height, e.g. '2:3'. */
  aspect_ratio: Type.String(),
  /** 1 = public, 0 = private. */
  is_public: Type.Integer(),
  view_count: Type.Integer(),
  download_count: Type.Integer(),
  /** Where the card stands on its way to the public gallery (publishing.ts ReviewStatus). */
  review: Type.Object({
    state: StringEnum(['private', 'submitted', 'published', 'rejected']),
    note: NullableString(),
    changes: Type.Unsafe<'submitted' | 'rejected' | null>({ type: ['string', 'null'], enum: ['submitted', 'rejected', null] }),
    changes_note: NullableString(),
  }),
});
export type CollectionItem = Static<typeof CollectionItem>;

export const UploadResponse = Type.Object({ success: Type.Literal(true), message: Type.String(), data: CollectionItem });
export type UploadResponse = Static<typeof UploadResponse>;

export const GalleryQuery = Type.Object({
  ...LimitOffsetQuery(PAGE_SIZES.gallery).properties,
  q: Type.Optional(Type.String({ maxLength: 200, pattern: '^[^\\x00]*$' })),
  /** Absent: the first of GALLERY_SORTS (Trending). */
  sort: Type.Optional(StringEnum(GALLERY_SORTS)),
  /** Cards with every one of these tags (repeat the parameter: `tag=a&tag=b`). */
  tag: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: MAX_TAG_CHARS * 4 }), { maxItems: MAX_FILTER_TAGS })),
  /** '1': NSFW cards too, for a signed-in person who confirmed being 18 or older and chose to see them; ignored for anyone else. */
  nsfw: Type.Optional(StringEnum(['0', '1'])),
});
export type GalleryQuery = Static<typeof GalleryQuery>;

export const PublicImagesResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(PublicImage),
  /**
   * How many cards match: the whole gallery (or a creator's cards) counted up to 1,000; a search or a
   * tag filter only as far as this page went (the cards up to it, plus one when more follow), exact
   * once `has_more` is false.
   */
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  /** Whether a page after this one has cards. */
  has_more: Type.Boolean(),
});
export type PublicImagesResponse = Static<typeof PublicImagesResponse>;

export const CollectionsQuery = LimitOffsetQuery(PAGE_SIZES.collections);
export type CollectionsQuery = Static<typeof CollectionsQuery>;

export const CollectionsResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(CollectionItem),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  has_next: Type.Boolean(),
  has_prev: Type.Boolean(),
});
export type CollectionsResponse = Static<typeof CollectionsResponse>;

export const CardTagsResponse = Type.Object({
  tags: StringList,
  description: Type.String(),
  personality: Type.String(),
  scenario: Type.String(),
  first_mes: Type.String(),
  card_name: Type.String(),
});
export type CardTagsResponse = Static<typeof CardTagsResponse>;

/** A card as a character to chat with (GET /api/characters). */
export const ChatCharacter = Type.Object({
  id: Type.String(),
  name: Type.String(),
  avatar_url: Type.String(),
  tags: StringList,
  card_type: CardType,
  description: Type.String(),
  personality: Type.String(),
  scenario: Type.String(),
  first_mes: Type.String(),
  card_data: Type.Object({ data: CardSummaryData }),
  /** The user's most recent chat with this card, or null. */
  chat_id: NullableString(),
});
export type ChatCharacter = Static<typeof ChatCharacter>;

export const ChatCharactersResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(ChatCharacter) });
export type ChatCharactersResponse = Static<typeof ChatCharactersResponse>;

/** GET /api/characters/{file_id}: card_data is the whole normalised card. */
export const CharacterDetails = Type.Object({
  file_id: Type.String(),
  filename: Type.String(),
  url: Type.String(),
  display_title: Type.String(),
  tags: StringList,
  card_type: CardType,
  card_data: WholeCard,
});
export type CharacterDetails = Static<typeof CharacterDetails>;

/** `?download=1` (or true) asks for the file as an attachment, and counts a download. */
export const DownloadQuery = Type.Object({ download: Type.Optional(StringEnum(['0', '1', 'true', 'false'])) });
export const OwnImageQuery = Type.Object({
  ...DownloadQuery.properties,
  // What older clients send; identity comes from the token only.
  user_id: Type.Optional(Type.String()),
  user_email: Type.Optional(Type.String()),
});

/** The formats a card is given out in besides its PNG: the V3 .json, and the .charx with its assets. */
export const CardExportFormat = StringEnum(['json', 'charx']);
export type CardExportFormat = Static<typeof CardExportFormat>;
export const CardExportParams = Type.Object({ file_id: Id, format: CardExportFormat });

export const ThumbnailParams = Type.Object({
  file_id: Id,
  width: Type.Unsafe<(typeof THUMBNAIL_WIDTHS)[number]>({ type: 'integer', enum: [...THUMBNAIL_WIDTHS] }),
});
export const CardTagsParams = Type.Object({ scope: CardType, file_id: Id });

export const upload = { ...routes.upload, response: { 200: UploadResponse } } satisfies Endpoint;
export const gallery = { ...routes.gallery, querystring: GalleryQuery, response: { 200: PublicImagesResponse } } satisfies Endpoint;
/** The PNG files and thumbnails answer bytes, not JSON. */
export const publicImageFile = {
  ...routes.publicImageFile,
  params: FileIdParams,
  querystring: DownloadQuery,
  response: {},
} satisfies Endpoint;
export const ownImageFile = { ...routes.ownImageFile, params: FileIdParams, querystring: OwnImageQuery, response: {} } satisfies Endpoint;
/** 'Download as .json (V3)' / 'Download as .charx': the file's bytes. */
export const cardExport = { ...routes.cardExport, params: CardExportParams, response: {} } satisfies Endpoint;
export const thumbnail = { ...routes.thumbnail, params: ThumbnailParams, response: {} } satisfies Endpoint;
export const cardTags = { ...routes.cardTags, params: CardTagsParams, response: { 200: CardTagsResponse } } satisfies Endpoint;
export const cardJson = { ...routes.cardJson, params: FileIdParams, response: { 200: WholeCard } } satisfies Endpoint;
/** The owner deletes one of their cards; an administrator deletes a public one (the fallback on 404). */
const deleteImage = { params: IdParams, response: { 200: SuccessResponse } };
export const deleteUserImage = { ...routes.deleteUserImage, ...deleteImage } satisfies Endpoint;
export const deletePublicImage = { ...routes.deletePublicImage, ...deleteImage } satisfies Endpoint;
export const collections = {
  ...routes.collections,
  querystring: CollectionsQuery,
  response: { 200: CollectionsResponse },
} satisfies Endpoint;
export const chatCharacters = { ...routes.chatCharacters, response: { 200: ChatCharactersResponse } } satisfies Endpoint;
export const characterDetails = {
  ...routes.characterDetails,
  params: FileIdParams,
  response: { 200: CharacterDetails },
} satisfies Endpoint;

export const PopularTags = Type.Object({ tags: Type.Array(Type.Object({ tag: Type.String(), count: Type.Integer() })) });
export type PopularTags = Static<typeof PopularTags>;
/** The gallery's most used tags, for Home's chips. */
export const popularTags = {
  ...routes.popularTags,
  querystring: Type.Object({ nsfw: Type.Optional(StringEnum(['0', '1'])) }),
  response: { 200: PopularTags },
} satisfies Endpoint;
