import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL in the outage tests), which a test
 * can switch between passing traffic, refusing connections (nothing listens) and accepting them only
 * to drop them at once; going down also cuts every connection already open, as a crash would.
 */
export interface TcpProxy {
  port: number;
  /** Stops listening: new connections are refused (ECONNREFUSED). */
  refuse(): Promise<void>;
  /** Listens again, but resets each connection as soon as it opens. */
  drop(): Promise<void>;
  /** Passes traffic again. */
  pass(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let mode: 'pass' | 'drop' = 'pass';
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'drop') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const cutAll = () => {
    for (const socket of open) socket.destroy();
  };

  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async refuse() {
      const closed = stopListening();
      cutAll();
      await closed;
    },
    async drop() {
      mode = 'drop';
      cutAll();
      if (!server.listening) await listen(port);
    },
    async pass() {
      mode = 'pass';
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      cutAll();
      await closed;
    },
  };
}
