import type { FastifyInstance } from 'fastify';
import { Compile } from 'typebox/compile';

/**
 * Holds every JSON answer of a test app to its route's response schema (core/contract), strictly:
 * no field the schema lacks, none it requires missing, every type right. Fastify's serializer
 * silently drops fields a schema lacks, so a route answering more than its contract says (a field
 * the client never sees, or one a later change forgot to declare) would otherwise pass every test.
 * A mismatch fails the request with a 500 whose message says what differs, and is kept in
 * `violations` for the test to show.
 */

type Schema = Record<string, unknown>;

/** The schema with `additionalProperties: false` on every object that does not say otherwise. */
export function strictSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strictSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const strict: Schema = {};
  for (const [key, value] of Object.entries(schema))
    strict[key] = key === 'enum' || key === 'const' || key === 'default' ? value : strictSchema(value);
  if (strict.type === 'object' && strict.properties !== undefined && strict.additionalProperties === undefined)
    strict.additionalProperties = false;
  return strict;
}

export interface ShapeViolation {
  route: string;
  status: number;
  errors: string[];
}

export function checkResponseShapes(app: FastifyInstance): ShapeViolation[] {
  const violations: ShapeViolation[] = [];
  const checkers = new Map<unknown, ReturnType<typeof Compile>>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const schema = responses?.[String(reply.statusCode)];
    if (!schema || typeof payload !== 'object' || payload === null || Buffer.isBuffer(payload)) return payload;
    let checker = checkers.get(schema);
    if (!checker) {
      checker = Compile(strictSchema(schema) as never);
      checkers.set(schema, checker);
    }
    if (checker.Check(payload)) return payload;
    const errors = [...checker.Errors(payload)].map(
      (error) => `${error.instancePath || '/'}: ${error.message} ${JSON.stringify(error.params)}`,
    );
    const violation = { route: `${request.method} ${request.routeOptions.url}`, status: reply.statusCode, errors };
    violations.push(violation);
    // The 500 hides its message (errors plugin); the test's output shows it.
    console.error('response outside its schema:', violation);
    throw new Error(`${violation.route} answered ${violation.status} outside its response schema: ${errors.join('; ')}`);
  });
  return violations;
}
