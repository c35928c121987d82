import { isIP } from 'node:net';

/** proxy-addr's names for reserved ranges, accepted by Fastify's trustProxy. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address or CIDR range TRUST_PROXY may name (hop counts and `true` are not). */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (range === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return (/^\d+$/.test(range) && Number(range) <= bits) || (family === 4 && isIP(range) === 4);
}
