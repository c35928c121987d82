import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { characterShell as characterShellParts, withFirstView } from '../services/characterPages/firstView';
import { characterPreloads } from '../services/characterPages/preloads';
import { withPreviewHead } from '../services/characterPages/previewHead';
import { isPlainHome } from '@core/gallery';
import { homePreloads } from '../services/images/homePreloads';

/** Paths that belong to the server: a miss there is a JSON 404, never the app shell. */
const SERVER_PREFIXES = ['/api/', '/oidc/'];

function isServerPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
}

/**
 * Home's shell names the gallery's first page and its first row's pictures as preloads, so the browser
 * asks for them while the app's code is still on its way (services/images/homePreloads.ts). A search,
 * another sort or a tag filter lists other cards.
 */
const isHomeWithoutSearch = (url: string) => isPlainHome(new URL(url, 'http://cardchat'));

function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const relative = filePath.split(path.sep).join('/');
  if (relative.includes('/assets/')) {
    // Vite puts a content hash in every file name under assets/, so a name never changes meaning.
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    // The shell, the service worker and the manifest must be revalidated so updates reach users.
    reply.header('Cache-Control', 'no-cache');
  }
}

/**
 * Serves the built PWA from distDir. Unknown GET paths outside /api and /oidc get index.html so that
 * client-side routes survive a reload; when dist/ is absent (API tests) every miss is a JSON 404.
 */
export const staticPlugin = fp<{ distDir: string; publicUrl: string }>(async (app: FastifyInstance, { distDir, publicUrl }) => {
  const hasDist = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      // One route for every file, looked up when asked: listing dist/ to make a route per file took
      // a tenth of the server's start-up. A miss falls through to the not-found handler below, and
      // so does Home (its own route below).
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent as the client accepts,
      // with Content-Encoding and Vary: Accept-Encoding; the plain file to a client that accepts neither.
      preCompressed: true,
      setHeaders: (reply, filePath) => cacheHeaders(reply, filePath),
    });
  }

  const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'not_found', message: 'Not found' });

  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!hasDist || !wantsPage || isServerPath(request.url)) return notFound(reply);
    reply.header('Cache-Control', 'no-cache');
    if (isHomeWithoutSearch(request.url)) reply.header('Link', await homePreloads(request.ctx));
    return reply.sendFile('index.html');
  };
  app.setNotFoundHandler(shell);
  // The wildcard route would take Home for the folder itself: Home is the shell like every page.
  if (hasDist) app.get('/', shell);
  if (hasDist) app.get('/characters/:file_id', characterShell(path.join(distDir, 'index.html'), publicUrl));
});

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A character's page: the shell with the character in its head for link previews, its portrait
 * preloaded and, for a card a visitor may see, its first view drawn in the body with the page's data
 * (services/characterPages/firstView.ts). A card that is not public answers 404 (what its API says to
 * all but its owner, whose app, booting from this same shell, shows it anyway). A database that does
 * not answer leaves the plain shell.
 */
function characterShell(indexFile: string, publicUrl: string) {
  let html: string | undefined;
  return async (request: FastifyRequest<{ Params: { file_id: string } }>, reply: FastifyReply) => {
    html ??= await fs.promises.readFile(indexFile, 'utf8');
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const id = request.params.file_id;
    let parts;
    try {
      parts = ID.test(id) ? await characterShellParts(request.ctx, id, publicUrl) : null;
    } catch (error) {
      request.log.warn({ err: error }, "a character page's shell goes without its preview");
      return reply.send(html);
    }
    if (!parts) return reply.status(404).send(html);
    const preloads = characterPreloads(parts.head, new URL(publicUrl).origin);
    if (preloads) reply.header('Link', preloads);
    const page = withPreviewHead(html, parts.head);
    return reply.send(parts.page ? withFirstView(page, parts.page) : page);
  };
}
