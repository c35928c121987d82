/** HTTP against the bench server: JSON calls with the signed-in user's token, and timed uploads. */
import http from 'node:http';

export interface Api {
  baseURL: string;
  /** Read fresh each call: the page may have refreshed the token meanwhile. */
  token(): Promise<string>;
}

export async function apiJson<T = any>(api: Api, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, api.baseURL), {
    method,
    headers: { authorization: `Bearer ${await api.token()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface TimedResponse {
  status: number;
  body: string;
  /** From the request's last byte leaving this process to the response's headers arriving. */
  serverMs: number;
}

/**
 * POSTs a body over a plain socket and times the server's part: on loopback the last byte reaches
 * the server as it leaves here, so what follows until the response is the server's own work.
 */
export function timedPost(url: string, headers: Record<string, string>, body: Buffer): Promise<TimedResponse> {
  return new Promise((resolve, reject) => {
    let lastByte = 0;
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (response) => {
      const answered = performance.now();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), serverMs: answered - lastByte }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body, () => (lastByte = performance.now()));
  });
}

/**
 * Follows a job (GET /api/jobs/{id}) until it ends, looking every 20 ms; returns it once done, throws
 * with its error when it failed.
 */
export async function jobDone<T = any>(api: Api, id: string): Promise<T> {
  for (;;) {
    const job = await apiJson<{ state: string; error?: unknown }>(api, 'GET', `/api/jobs/${id}`);
    if (job.state === 'done') return job as T;
    if (job.state === 'failed') throw new Error(`job ${id} failed: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
