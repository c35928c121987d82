// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Card } from '@core/card/index';
import { createDemoProvider } from '../../../server/ai/demo';
import { MAX_DEMO_REPLY_CHARS } from '../../../server/ai/demo-reply';
import { ProviderError, type ProviderStream } from '../../../server/ai/provider';
import { testCard } from '../../support/cards';

const CREATOR_NOTES = 'CREATOR-NOTES-MARKER';

const mira = testCard({
  name: 'Mira Vell',
  nickname: 'Mira',
  personality: 'Curious, dry-witted, kind to strangers',
  scenario: '{{char}} keeps a lighthouse on a stormy coast. {{user}} has just arrived.',
  description: '{{char}} is a retired sea captain.',
  creator_notes: CREATOR_NOTES,
});

function complete(card: Card, message: string, signal = new AbortController().signal, wordDelayMs = 0): ProviderStream {
  return createDemoProvider({ wordDelayMs }).complete({
    messages: [
      { role: 'system', content: `You are ${card.data.name}. ${CREATOR_NOTES}` },
      { role: 'user', content: message },
    ],
    card,
    userName: 'Ada',
    signal,
  });
}

async function replyText(card: Card, message: string): Promise<string> {
  let text = '';
  for await (const piece of complete(card, message).stream) text += piece;
  return text;
}

const MESSAGES = ['Hello!', 'What is that light out there?', "I don't trust the sea.", 'Tell me a story', ''];

describe('demo provider', () => {
  it('answers the same message to the same card with the same words', async () => {
    for (const message of MESSAGES) {
      expect(await replyText(mira, message)).toBe(await replyText(mira, message));
    }
    expect(new Set(await Promise.all(MESSAGES.map((message) => replyText(mira, message)))).size).toBeGreaterThan(1);
  });

  it('stays in character: names itself, addresses the user, uses actions and dialogue', async () => {
    for (const message of MESSAGES) {
      const text = await replyText(mira, message);
      expect(text).toMatch(/^\*Mira /);
      expect(text).toContain('Ada');
      expect(text).toMatch(/"[^"]+"/);
      expect(text).not.toMatch(/\{\{|<user>|<bot>/i);
      const sentences = text.split(/(?<=[.!?…]["*]?)\s+/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
    }
  });

  it('quotes the user without breaking its own quotes', async () => {
    const text = await replyText(mira, 'Is this "the" *famous* lighthouse?');
    expect(text).toContain('Is this the famous lighthouse');
    expect(text.match(/"/g)).toHaveLength(2);
  });

  it("quotes the user's words without the markup they wrote them in", async () => {
    const text = await replyText(mira, '<action>waves</action> *smiles* <scene>At the door.</scene> Hello there');
    expect(text).toMatch(/waves\s+smiles\s+At the door\s+Hello/);
    // Only the reply's own styling: its action and narration, and one pair of quotes.
    expect(text).not.toMatch(/<\/?(action|scene)>/);
    expect(text.match(/"/g)).toHaveLength(2);
    const quoted = /'([^']*)'/.exec(text)?.[1] ?? '';
    expect(quoted).not.toMatch(/[*<>]/);
  });

  it('never says the creator notes', async () => {
    for (const message of MESSAGES) {
      expect(await replyText(mira, message)).not.toContain(CREATOR_NOTES);
    }
  });

  it('answers from a card with empty fields', async () => {
    const bare = testCard({ name: 'Nobody', personality: '', scenario: '', description: '' });
    const text = await replyText(bare, 'Hi');
    expect(text).toMatch(/^\*Nobody [^*]+\.\* "/);
  });

  it('keeps its reply short whatever the card holds (issue 16: a length cap)', async () => {
    const endless = testCard({
      name: 'N'.repeat(5_000),
      personality: 'calm',
      scenario: '{{char}} '.repeat(200_000),
      description: 'word '.repeat(400_000),
    });
    for (const message of MESSAGES) {
      const reply = await replyText(endless, message);
      expect(reply.length).toBeLessThanOrEqual(MAX_DEMO_REPLY_CHARS);
      expect(reply.length).toBeGreaterThan(0);
    }
  });

  it('streams word by word and reports estimated usage once done', async () => {
    const reply = complete(mira, 'Hello!');
    const pieces: string[] = [];
    for await (const piece of reply.stream) {
      expect(reply.usage()).toBeUndefined();
      pieces.push(piece);
    }
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.every((piece) => piece.trim().split(/\s+/).length === 1)).toBe(true);
    expect(reply.usage()?.completion_tokens).toBeGreaterThan(0);
  });

  it('stops at once when aborted, even mid-pause', async () => {
    const controller = new AbortController();
    const reply = complete(mira, 'Hello!', controller.signal, 60_000);
    const pieces: string[] = [];
    const error = await (async () => {
      try {
        for await (const piece of reply.stream) {
          pieces.push(piece);
          setTimeout(() => controller.abort(), 10);
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect(pieces).toHaveLength(1);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('aborted');
  });
});
