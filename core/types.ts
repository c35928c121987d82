/**
 * The API's request and response shapes: one definition for the server and the PWA.
 * Field names follow the spec's wire format (snake_case), which other clients of this field use too.
 */

/** The free tier is 'normal' (shown as 'Free'); any other value is a paid plan. */
export type PlanName = 'normal' | 'monthly' | 'quarterly' | 'yearly' | (string & {});

export interface UserProfile {
  email: string | null;
  name: string | null;
  picture: string | null;
  /** Our own id for the user. */
  uid: string;
  /** The identity provider's subject. */
  sub: string;
  plan: PlanName;
  is_admin: boolean;
}

export interface HealthResponse {
  status: 'ok';
  database: 'sqlite' | 'postgres';
  ai: 'demo' | 'openai';
  auth: 'embedded' | 'external';
}

/** What the PWA learns about the deployment at run time (GET /api/config). */
export interface ClientConfig {
  auth: { issuer: string; client_id: string; audience: string; scope: string };
  checkout_url: string | null;
  ai: 'demo' | 'openai';
}

export interface UserTypeResponse {
  user_type: PlanName;
}

/** Every error the API sends. */
export interface ApiErrorBody {
  error: string;
  message: string;
}

/** The card fields lists carry (spec §3 "Collection item" / "Public image"). */
export interface CardSummary {
  spec_version: string;
  data: {
    name: string;
    description: string;
    personality: string;
    scenario: string;
    first_mes: string;
    creator: string;
    tags: string[];
  };
}

/** One of the user's uploads (GET /api/collections, POST /api/upload/image). */
export interface CollectionItem {
  file_id: string;
  display_title: string;
  title: string;
  filename: string;
  /** The PNG: /api/upload/image/{id} when public, /api/upload/image/user/{id} (Bearer) when private. */
  url: string;
  thumbnail_url: string;
  /** `<url> 240w, <url> 480w` for <img srcset>. */
  thumbnail_srcset: string;
  upload_time: string;
  file_size: number;
  width: number;
  height: number;
  /** Reduced width:height, e.g. '2:3'. */
  aspect_ratio: string;
  /** 1 = public, 0 = private. */
  is_public: number;
  view_count: number;
  download_count: number;
  favorite_count: number;
  card_data: CardSummary;
}

/** A gallery entry (GET /api/upload/image). */
export interface PublicImage {
  file_id: string;
  title: string;
  display_title: string;
  filename: string;
  url: string;
  thumbnail_url: string;
  thumbnail_srcset: string;
  upload_time: string;
  favorite_count: number;
  card_data: CardSummary;
}

export interface UploadResponse {
  success: true;
  message: string;
  data: CollectionItem;
}

export interface PublicImagesResponse {
  success: true;
  data: PublicImage[];
  total: number;
  limit: number;
  offset: number;
}

export interface CollectionsResponse {
  success: true;
  data: CollectionItem[];
  total: number;
  limit: number;
  offset: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface CardTagsResponse {
  tags: string[];
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  card_name: string;
}

/** Spec §3 "Character (for chat)" (GET /api/characters). */
export interface ChatCharacter {
  id: string;
  name: string;
  avatar_url: string;
  tags: string[];
  card_type: 'public' | 'user';
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  card_data: { data: Omit<CardSummary['data'], never> };
  /** Chats are not stored yet: always null. */
  chat_id: string | null;
}

export interface CharactersResponse {
  success: true;
  data: ChatCharacter[];
}

/** GET /api/characters/{file_id}: card_data is the whole normalised card (core/card's Card). */
export interface CharacterDetails {
  file_id: string;
  filename: string;
  url: string;
  display_title: string;
  tags: string[];
  card_type: 'public' | 'user';
  card_data: { spec: string; spec_version: string; data: Record<string, unknown> } & Record<string, unknown>;
}

export interface Favorite {
  id: string;
  file_id: string;
  image_type: 'public' | 'user';
  character_name: string;
  character_description: string;
  tags: string[];
  url: string;
  created_at: string;
}

export interface FavoriteAddRequest {
  file_id: string;
  image_type?: string;
  character_name?: string;
  character_description?: string;
  tags?: string[];
}

export interface FavoriteAddResponse {
  success: true;
  /** False when the favorite already existed (adding twice is harmless). */
  created: boolean;
  message: string;
  data: Favorite;
}

export interface FavoritesListResponse {
  success: true;
  data: Favorite[];
  page: number;
  page_size: number;
  total: number;
  total_pages: number;
  has_next: boolean;
  has_prev: boolean;
}
