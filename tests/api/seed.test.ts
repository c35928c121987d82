import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { PORTRAIT_HEIGHT, PORTRAIT_WIDTH, portraitSvg, renderPortrait } from '../../server/seed/portraits';

const REQUIRED_TEXT = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator',
  'creator_notes',
  'character_version',
] as const;

describe('the seeded gallery', () => {
  it('has at least 8 characters with unique names', () => {
    expect(SEED_CHARACTERS.length).toBeGreaterThanOrEqual(8);
    const names = SEED_CHARACTERS.map((c) => c.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(SEED_CHARACTERS.map((c) => [c.name, c] as const))('%s fills every card field a visitor sees', (_, c) => {
    for (const field of REQUIRED_TEXT) expect(c[field].trim(), field).not.toBe('');
    expect(c.creator).toBe('cardchat');
    expect(c.character_version).toBe('1.0');
    // Empty on purpose: cardchat's own default prompt applies to seeded characters.
    expect(c.system_prompt).toBe('');
    expect(c.post_history_instructions).toBe('');
    expect(c.alternate_greetings.length).toBeGreaterThanOrEqual(1);
    expect(c.alternate_greetings.length).toBeLessThanOrEqual(2);
    for (const greeting of c.alternate_greetings) expect(greeting).toMatch(/\{\{(user|char)\}\}/);
  });

  it.each(SEED_CHARACTERS.map((c) => [c.name, c] as const))('%s has 3 to 6 unique lowercase tags', (_, c) => {
    expect(c.tags.length).toBeGreaterThanOrEqual(3);
    expect(c.tags.length).toBeLessThanOrEqual(6);
    expect(new Set(c.tags).size).toBe(c.tags.length);
    for (const tag of c.tags) expect(tag).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it.each(SEED_CHARACTERS.map((c) => [c.name, c] as const))('%s opens with styled text and placeholders', (_, c) => {
    expect(c.first_mes).toMatch(/\{\{user\}\}/);
    expect(c.first_mes).toMatch(/<scene>[^<]+<\/scene>/);
    expect(c.first_mes).toMatch(/<action>[^<]+<\/action>/);
    expect(c.first_mes).toMatch(/"[^"]+"/);
    // Styled-text tags must pair up, or the chat renderer shows raw markup.
    for (const text of [c.first_mes, c.mes_example, ...c.alternate_greetings]) {
      for (const tag of ['action', 'scene']) {
        expect(text.split(`<${tag}>`).length, `${tag} in ${text}`).toBe(text.split(`</${tag}>`).length);
      }
    }
  });

  it.each(SEED_CHARACTERS.map((c) => [c.name, c] as const))('%s has example dialogue in SillyTavern format', (_, c) => {
    const blocks = c.mes_example.split('<START>').slice(1);
    expect(c.mes_example.startsWith('<START>')).toBe(true);
    expect(blocks.length).toBe(2);
    for (const block of blocks) {
      const lines = block.trim().split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line).toMatch(/^\{\{(user|char)\}\}: \S/);
      expect(lines[0]).toMatch(/^\{\{user\}\}:/);
      expect(lines.some((line) => line.startsWith('{{char}}:'))).toBe(true);
    }
  });

  it('gives at least two characters a well-formed V2 lorebook', () => {
    const books = SEED_CHARACTERS.flatMap((c) => (c.character_book ? [c.character_book] : []));
    expect(books.length).toBeGreaterThanOrEqual(2);
    for (const book of books) {
      expect(book.name.trim()).not.toBe('');
      expect(book.extensions).toEqual({});
      expect(book.entries.length).toBeGreaterThanOrEqual(2);
      expect(book.entries.length).toBeLessThanOrEqual(3);
      for (const entry of book.entries) {
        expect(entry.keys.length).toBeGreaterThan(0);
        for (const key of entry.keys) expect(key.trim()).not.toBe('');
        expect(entry.content.trim()).not.toBe('');
        expect(entry.enabled).toBe(true);
        expect(Number.isInteger(entry.insertion_order)).toBe(true);
        expect(entry.extensions).toEqual({});
      }
      // The card is JSON inside a PNG: the book must survive a JSON round trip unchanged.
      expect(JSON.parse(JSON.stringify(book))).toEqual(book);
    }
  });
});

describe('seeded portraits', () => {
  it('render every character to a distinct 512×768 PNG', async () => {
    const digests = new Set<string>();
    for (const character of SEED_CHARACTERS) {
      const png = await renderPortrait(character);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height], character.name).toEqual(['png', PORTRAIT_WIDTH, PORTRAIT_HEIGHT]);
      digests.add(createHash('sha256').update(png).digest('hex'));
    }
    expect(digests.size).toBe(SEED_CHARACTERS.length);
  });

  it('draw no text, so rendering never depends on installed fonts', () => {
    for (const character of SEED_CHARACTERS) expect(portraitSvg(character.portrait)).not.toMatch(/<text|font/i);
  });

  it('refuse a colour that is not #rrggbb instead of writing it into the SVG', async () => {
    const first = SEED_CHARACTERS[0]!;
    const portrait = { ...first.portrait, accent: 'red"/><script>' };
    await expect(renderPortrait({ portrait })).rejects.toThrow(/#rrggbb/);
  });
});
