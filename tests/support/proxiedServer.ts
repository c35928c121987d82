/**
 * The real server as `npm start` runs it, reached through a TcpProxy (tests/support/tcpProxy.ts):
 * PUBLIC_URL is the proxy's origin, so the browser, the sign-in and the tokens all go through it and
 * an outage of the proxy is an outage of cardchat. Vitest-free: the reconnect e2e and the bench use it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, stopChild, waitForHealth } from '../../scripts/lib/server-process';
import { waitForSeededGallery } from './seededGallery';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

export interface ProxiedServer {
  proxy: TcpProxy;
  /** The server itself, bypassing the proxy: for checking what it stored whatever the proxy does. */
  directURL: string;
  stop(): Promise<void>;
}

/** `settings`: more environment (LLM_BASE_URL, rate limits...); dist/ must be built already or it builds first. */
export async function startProxiedServer(settings: Record<string, string>, startTimeoutMs = 180_000): Promise<ProxiedServer> {
  const port = await freePort();
  const proxy = await startTcpProxy({ host: '127.0.0.1', port });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-proxied-'));
  const { child, output } = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: proxy.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...settings,
  });
  const cleanUp = async () => {
    await proxy.close();
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  const directURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(directURL, child, { timeoutMs: startTimeoutMs, output });
    await waitForSeededGallery(directURL);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    proxy,
    directURL,
    async stop() {
      await stopChild(child);
      await cleanUp();
    },
  };
}

/** The chat as the server stored it, [role, content] oldest first, asked directly with the user's token. */
export async function storedDirectly(server: ProxiedServer, token: string, chatId: string): Promise<Array<[string, string]>> {
  const response = await fetch(`${server.directURL}/api/chats/get`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, page_size: 100 }),
  });
  if (!response.ok) throw new Error(`/api/chats/get answered ${response.status}`);
  const body = (await response.json()) as { data: Array<{ role: string; content: string }> };
  return body.data.map((m) => [m.role, m.content]);
}
