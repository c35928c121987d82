import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { normalizeIP } from '@fastify/rate-limit';
import type { Config } from './config';

/**
 * How often Node looks for connections past the headers timeout. Its default (30 s) would let an idle
 * socket live up to 30 s beyond the timeout; a pass over the open connections each second is cheap.
 */
const CHECK_INTERVAL_MS = 1_000;

/**
 * Node's HTTP server options that close a connection which never sends a whole request head: a
 * socket opened and left silent (or dribbling a header a byte at a time) gets 408 and is closed once
 * the headers timeout passes, so thousands of them cannot use up the file descriptors.
 */
export function httpServerOptions({ connections }: Config) {
  return {
    headersTimeout: connections.headersTimeoutMs,
    connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, connections.headersTimeoutMs),
  };
}

/**
 * Closes a new connection at once when its address already holds `connections.perAddress` open ones,
 * so one client cannot hold the sockets everyone else needs. Addresses are grouped as the rate limits
 * group them (an IPv6 /64 is one client). Trusted proxies are exempt: all their clients share them.
 */
export function capConnectionsPerAddress(server: Server, { connections, trustProxy }: Config): void {
  const trusted = trustProxy ? proxyAddr.compile(trustProxy) : () => false;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const key = normalizeIP(address);
    const count = (open.get(key) ?? 0) + 1;
    if (count > connections.perAddress) {
      socket.destroy();
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
  });
}
