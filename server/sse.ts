import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the response over for Server-Sent Events and sends its head. Hijacked, Fastify sends nothing
 * more, so the headers set so far (helmet's) are copied here.
 */
export function startServerSentEvents(reply: FastifyReply, extra: OutgoingHttpHeaders = {}): ServerResponse {
  reply.hijack();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  reply.raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    // The user's own data: never kept by a cache (ASVS 14.3.2).
    'cache-control': 'no-store, no-transform',
    // Proxies such as nginx would otherwise hold the stream back until it ends.
    'x-accel-buffering': 'no',
    ...extra,
  });
  return reply.raw;
}
