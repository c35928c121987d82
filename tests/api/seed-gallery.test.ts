import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { seedGallery } from '../../server/seed/seedGallery';
import { createTestApp, databases, type TestApp } from './helpers';

describe.each(databases)('the seeded gallery (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  it('fills an empty gallery with every seed character as a public card, first character first', async () => {
    expect(await seedGallery(test.app.ctx)).toBe(SEED_CHARACTERS.length);
    const list = await test.app.inject({ method: 'GET', url: `/api/upload/image?limit=50&offset=0` });
    const body = list.json();
    expect(body.total).toBe(SEED_CHARACTERS.length);
    expect(body.data.map((image: { display_title: string }) => image.display_title)).toEqual(SEED_CHARACTERS.map((c) => c.name));
    expect(body.data[0].card_data.data.creator).toBe('cardchat');
  }, 60_000);

  it('serves each seed as a real card PNG that the codec reads back, lorebook included', async () => {
    const list = (await test.app.inject({ method: 'GET', url: '/api/upload/image?limit=50&offset=0' })).json();
    const withBook = SEED_CHARACTERS.find((c) => c.character_book)!;
    const image = list.data.find((i: { display_title: string }) => i.display_title === withBook.name);
    const png = await test.app.inject({ method: 'GET', url: `/api/upload/image/${image.file_id}` });
    expect(png.statusCode).toBe(200);
    const { card, width, height } = readCard(new Uint8Array(png.rawPayload));
    expect([width, height]).toEqual([512, 768]);
    expect(card.data.name).toBe(withBook.name);
    expect(card.data.first_mes).toBe(withBook.first_mes);
    expect((card.data.character_book as { entries: unknown[] }).entries).toHaveLength(withBook.character_book!.entries.length);
  });

  it('does nothing when the gallery already has public cards', async () => {
    expect(await seedGallery(test.app.ctx)).toBe(0);
    const list = (await test.app.inject({ method: 'GET', url: '/api/upload/image?limit=50&offset=0' })).json();
    expect(list.total).toBe(SEED_CHARACTERS.length);
  });
});
