/** The character editor: a card's fields as it writes them, its save, and a portrait made for it. */
import { Type, type Static } from 'typebox';
import { UploadResponse } from './cards';
import { FileIdParams, StringList, type Endpoint } from './common';
import { MAX_EDIT_IMAGE_BYTES } from './constants';
import * as routes from './routes';

/**
 * A lorebook entry as the character editor writes it (Character Card V2/V3 `character_book.entries`).
 * Fields the editor does not show (`extensions`, `id`, `comment`, `priority`...) ride along.
 */
export const LorebookEntry = Type.Object(
  {
    keys: StringList,
    content: Type.String(),
    secondary_keys: Type.Optional(StringList),
    enabled: Type.Optional(Type.Boolean()),
    constant: Type.Optional(Type.Boolean()),
    selective: Type.Optional(Type.Boolean()),
    // SillyTavern writes null for "the book's default".
    case_sensitive: Type.Optional(Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] })),
    insertion_order: Type.Optional(Type.Number()),
    position: Type.Optional(Type.String()),
    extensions: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: true },
);

export const Lorebook = Type.Object({ entries: Type.Array(LorebookEntry) }, { additionalProperties: true });

/**
 * A card's V3 `data` as an edit sends it: the fields the editor writes are typed (a wrong type is a
 * 400 naming the field); every other field, and `extensions`' contents, are the card's own and kept.
 */
export const EditedCardData = Type.Object(
  {
    name: Type.String({ minLength: 1, pattern: '\\S' }),
    nickname: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    personality: Type.Optional(Type.String()),
    scenario: Type.Optional(Type.String()),
    first_mes: Type.Optional(Type.String()),
    mes_example: Type.Optional(Type.String()),
    creator_notes: Type.Optional(Type.String()),
    system_prompt: Type.Optional(Type.String()),
    post_history_instructions: Type.Optional(Type.String()),
    alternate_greetings: Type.Optional(StringList),
    group_only_greetings: Type.Optional(StringList),
    tags: Type.Optional(StringList),
    creator: Type.Optional(Type.String()),
    character_version: Type.Optional(Type.String()),
    extensions: Type.Optional(Type.Object({}, { additionalProperties: true })),
    character_book: Type.Optional(Lorebook),
    assets: Type.Optional(Type.Array(Type.Unknown())),
  },
  { additionalProperties: true },
);
export type EditedCardData = Static<typeof EditedCardData>;

/** Room in an edit's body for the card's JSON, beside its picture. */
const CARD_EDIT_JSON_ROOM = 4 * 1024 * 1024;
/** A new picture travels as a base64 data URL: 10 MB of PNG is about 13.4 MB of text. */
export const CARD_EDIT_BODY_LIMIT = Math.ceil((MAX_EDIT_IMAGE_BYTES * 4) / 3) + CARD_EDIT_JSON_ROOM;

/** PUT /api/upload/card/{file_id}: the character editor's save of one of the user's own cards. */
export const CardEdit = Type.Object(
  {
    data: EditedCardData,
    /** A new picture: `data:image/png;base64,...` (the editor converts and crops in the browser). Absent: the card keeps its own. */
    image: Type.Optional(Type.String({ maxLength: Math.ceil((MAX_EDIT_IMAGE_BYTES * 4) / 3) + 64 })),
    /** Administrators only: the card joins the public gallery. Absent or false: it stays as it is. */
    public_release: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CardEdit = Static<typeof CardEdit>;

/** POST /api/characters/photo: a portrait from the character's name and description, for the editor. */
export const CharacterPhotoRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    description: Type.String({ maxLength: 100_000 }),
  },
  { additionalProperties: false },
);
export type CharacterPhotoRequest = Static<typeof CharacterPhotoRequest>;

export const editCard = { ...routes.editCard, params: FileIdParams, body: CardEdit, response: { 200: UploadResponse } } satisfies Endpoint;
/** Answers the PNG's bytes. */
export const characterPhoto = { ...routes.characterPhoto, body: CharacterPhotoRequest, response: {} } satisfies Endpoint;
