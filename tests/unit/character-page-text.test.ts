import { describe, expect, it } from 'vitest';
import type { CharacterPage } from '@core/contract';
import { pageForReader } from '../../src/features/character/characterText';

function pageOf(data: Record<string, unknown>): CharacterPage {
  return {
    file_id: 'card-1',
    card_type: 'user',
    filename: 'aria.png',
    url: '/api/images/card-1',
    thumbnail_url: '/api/images/card-1/thumbnail?w=480',
    thumbnail_srcset: '',
    card: { spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Aria', ...data } },
    creator_handle: null,
    content_rating: 'sfw',
    stats: { chats: 0, likes: 0, views: 0, downloads: 0 },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    published_at: null,
    is_owner: false,
  };
}

const PAGE = pageOf({
  description: '{{char}} is a guide who meets {{user}} at the gate.',
  personality: 'Kind to {{User}}.',
  scenario: '{{user}} arrives; {{char}} waits.',
  first_mes: '*{{char}} waves.* Hello, {{user}}!',
  alternate_greetings: ['Welcome back, {{user}}.', '{{// a note only}}'],
});

describe("a character page's words, as the chat will show them", () => {
  it('fills {{char}} and {{user}} in the description, personality, scenario and greetings for a visitor', () => {
    const shown = pageForReader(PAGE, { userName: 'You' });
    expect(shown.description).toBe('Aria is a guide who meets You at the gate.');
    expect(shown.personality).toBe('Kind to You.');
    expect(shown.scenario).toBe('You arrives; Aria waits.');
    // A greeting that fills to nothing is left out, as the chat leaves it out.
    expect(shown.greetings.map((greeting) => greeting.text)).toEqual(['*Aria waves.* Hello, You!', 'Welcome back, You.']);
  });

  it("speaks to the reader's persona by name, and fills {{persona}} with its description", () => {
    const page = pageOf({ description: '{{user}}: {{persona}}', first_mes: 'Hi {{user}}.' });
    const shown = pageForReader(page, { userName: 'Mira', personaDescription: 'A tall archer.' });
    expect(shown.description).toBe('Mira: A tall archer.');
    expect(shown.greetings[0]?.text).toBe('Hi Mira.');
  });

  it('leaves text without macros and empty fields as they are', () => {
    const shown = pageForReader(pageOf({ description: 'Plain <b>text</b>.', first_mes: '' }), { userName: 'You' });
    expect(shown.description).toBe('Plain <b>text</b>.');
    expect(shown.scenario).toBe('');
    expect(shown.greetings).toEqual([]);
  });
});
