/**
 * Personas: who the user is in a chat (a name for {{user}}, a description for the prompt, an
 * optional avatar). A chat names one in `persona_id`; without one the user's profile name is used.
 */
import { Type, type Static } from 'typebox';
import { IdParams, NullableString, type Endpoint } from './common';
import * as routes from './routes';
import { PERSONA_LIMITS } from './constants';

export const Persona = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** GET it with the Bearer token (it is the user's own); it changes whenever the picture does. Null without one. */
  avatar_url: NullableString(),
  /** The user's chats that speak as this persona (they fall back to the profile name when it is deleted). */
  chat_count: Type.Integer(),
  /** New chats start as this persona (at most one is). */
  is_default: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Persona = Static<typeof Persona>;

/** A data URL (`data:image/png;base64,...`, PNG, JPEG, WebP or GIF) of at most PERSONA_LIMITS.avatarBytes. */
const AVATAR_DATA_URL_CHARS = Math.ceil((PERSONA_LIMITS.avatarBytes * 4) / 3) + 64;

/** The JSON body a persona with an avatar makes: the data URL's base64 plus the texts. */
export const PERSONA_BODY_LIMIT = Math.ceil((PERSONA_LIMITS.avatarBytes * 4) / 3) + 64 * 1024;

const Name = Type.String({ minLength: 1, maxLength: PERSONA_LIMITS.nameChars });
const Description = Type.String({ maxLength: PERSONA_LIMITS.descriptionChars });

export const PersonaCreate = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    avatar: Type.Optional(Type.String({ maxLength: AVATAR_DATA_URL_CHARS })),
    /** true: new chats start as this persona (the previous default stops being it). */
    is_default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PersonaCreate = Static<typeof PersonaCreate>;

/** Only the fields sent change; `avatar: null` removes the picture. */
export const PersonaUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    avatar: Type.Optional(NullableString({ maxLength: AVATAR_DATA_URL_CHARS })),
    /** true: new chats start as this persona (the previous default stops being it); false: as the profile name. */
    is_default: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PersonaUpdate = Static<typeof PersonaUpdate>;

export const PersonaList = Type.Object({
  success: Type.Literal(true),
  /** Oldest first, as they were made. */
  data: Type.Array(Persona),
  /** How many personas one person may keep. */
  limit: Type.Integer(),
});
export type PersonaList = Static<typeof PersonaList>;

export const PersonaDeleted = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** The chats that spoke as it and now use the profile name. */
  chats_reset: Type.Integer(),
});
export type PersonaDeleted = Static<typeof PersonaDeleted>;

export const listPersonas = { ...routes.listPersonas, response: { 200: PersonaList } } satisfies Endpoint;
export const createPersona = { ...routes.createPersona, body: PersonaCreate, response: { 201: Persona } } satisfies Endpoint;
export const updatePersona = {
  ...routes.updatePersona,
  params: IdParams,
  body: PersonaUpdate,
  response: { 200: Persona },
} satisfies Endpoint;
export const deletePersona = { ...routes.deletePersona, params: IdParams, response: { 200: PersonaDeleted } } satisfies Endpoint;
/** Answers the WebP. */
export const personaAvatar = { ...routes.personaAvatar, params: IdParams, response: {} } satisfies Endpoint;
