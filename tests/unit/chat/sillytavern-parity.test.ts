/**
 * The same cards built by cardchat and by SillyTavern. SillyTavern's prompt here is derived by hand
 * from its code (public/scripts/openai.js populateChatCompletion and populationInjectionPrompts,
 * world-info.js checkWorldInfo, script.js Generate and substituteParams, the default Chat
 * Completion preset) for its default settings: scan depth 2, whole words, recursion on, names in
 * the scanned text, budget 25%, the default prompt order, squash_system_messages off.
 *
 * The one deliberate difference in layout: SillyTavern sends an example block as '[Example Chat]'
 * then one system message per line, telling speakers apart only by a `name` field
 * (example_user / example_assistant) that many OpenAI-compatible servers drop; cardchat sends the
 * block as one system message under the same header, speakers named in the text. `asCardchat`
 * folds SillyTavern's form into cardchat's; everything else must be equal.
 */
import { describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import { buildPrompt, type PromptMessage } from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { sillyTavernCard } from '../../fixtures/ecosystem';
import { card } from './promptSupport';

type StMessage = { role: string; content: string; name?: 'example_user' | 'example_assistant' };

function asCardchat(messages: StMessage[], names: { user: string; char: string }): PromptMessage[] {
  const out: PromptMessage[] = [];
  for (const message of messages) {
    if (message.name) {
      const speaker = message.name === 'example_user' ? names.user : names.char;
      out[out.length - 1]!.content += `\n${speaker}: ${message.content}`;
    } else {
      out.push({ role: message.role as PromptMessage['role'], content: message.content });
    }
  }
  return out;
}

const sys = (content: string): StMessage => ({ role: 'system', content });
const turns = (...texts: [ChatRole, string][]) => texts.map(([role, content]) => ({ role, content }));

describe('the same card built by cardchat and by SillyTavern', () => {
  it('Willow (a SillyTavern export): lore before the character from the last two messages, wrappers, examples, history', () => {
    const { card: willow } = readCard(sillyTavernCard());
    const history = turns(
      ['assistant', willow.data.first_mes],
      ['user', 'Thank you for helping me.'],
      ['assistant', 'You are welcome.'],
      ['user', 'What now?'],
      ['assistant', 'Rest, traveler.'],
      ['user', 'Who were the Gloamwings that attacked me?'],
    );
    const description = willow.data.description.replaceAll('{{char}}', 'Willow').replaceAll('{{user}}', 'Ada');
    const sillyTavern: StMessage[] = [
      sys("Write Willow's next reply in a fictional chat between Willow and Ada."),
      sys(
        'Ada: "What are Gloamwings?"\nWillow: *Her voice drops.* "Moths as wide as a cart wheel. They drink warmth, not blood, and they hunt in swarms at dusk. You were lucky."',
      ),
      sys(description),
      sys("[Willow's personality: dry, blunt, patient with the sick, impatient with fools, superstitious about salt and iron]"),
      sys(
        "[Circumstances and context of the dialogue: Ada wakes up in Willow's hut at dusk, bandaged and feverish, with no memory of how they got there.]",
      ),
      sys('[Example Chat]'),
      { role: 'system', name: 'example_user', content: '"Why did you help me?"' },
      { role: 'system', name: 'example_assistant', content: '"Because the fen would have kept you, and I don\'t like sharing."' },
      sys('[Start a new Chat]'),
      ...history,
    ];
    const ours = buildPrompt({ card: willow, userName: 'Ada', history, contextTokens: 8192, replyTokens: 512 });
    expect(ours.messages).toEqual(asCardchat(sillyTavern, { user: 'Ada', char: 'Willow' }));
  });

  it("a card using the character's note, @depth, the author's-note slot, example lore, recursion, names and {{original}}", () => {
    const tamsin = card({
      name: 'Tamsin',
      system_prompt: '{{original}} Keep replies under 200 words.',
      description: '{{// TODO: a backstory}}{{char}} runs the harbour office.',
      personality: 'brisk, fair',
      scenario: '{{user}} arrives on the evening ferry.',
      mes_example: '<START>\n{{user}}: Any boats?\n{{char}}: Two, both late.',
      post_history_instructions: '{{original}}Stay terse.',
      extensions: { depth_prompt: { prompt: '{{char}} is tired today.', depth: 2, role: 'system' } },
      character_book: {
        entries: [
          { id: 0, keys: ['ferry'], content: 'The ferry runs twice a day.', insertion_order: 10, position: 'before_char', enabled: true },
          { id: 1, keys: ['harbour'], content: 'The harbour freezes in winter; see the ice.', insertion_order: 20, enabled: true },
          {
            id: 2,
            keys: ['ice'],
            content: 'Ice breaks hulls.',
            insertion_order: 5,
            enabled: true,
            extensions: { position: 4, depth: 0, role: 2 },
          },
          { id: 3, keys: ['Tamsin'], content: '{{char}} is 40.', insertion_order: 5, enabled: true, extensions: { position: 2 } },
          { id: 4, keys: ['art'], content: 'Art.', insertion_order: 5, enabled: true },
          {
            id: 5,
            keys: ['boats'],
            content: '<START>\n{{user}}: Boats?\n{{char}}: Ask the office.',
            insertion_order: 5,
            enabled: true,
            extensions: { position: 6 },
          },
        ],
      },
    });
    const history = turns(
      ['assistant', 'Welcome, {{user}}.'],
      ['user', 'I started out on the ferry.'],
      ['assistant', 'The harbour is quiet today.'],
      ['user', 'Any boats due?'],
    );
    const sillyTavern: StMessage[] = [
      sys("Write Tamsin's next reply in a fictional chat between Tamsin and Ada. Keep replies under 200 words."),
      sys('A sailor from the north.'),
      sys('Tamsin runs the harbour office.'),
      sys("[Tamsin's personality: brisk, fair]"),
      sys('[Circumstances and context of the dialogue: Ada arrives on the evening ferry.]'),
      sys('The harbour freezes in winter; see the ice.'),
      sys('[Example Chat]'),
      { role: 'system', name: 'example_user', content: 'Any boats?' },
      { role: 'system', name: 'example_assistant', content: 'Two, both late.' },
      sys('[Example Chat]'),
      { role: 'system', name: 'example_user', content: 'Boats?' },
      { role: 'system', name: 'example_assistant', content: 'Ask the office.' },
      sys('[Start a new Chat]'),
      sys('Tamsin is 40.'),
      { role: 'assistant', content: 'Welcome, Ada.' },
      { role: 'user', content: 'I started out on the ferry.' },
      sys('Tamsin is tired today.'),
      { role: 'assistant', content: 'The harbour is quiet today.' },
      { role: 'user', content: 'Any boats due?' },
      { role: 'assistant', content: 'Ice breaks hulls.' },
      sys('Stay terse.'),
    ];
    const ours = buildPrompt({
      card: tamsin,
      userName: 'Ada',
      personaDescription: 'A sailor from the north.',
      history,
      contextTokens: 8192,
      replyTokens: 512,
    });
    expect(ours.messages).toEqual(asCardchat(sillyTavern, { user: 'Ada', char: 'Tamsin' }));
  });
});
