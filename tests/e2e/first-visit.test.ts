import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { GALLERY_FIRST_PAGE_URL } from '@core/gallery';
import { baseURL, newContext, screenshot } from './browser';
import { serviceWorkerInControl } from './page-checks';

interface RawAnswer {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with exactly these headers, the body as it came over the wire (fetch would decode it). */
function rawGet(path: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, baseURL()), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

function decode({ headers, body }: RawAnswer): Buffer {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(body);
  if (headers['content-encoding'] === 'gzip') return gunzipSync(body);
  return body;
}

/** Records, in the page, what was on screen when the app registered its service worker. */
const WATCH_REGISTRATION = `(() => {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    const priority = [...document.querySelectorAll('img[fetchpriority="high"]')];
    window.__registeredWhen = { readyState: document.readyState, priorityImages: priority.length, loaded: priority.filter((image) => image.complete && image.naturalWidth > 0).length };
    return register.apply(this, args);
  };
})()`;

describe('the first visit', () => {
  it('gets the built JS and CSS in brotli or gzip as asked, and plain when not', async () => {
    const shell = (await rawGet('/', { 'accept-encoding': 'identity' })).body.toString('utf8');
    const assets = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of [...assets, '/sw.js']) {
      const plain = await rawGet(asset, {});
      expect(plain.headers['content-encoding'], asset).toBeUndefined();
      expect(plain.headers.vary, asset).toMatch(/accept-encoding/i);
      for (const [accepted, expected] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
      ] as const) {
        const answer = await rawGet(asset, { 'accept-encoding': accepted });
        expect(answer.headers['content-encoding'], `${asset} ${accepted}`).toBe(expected);
        expect(answer.headers.vary, asset).toMatch(/accept-encoding/i);
        expect(answer.body.length, asset).toBeLessThan(plain.body.length);
        expect(decode(answer).equals(plain.body), `${asset} ${accepted}`).toBe(true);
      }
      if (asset.startsWith('/assets/')) expect(plain.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
    const gallery = await rawGet(GALLERY_FIRST_PAGE_URL, { 'accept-encoding': 'br' });
    expect(gallery.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode(gallery).toString('utf8')).data.length).toBeGreaterThan(0);
  });

  it('asks for the gallery once and early, shows the first row eagerly, and registers the worker only after the first view', async () => {
    const context = await newContext({ phone: true });
    try {
      const requests: Request[] = [];
      context.on('request', (request) => requests.push(request));
      await context.addInitScript(WATCH_REGISTRATION);
      const page = await context.newPage();
      await page.goto('/');
      await page
        .getByRole('button', { name: /^Chat with / })
        .first()
        .waitFor();
      await serviceWorkerInControl(page);

      // The shell's preload and the app's early fetch are one request, no token needed.
      const listed = requests.filter((request) => request.url().endsWith(GALLERY_FIRST_PAGE_URL));
      expect(listed.map((request) => request.url())).toHaveLength(1);
      // Named by the shell's response headers, it goes out before the app's own script is asked for.
      expect(requests.indexOf(listed[0]!)).toBeLessThan(requests.findIndex((request) => /\/assets\/index-[^/]+\.js$/.test(request.url())));

      const portraits = page.locator('article img[srcset]');
      expect(await portraits.count()).toBeGreaterThan(2);
      const attributes = await portraits.evaluateAll((images) =>
        images.map((image) => [image.getAttribute('fetchpriority'), image.getAttribute('loading')]),
      );
      expect(attributes.slice(0, 2)).toEqual([
        ['high', 'eager'],
        ['high', 'eager'],
      ]);
      for (const rest of attributes.slice(2)) expect(rest).toEqual([null, 'lazy']);

      // The shell named the first row's pictures too: each goes out before the app's script is asked
      // for, once, as the file the grid then shows (the same srcset and sizes on both sides).
      const shown = await portraits.evaluateAll((images) => images.slice(0, 2).map((image) => (image as HTMLImageElement).currentSrc));
      const appScript = requests.findIndex((request) => /\/assets\/index-[^/]+\.js$/.test(request.url()));
      for (const picture of shown) {
        const fetched = requests.filter((request) => !request.serviceWorker() && request.url() === picture);
        expect(fetched, picture).toHaveLength(1);
        expect(requests.indexOf(fetched[0]!), picture).toBeLessThan(appScript);
      }

      // Registered once the page had loaded and the first row's pictures were on screen.
      const when = await page.evaluate(() => (window as unknown as { __registeredWhen?: unknown }).__registeredWhen);
      expect(when).toEqual({ readyState: 'complete', priorityImages: 2, loaded: 2 });

      // The precache came compressed too.
      const precached = requests.filter((request) => request.serviceWorker() && /\/assets\/.+\.js$/.test(request.url()));
      expect(precached.length).toBeGreaterThan(0);
      for (const request of precached) expect((await request.response())?.headers()['content-encoding'], request.url()).toBe('br');

      // No web font holds text back.
      expect(requests.filter((request) => request.resourceType() === 'font')).toEqual([]);
      await screenshot(page, 'first-visit-phone');
    } finally {
      await context.close();
    }
  });
});
