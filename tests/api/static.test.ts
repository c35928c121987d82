import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

/** A stand-in for `vite build`'s output: the server only needs the files to exist. */
function writeDist(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>cardchat</title><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
}

describe('serving the built app', () => {
  let test: TestApp;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cardchat-dist-'));
    writeDist(distDir);
    test = await createTestApp('sqlite', { DIST_DIR: distDir });
  });
  afterAll(() => test.close());

  it('answers client-side routes with the app shell so a reload keeps the page', async () => {
    for (const url of ['/', '/collections', '/recent-chat?chat=1', '/no/such/page']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('never answers /api or /oidc misses with the shell', async () => {
    const api = await test.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'not_found', message: 'Not found' });
    const oidc = await test.app.inject({ method: 'GET', url: '/oidc/nope' });
    expect(oidc.statusCode).toBe(404);
    expect(oidc.body).not.toContain('<div id="root">');
  });

  it('caches hashed assets for a year and revalidates the shell and the service worker', async () => {
    const asset = await test.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await test.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
    const shell = await test.app.inject({ method: 'GET', url: '/profile' });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('answers a POST to an unknown page with JSON, not the shell', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/collections' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
  });
});
