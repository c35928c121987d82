/** JSON schemas shared by the card routes (images, collections, characters, favorites). */

/** Ids are UUIDs made by the server; anything else (NUL bytes, slashes...) is refused before a query sees it. */
export const idString = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' } as const;

export const fileIdParams = {
  type: 'object',
  required: ['file_id'],
  properties: { file_id: idString },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: idString },
} as const;

const stringList = { type: 'array', items: { type: 'string' } } as const;

export const cardSummarySchema = {
  type: 'object',
  properties: {
    spec_version: { type: 'string' },
    data: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        description: { type: 'string' },
        personality: { type: 'string' },
        scenario: { type: 'string' },
        first_mes: { type: 'string' },
        creator: { type: 'string' },
        tags: stringList,
      },
    },
  },
} as const;

/** A whole card: its fields are the card author's, so they are passed through as they are. */
export const cardSchema = { type: 'object', additionalProperties: true } as const;

export const collectionItemSchema = {
  type: 'object',
  properties: {
    file_id: { type: 'string' },
    display_title: { type: 'string' },
    title: { type: 'string' },
    filename: { type: 'string' },
    url: { type: 'string' },
    thumbnail_url: { type: 'string' },
    thumbnail_srcset: { type: 'string' },
    upload_time: { type: 'string' },
    file_size: { type: 'integer' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    aspect_ratio: { type: 'string' },
    is_public: { type: 'integer' },
    view_count: { type: 'integer' },
    download_count: { type: 'integer' },
    favorite_count: { type: 'integer' },
    card_data: cardSummarySchema,
  },
} as const;

export const publicImageSchema = {
  type: 'object',
  properties: {
    file_id: { type: 'string' },
    title: { type: 'string' },
    display_title: { type: 'string' },
    filename: { type: 'string' },
    url: { type: 'string' },
    thumbnail_url: { type: 'string' },
    thumbnail_srcset: { type: 'string' },
    upload_time: { type: 'string' },
    favorite_count: { type: 'integer' },
    card_data: cardSummarySchema,
  },
} as const;

export const favoriteSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    file_id: { type: 'string' },
    image_type: { type: 'string' },
    character_name: { type: 'string' },
    character_description: { type: 'string' },
    tags: stringList,
    url: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;

export const successSchema = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
} as const;

export const limitOffsetQuery = (defaultLimit: number) =>
  ({
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: 100, default: defaultLimit },
      offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    },
  }) as const;

export const cardTagsSchema = {
  type: 'object',
  properties: {
    tags: stringList,
    description: { type: 'string' },
    personality: { type: 'string' },
    scenario: { type: 'string' },
    first_mes: { type: 'string' },
    card_name: { type: 'string' },
  },
} as const;

export const chatCharacterSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    avatar_url: { type: 'string' },
    tags: stringList,
    card_type: { type: 'string' },
    description: { type: 'string' },
    personality: { type: 'string' },
    scenario: { type: 'string' },
    first_mes: { type: 'string' },
    card_data: { type: 'object', properties: { data: cardSummarySchema.properties.data } },
    chat_id: { type: ['string', 'null'] },
  },
} as const;

export const characterDetailsSchema = {
  type: 'object',
  properties: {
    file_id: { type: 'string' },
    filename: { type: 'string' },
    url: { type: 'string' },
    display_title: { type: 'string' },
    tags: stringList,
    card_type: { type: 'string' },
    card_data: cardSchema,
  },
} as const;
