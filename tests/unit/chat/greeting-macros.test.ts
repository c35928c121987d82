import { describe, expect, it } from 'vitest';
import { fillGreeting } from '@core/chat/index';
import { card } from './promptSupport';

const willow = card({ name: 'Willow', description: 'A marsh witch.', scenario: 'Dusk.' });
const options = { userName: 'Ada', chatId: 'chat-1', now: new Date('2024-09-28T13:07:00Z'), timeZone: 'Europe/Paris' };

describe('a greeting as it is stored and shown', () => {
  it("fills every macro, drops the author's {{// notes}}, and keeps the time in the person's zone", () => {
    expect(
      fillGreeting(willow, '{{// remember to add a twist}}*{{char}} looks up.* "It is {{time}}, {{user}}." {{description}}', options),
    ).toBe('*Willow looks up.* "It is 3:07 PM, Ada." A marsh witch.');
  });

  it('reads the same for the same chat ({{random}}, {{roll}} and {{pick}} seeded by it), and differs between chats', () => {
    const text = '{{random::rain::sun::fog::snow::hail}} {{roll:d100}} {{pick::owl::heron::frog::newt}}';
    expect(fillGreeting(willow, text, options)).toBe(fillGreeting(willow, text, options));
    const chats = new Set(Array.from({ length: 12 }, (_, i) => fillGreeting(willow, text, { ...options, chatId: `chat-${i}` })));
    expect(chats.size).toBeGreaterThan(1);
    expect(fillGreeting(willow, text, options)).not.toMatch(/\{\{|\}\}/);
  });

  it('fills the persona for {{persona}}, and is empty when the greeting is only a note', () => {
    expect(fillGreeting(willow, 'Hello, {{persona}}', { ...options, personaDescription: 'a sailor' })).toBe('Hello, a sailor');
    expect(fillGreeting(willow, '{{// nothing for people}}', options)).toBe('');
  });
});
