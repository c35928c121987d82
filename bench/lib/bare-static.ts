/**
 * The reference for figure 11: a bare static server, as a CDN or nginx with brotli would be, sending
 * the same built files of dist/ compressed (brotli 11, else gzip 9, made once at start), hashed
 * assets immutable, the shell for every other page, and /api and /oidc passed through to the real
 * server untouched. What cardchat's own serving costs shows as the difference between the two.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { freePort } from '../../scripts/lib/server-process';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.map': 'application/json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.map']);

interface StaticFile {
  type: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readDist(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const relative of fs.readdirSync(distDir, { recursive: true }) as string[]) {
    const ext = path.extname(relative);
    if (ext === '.br' || ext === '.gz') continue;
    const full = path.join(distDir, relative);
    if (!fs.statSync(full).isFile()) continue;
    const plain = fs.readFileSync(full);
    const file: StaticFile = { type: TYPES[ext] ?? 'application/octet-stream', plain };
    if (COMPRESSIBLE.has(ext)) {
      file.br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      file.gzip = gzipSync(plain, { level: 9 });
    }
    files.set(`/${relative.split(path.sep).join('/')}`, file);
  }
  return files;
}

function sendFile(request: http.IncomingMessage, response: http.ServerResponse, pathname: string, file: StaticFile): void {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const [encoding, body] =
    file.br && /\bbr\b/.test(accepts)
      ? ['br', file.br]
      : file.gzip && /\bgzip\b/.test(accepts)
        ? ['gzip', file.gzip]
        : [undefined, file.plain];
  response.setHeader('Content-Type', file.type);
  response.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (file.br) response.setHeader('Vary', 'Accept-Encoding');
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Length', body.length);
  response.end(request.method === 'HEAD' ? undefined : body);
}

function passThrough(request: http.IncomingMessage, response: http.ServerResponse, upstream: URL): void {
  const forwarded = http.request(
    new URL(request.url ?? '/', upstream),
    { method: request.method, headers: { ...request.headers, host: upstream.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => response.destroy());
  request.pipe(forwarded);
}

export interface BareStatic {
  baseURL: string;
  close(): Promise<void>;
}

export async function startBareStatic(distDir: string, upstreamURL: string): Promise<BareStatic> {
  const files = readDist(distDir);
  const upstream = new URL(upstreamURL);
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://bare').pathname;
    if (/^\/(api|oidc|oidc-assets)(\/|$)/.test(pathname)) return passThrough(request, response, upstream);
    const file = files.get(pathname);
    if (file) return sendFile(request, response, pathname, file);
    return sendFile(request, response, '/index.html', files.get('/index.html')!);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseURL: `http://localhost:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
