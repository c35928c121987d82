import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package that only some deployments use (pg with DATABASE_URL, the AWS SDK with S3_BUCKET),
 * loaded when first used rather than at start: each takes a few hundred milliseconds to load, which
 * every other start would pay. They stay out of the server bundle (scripts/start.mjs) and resolve
 * from node_modules.
 */
export function loadPackage<T>(name: string): T {
  return require(name) as T;
}
