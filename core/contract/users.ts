/** The deployment (health, configuration) and the signed-in user (profile, plan). */
import { Type, type Static } from 'typebox';
import { ApiErrorBody, NullableString, StringEnum, type Endpoint } from './common';
import * as routes from './routes';

/** A stored plan value: one of PLAN_IDS, 'normal' being the free tier; an older or hand-set value passes through. */
export const PlanName = Type.String();
export type PlanName = Static<typeof PlanName>;

export const UserProfile = Type.Object({
  email: NullableString(),
  name: NullableString(),
  picture: NullableString(),
  /** Our own id for the user. */
  uid: Type.String(),
  /** The identity provider's subject. */
  sub: Type.String(),
  plan: PlanName,
  is_admin: Type.Boolean(),
  // The server always sends these four; a profile cached on a device before they existed lacks them.
  /** Their creator page's handle (/@handle), or null; and its bio. */
  handle: Type.Optional(NullableString()),
  bio: Type.Optional(Type.String()),
  /** They confirmed being 18 or older, and whether they chose to see NSFW cards. */
  adult_confirmed: Type.Optional(Type.Boolean()),
  show_nsfw: Type.Optional(Type.Boolean()),
});
export type UserProfile = Static<typeof UserProfile>;

export const ProfileUpdate = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    picture: Type.Optional(NullableString({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const HealthResponse = Type.Object({
  /** 'degraded': reads work but writes cannot (a full disk), with the reason. */
  status: StringEnum(['ok', 'degraded']),
  reason: Type.Optional(Type.Object({ error: Type.String(), message: Type.String(), free_bytes: Type.Optional(Type.Number()) })),
  database: StringEnum(['sqlite', 'postgres']),
  blobs: StringEnum(['files', 's3']),
  ai: StringEnum(['demo', 'openai']),
  auth: StringEnum(['embedded', 'external']),
});
export type HealthResponse = Static<typeof HealthResponse>;

/** What the PWA learns about the deployment at run time (GET /api/config). */
export const ClientConfig = Type.Object({
  auth: Type.Object({
    issuer: Type.String(),
    client_id: Type.String(),
    audience: Type.String(),
    scope: Type.String(),
    /** 'embedded': cardchat's own sign-in (passwords are changed in Profile); 'external': OIDC_ISSUER's. */
    provider: StringEnum(['embedded', 'external']),
    /** How a forgotten password is reset: a mailed link (SMTP_URL), the operator, or at the external provider. */
    password_reset: StringEnum(['email', 'operator', 'external']),
  }),
  checkout_url: NullableString(),
  ai: StringEnum(['demo', 'openai']),
  /** An image service is configured (IMAGE_BASE_URL): the chat's and the editor's 'Generate Photo' work. */
  images: Type.Boolean(),
  /** LLM_CONTEXT_TOKENS and LLM_MAX_TOKENS: the editor weighs a card against the prompt's room. */
  context_tokens: Type.Integer(),
  reply_tokens: Type.Integer(),
  /** The models a chat may pick (LLM_MODELS), the default (LLM_MODEL) first. */
  models: Type.Array(Type.String()),
});
export type ClientConfig = Static<typeof ClientConfig>;

/** GET /api/users/storage: what the user keeps stored against their plan's quota (constants.ts). */
export const StorageUsage = Type.Object({
  plan: PlanName,
  used_bytes: Type.Integer(),
  quota_bytes: Type.Integer(),
  /** Private cards: PNGs, thumbnails and card text. */
  cards_bytes: Type.Integer(),
  /** Chats: message text, a fixed cost per message, an imported card's text. */
  chats_bytes: Type.Integer(),
  portraits_bytes: Type.Integer(),
});
export type StorageUsage = Static<typeof StorageUsage>;

export const UserTypeResponse = Type.Object({ user_type: PlanName });
export type UserTypeResponse = Static<typeof UserTypeResponse>;

export const health = { ...routes.health, response: { 200: HealthResponse, 503: ApiErrorBody } } satisfies Endpoint;
export const clientConfig = { ...routes.clientConfig, response: { 200: ClientConfig } } satisfies Endpoint;
export const getProfile = { ...routes.getProfile, response: { 200: UserProfile } } satisfies Endpoint;
export const updateProfile = { ...routes.updateProfile, body: ProfileUpdate, response: { 200: UserProfile } } satisfies Endpoint;
export const storageUsage = { ...routes.storageUsage, response: { 200: StorageUsage } } satisfies Endpoint;
export const userType = { ...routes.userType, response: { 200: UserTypeResponse } } satisfies Endpoint;
