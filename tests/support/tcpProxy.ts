/**
 * A loopback TCP proxy the test controls, between the browser and the server, to play the outages
 * people meet:
 * - forward: every byte passes both ways;
 * - refuse: the port stops listening (connections are refused) and the open ones drop, as when the
 *   server is down, restarting or being deployed;
 * - hang: new connections are accepted and never answered, and the open ones go silent both ways, as
 *   on a train's Wi-Fi or behind a captive portal ("lie-fi").
 * Leaving `hang`, the silent connections are reset (as the network that held them drops its state),
 * so what the browser does next goes over fresh ones. Vitest-free: the bench uses it too.
 */
import net from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'hang';

export interface TcpProxy {
  /** http://localhost:port: the origin the browser (and PUBLIC_URL) use. */
  readonly url: string;
  readonly port: number;
  mode(): ProxyMode;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket | null;
}

const discard = () => undefined;

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  let server: net.Server | null = null;
  const links = new Set<Link>();

  const drop = (link: Link) => {
    links.delete(link);
    link.client.destroy();
    link.upstream?.destroy();
  };

  /** Both sides keep their connection, but nothing reaches the other any more. */
  const silence = (link: Link) => {
    link.client.unpipe();
    link.upstream?.unpipe();
    link.client.on('data', discard);
    link.upstream?.on('data', discard);
  };

  const accept = (client: net.Socket) => {
    const link: Link = { client, upstream: null };
    links.add(link);
    client.on('error', () => drop(link));
    client.on('close', () => drop(link));
    if (mode === 'hang') {
      client.on('data', discard);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    link.upstream = upstream;
    upstream.on('error', () => drop(link));
    upstream.on('close', () => drop(link));
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = (at: number) =>
    new Promise<number>((resolve, reject) => {
      const next = net.createServer(accept);
      next.once('error', reject);
      next.listen(at, '127.0.0.1', () => {
        server = next;
        resolve((next.address() as net.AddressInfo).port);
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  const bound = await listen(port);

  return {
    url: `http://localhost:${bound}`,
    port: bound,
    mode: () => mode,
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (previous === 'hang') [...links].forEach(drop);
      if (next === 'hang') links.forEach(silence);
      if (next === 'refuse') {
        [...links].forEach(drop);
        await stopListening();
      }
      if (previous === 'refuse') await listen(bound);
    },
    async close() {
      [...links].forEach(drop);
      await stopListening();
    },
  };
}
