import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };
type Factory = (...args: unknown[]) => (route: unknown) => Compiled;

/**
 * Wraps a compiler factory so that each route's schema is compiled on the route's first request,
 * not at start: Fastify's own factories compile every route's validator and serializer before
 * listening, which was the largest part of the server's start-up time. The first request of each
 * route pays its few milliseconds instead. The compiled function is Fastify's own, and so are its
 * answers: Fastify reads a validator's `errors` after calling it, so they are copied across.
 */
function lazily<F>(factory: F): F {
  const build = factory as unknown as Factory;
  const lazy: Factory = (...factoryArgs) => {
    let compiler: ReturnType<Factory> | undefined;
    return (route) => {
      let compiled: Compiled | undefined;
      const run: Compiled = (data) => {
        compiler ??= build(...factoryArgs);
        compiled ??= compiler(route);
        const result = compiled(data);
        run.errors = compiled.errors;
        return result;
      };
      return run;
    };
  };
  return lazy as unknown as F;
}

export const lazySchemaCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: lazily(AjvCompiler()),
    buildSerializer: lazily(SerializerSelector()),
  },
};

/**
 * For a route whose body's types are the point (a card's fields): Fastify's validator turns a string
 * into a one-item list and a number into a string, and drops properties a schema forbids; this one
 * does neither, so each is a 400 naming the field. Compiled on the route's first request too.
 */
export const strictValidatorCompiler = (lazily(AjvCompiler()) as unknown as Factory)(
  {},
  { customOptions: { coerceTypes: false, removeAdditional: false } },
) as unknown as FastifySchemaCompiler<unknown>;
