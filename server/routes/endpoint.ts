import type { Endpoint } from '@core/contract';

/**
 * A contract entry as Fastify route options: its method, its path as the URL and its schemas, so
 * a route file writes neither the method nor the path (`app.route({ ...endpoint(chats.getChat),
 * preHandler, handler })`) and `request.body`, `params` and `query` are typed from the schemas.
 * `schema` adds what only the server says about the route (`consumes` for a multipart body).
 */
export function endpoint<const E extends Endpoint, const S extends object = object>({ method, path, ...schema }: E, extra?: S) {
  return { method, url: path, schema: { ...schema, ...extra } as Omit<E, 'method' | 'path'> & S };
}
