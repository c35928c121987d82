/**
 * oidc-provider ships no type declarations; these cover the part of its API that server/idp uses.
 * Shapes follow the library's docs/README.md for the installed version (9.13).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Awaitable<T> = T | Promise<T>;

  /** What an adapter stores for one model instance: a JSON object the provider reads back. */
  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    consumed?: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Awaitable<Record<string, unknown> & { sub: string }>;
  }

  export interface Client {
    clientId: string;
    grantTypeAllowed(type: string): boolean;
  }

  export interface ClientMetadata {
    client_id: string;
    client_name?: string;
    application_type?: 'web' | 'native';
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris: string[];
    post_logout_redirect_uris?: string[];
    id_token_signed_response_alg?: string;
    scope?: string;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface ResourceServer {
    scopes: Set<string>;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg: string; kid?: string } };
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    grantId?: string;
    params: { client_id?: string; login_hint?: string; [key: string]: unknown };
    session?: { accountId?: string; uid: string };
    prompt: {
      name: string;
      reasons: string[];
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
  }

  /** The token passed to extraTokenClaims; only the fields we read. */
  export interface IssuedToken {
    kind: string;
    accountId?: string;
    scope?: string;
    /** The uid of the provider session the token was issued in. */
    sessionUid?: string;
  }

  export interface OIDCContext {
    provider: Provider;
    client?: Client;
    account?: Account;
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined; authTime(): number | undefined };
    result?: InteractionResults;
    requestParamScopes: Set<string>;
    requestParamOIDCScopes: Set<string>;
    resourceServers: Record<string, ResourceServer>;
    entities: {
      RotatedRefreshToken?: { remainingTTL: number };
      /** The end-session request's id_token_hint, decoded (its signature already checked). */
      IdTokenHint?: { payload: { sub?: unknown; iat?: unknown } };
    };
  }

  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    type: string;
    body: unknown;
    status: number;
    set(field: string, value: string): void;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    [key: string]: unknown;
  }

  type Ttl<T = never> = number | ((ctx: KoaContextWithOIDC, token: T, client: Client) => number);

  export interface Configuration {
    adapter?: (name: string) => Adapter;
    clients?: ClientMetadata[];
    jwks?: { keys: object[] };
    cookies?: { keys?: string[]; long?: object; short?: object };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    responseTypes?: string[];
    clientAuthMethods?: string[];
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    features?: {
      devInteractions?: { enabled: boolean };
      pushedAuthorizationRequests?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      revocation?: {
        enabled: boolean;
        allowedPolicy?: (ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) => Awaitable<boolean>;
      };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Awaitable<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Awaitable<void>;
      };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: KoaContextWithOIDC, client: Client, oneOf?: string[]) => Awaitable<string | string[] | undefined>;
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => Awaitable<boolean>;
        getResourceServerInfo?: (ctx: KoaContextWithOIDC, resourceIndicator: string, client: Client) => Awaitable<ResourceServerInfo>;
      };
    };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    expiresWithSession?: (ctx: KoaContextWithOIDC, code: unknown) => Awaitable<boolean>;
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: unknown) => Awaitable<boolean>;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => Awaitable<boolean>);
    extraTokenClaims?: (ctx: KoaContextWithOIDC, token: IssuedToken) => Awaitable<Record<string, unknown> | undefined>;
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Awaitable<Account | undefined>;
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Awaitable<Grant | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Awaitable<string> };
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Awaitable<void>;
    ttl?: {
      AccessToken?: Ttl;
      AuthorizationCode?: Ttl;
      IdToken?: Ttl;
      Interaction?: Ttl;
      Session?: Ttl;
      Grant?: Ttl;
      RefreshToken?: Ttl;
    };
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    readonly issuer: string;
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    SessionNotFound: new (description?: string) => Error;
    InvalidTarget: new (description?: string) => Error;
  };

  export default Provider;
}
