/**
 * Every endpoint's method and path, named as its schemas are in the area files (`chats.getChat` is
 * `{ ...routes.getChat, body, response }`). These files hold no TypeBox, so the PWA imports them as
 * values: src/api/call.ts takes a route and finds the endpoint's types in the area files by `import
 * type`. One file per area, so the app's bundler puts each area's routes in the chunks that call
 * them (Home's first chunk carries only the routes Home uses). The server registers each endpoint at
 * its method and path (server/routes/endpoint.ts).
 *
 * New endpoints follow server/routes/README.md "URLs"; the paths here that break that rule are the
 * ones older clients already call, kept as they are.
 */
export * from './users';
export * from './account';
export * from './cards';
export * from './cardEdits';
export * from './favorites';
export * from './chats';
export * from './chatMemory';
export * from './messages';
export * from './completions';
export * from './personas';
export * from './replacement';
export * from './jobs';
export * from './publishing';
export * from './creators';
export * from './characterPages';
export * from './aiSettings';
export * from './aiKeys';
export * from './events';

/** What each route is: an HTTP method and a Fastify-style path (`:name` for a path parameter). */
export interface Route {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: `/api/${string}`;
}
export * from './groups';
