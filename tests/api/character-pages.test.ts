import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPng, upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'curator@example.com';
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>cardchat</title>
    <meta name="description" content="Find, share and chat with AI characters." />
  </head>
  <body><div id="root"></div></body>
</html>`;
const HOSTILE = `"><script>alert('x')</script>&`;
const BREAKOUT = `</script><img src=x onerror=alert(1)>`;

describe.each(databases)("a character's page (%s)", (dialect) => {
  let test: TestApp;
  let admin: Uploader;
  let owner: Uploader;
  let publicId: string;
  let privateId: string;
  let nsfwId: string;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cardchat-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN, DIST_DIR: distDir, PUBLIC_URL: 'https://cards.example' });
    admin = await userOf(test, 'curator', ADMIN);
    owner = await userOf(test, 'owner');
    await test.app.inject({ method: 'PUT', url: '/api/users/me/creator', headers: admin.headers, payload: { handle: 'curator', bio: '' } });
    const card = {
      name: `Mara ${HOSTILE}`,
      description: `{{char}} greets {{user}}. ${HOSTILE} ${BREAKOUT}`,
      tags: ['Sci-Fi'],
      creator: 'Someone',
    };
    publicId = (await upload(test, admin, cardPng(card), { public_release: 'true' })).json().data.file_id;
    privateId = (await upload(test, owner, cardPng({ name: 'Secret Diary', first_mes: 'Hi {{user}}' }))).json().data.file_id;
    nsfwId = (await upload(test, admin, cardPng({ name: 'After Dark' }), { public_release: 'true', content_rating: 'nsfw' })).json().data
      .file_id;
  });
  afterAll(() => test.close());

  const get = (url: string, user?: Uploader) => test.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

  it('describes a public card to everyone: the whole card, its creator, counts and dates, and counts the view', async () => {
    const response = await get(`/api/character-pages/${publicId}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({
      file_id: publicId,
      card_type: 'public',
      url: `/api/upload/image/${publicId}`,
      thumbnail_url: `/api/upload/image/thumbnail/${publicId}/480.webp`,
      creator_handle: 'curator',
      content_rating: 'sfw',
      is_owner: false,
      stats: { chats: 0, likes: 0, views: 0, downloads: 0 },
      card: { data: { name: `Mara ${HOSTILE}`, tags: ['Sci-Fi'], creator: 'Someone' } },
    });
    expect(page.review).toBeUndefined();
    expect(page.published_at).toEqual(expect.any(String));
    expect((await get(`/api/character-pages/${publicId}`)).json().stats.views).toBe(1);
  });

  it("answers a private card's page to its owner only, with where it stands; 404 to anyone else", async () => {
    const own = (await get(`/api/character-pages/${privateId}`, owner)).json();
    expect(own).toMatchObject({ card_type: 'user', is_owner: true, review: { state: 'private', changes: null } });
    const stranger = await userOf(test, 'stranger');
    for (const asker of [undefined, stranger, admin]) {
      const response = await get(`/api/character-pages/${privateId}`, asker);
      expect(response.statusCode).toBe(404);
    }
    expect((await get('/api/character-pages/..%2Fetc')).statusCode).toBe(400);
  });

  it("serves a public card's page with its preview in the head, every value escaped, and its portrait preloaded", async () => {
    const response = await get(`/characters/${publicId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    const escaped = `&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;`;
    expect(html).toContain(`<title>Mara ${escaped} · cardchat</title>`);
    expect(html).toContain(`<meta property="og:title" content="Mara ${escaped} · cardchat" />`);
    const description = `Mara ${escaped} greets you. ${escaped} &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;`;
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:image" content="https://cards.example/api/upload/image/thumbnail/${publicId}/480.webp" />`);
    expect(html).toContain(`<meta property="og:url" content="https://cards.example/characters/${publicId}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(response.headers.link).toBe(`</api/upload/image/thumbnail/${publicId}/480.webp>; rel=preload; as=image; fetchpriority=high`);
  });

  it("draws a public card's portrait and name into the app's root, escaped, with its page as JSON that cannot end its script", async () => {
    const html = (await get(`/characters/${publicId}`)).body;
    const escaped = `&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;`;
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(root).toContain('data-first-view');
    expect(root).toContain(`<h1 id="character-name" class="character-name">Mara ${escaped}</h1>`);
    expect(root).toContain(
      `<img src="/api/upload/image/thumbnail/${publicId}/480.webp" alt="Portrait of Mara ${escaped}" width="480" height="720" fetchpriority="high" />`,
    );
    expect(root).toContain('<p class="first-view-creator">by @curator</p>');
    // Nothing of the card's text is markup anywhere in the page.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    const json = /<script type="application\/json" id="character-page-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('<');
    const page = JSON.parse(json);
    expect(page).toMatchObject({ file_id: publicId, is_owner: false, creator_handle: 'curator', content_rating: 'sfw' });
    expect(page.card.data.name).toBe(`Mara ${HOSTILE}`);
    expect(page.card.data.description).toContain(BREAKOUT);
    expect(page.review).toBeUndefined();
    // Drawing the shell counts no view: the app's own read of the page does.
    await get(`/api/character-pages/${publicId}`, owner); // counted once a day per viewer: this reader's view is in
    const views = (await get(`/api/character-pages/${publicId}`, owner)).json().stats.views;
    await get(`/characters/${publicId}`);
    expect((await get(`/api/character-pages/${publicId}`, owner)).json().stats.views).toBe(views);
  });

  it("answers a private or unknown card's page with 404 and the plain shell, so the app still starts", async () => {
    for (const id of [privateId, '00000000-0000-4000-8000-000000000000', 'not%20an%20id']) {
      const response = await get(`/characters/${id}`, owner);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(SHELL);
      expect(response.body).not.toContain('Secret Diary');
      expect(response.headers.link).toBeUndefined();
    }
  });

  it('previews an NSFW card by its name alone, without its portrait or text', async () => {
    const html = (await get(`/characters/${nsfwId}`)).body;
    expect(html).toContain('<title>After Dark (NSFW) · cardchat</title>');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    // A visitor may not see it: nothing of it is drawn or carried in the body.
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('character-page-data');
    expect(html.slice(html.indexOf('<body>'))).not.toContain('After Dark');
  });

  it("leaves the editor's page and other pages to the shell", async () => {
    const edit = await get(`/characters/${publicId}/edit`);
    expect([edit.statusCode, edit.body]).toEqual([200, SHELL]);
  });
});
