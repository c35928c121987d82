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
