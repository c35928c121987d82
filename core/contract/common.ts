import { Type, type Static, type TSchema } from 'typebox';
import type { Route } from './routes';

/** Ids are UUIDs made by the server; anything else (NUL bytes, slashes...) is refused before a query sees it. */
const ID_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
export const Id = Type.String({ pattern: ID_PATTERN });

export const IdParams = Type.Object({ id: Id });
export const FileIdParams = Type.Object({ file_id: Id });

/**
 * `type: [T, 'null']` rather than TypeBox's anyOf of two schemas: Fastify's serializer writes it
 * directly instead of testing each branch.
 */
export const NullableString = (options: { maxLength?: number } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

/** An id, or null (which clears what it names). */
export const NullableId = () => Type.Unsafe<string | null>({ type: ['string', 'null'], pattern: ID_PATTERN });

/** A string that is one of `values` (`{type: string, enum}`, which the serializer writes directly). */
export const StringEnum = <const Values extends readonly string[]>(values: Values) =>
  Type.Unsafe<Values[number]>({ type: 'string', enum: [...values] });

export const StringList = Type.Array(Type.String());

/** Every error the API sends. */
export const ApiErrorBody = Type.Object({ error: Type.String(), message: Type.String() });
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** What a delete or another action without data answers. */
export const SuccessResponse = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type SuccessResponse = Static<typeof SuccessResponse>;

/** A list page by offset (the gallery, collections). */
export const LimitOffsetQuery = (defaultLimit: number) =>
  Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: 100, default: defaultLimit }),
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  });

export const Page = Type.Integer({ minimum: 1, maximum: 100_000, default: 1 });

/** Public cards (the gallery's) or a user's own private ones (`card_type`, `image_type`). */
export const CardType = StringEnum(['public', 'user']);
export type CardType = Static<typeof CardType>;

/**
 * An endpoint: its method and path (routes/) and its schemas, `response` by status code. Route
 * files register it as it is (server/routes/endpoint.ts).
 */
export interface Endpoint extends Route {
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  headers?: TSchema;
  response: Record<number, TSchema>;
}
