// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@core/chat/macros/seeded';
import { pickSpeaker, talkativenessOf, type SpeakerCandidate, type SpokenMessage } from '@core/group/index';

const member = (id: string, fields: Partial<SpeakerCandidate> = {}): SpeakerCandidate => ({
  id,
  names: [id],
  talkativeness: 0.5,
  muted: false,
  ...fields,
});
const trio = [member('Alice'), member('Bob'), member('Carol')];
const user = (content: string): SpokenMessage => ({ role: 'user', content, speakerId: null });
const reply = (speakerId: string, content = '...'): SpokenMessage => ({ role: 'assistant', content, speakerId });

/** Who each of 200 seeds picks. */
function picks(question: Omit<Parameters<typeof pickSpeaker>[0], 'random'>): (string | null)[] {
  return Array.from({ length: 200 }, (_, i) => pickSpeaker({ ...question, random: seededRandom(`seed-${i}`) }));
}

describe('natural order', () => {
  it('gives the same speaker for the same seed, and different ones across seeds', () => {
    const question = { strategy: 'natural' as const, members: trio, history: [user('Hello everyone')] };
    expect(pickSpeaker({ ...question, random: seededRandom('a') })).toBe(pickSpeaker({ ...question, random: seededRandom('a') }));
    expect(new Set(picks(question))).toEqual(new Set(['Alice', 'Bob', 'Carol']));
  });

  it('lets the member the last message names speak, whatever the seed', () => {
    expect(new Set(picks({ strategy: 'natural', members: trio, history: [user('What do you think, carol?')] }))).toEqual(
      new Set(['Carol']),
    );
  });

  it('takes the first member named when two are', () => {
    expect(new Set(picks({ strategy: 'natural', members: trio, history: [user('Bob! And Alice...')] }))).toEqual(new Set(['Bob']));
  });

  it('wakes a member by its nickname or a word of its name, through punctuation and case', () => {
    const members = [member('a', { names: ['Captain Hook', 'Jas'] }), member('b', { names: ['Wendy Darling'] })];
    expect(new Set(picks({ strategy: 'natural', members, history: [user('"HOOK?!" she cried.')] }))).toEqual(new Set(['a']));
    expect(new Set(picks({ strategy: 'natural', members, history: [user('jas, over here')] }))).toEqual(new Set(['a']));
    expect(new Set(picks({ strategy: 'natural', members, history: [user('Wendy—look.')] }))).toEqual(new Set(['b']));
  });

  it('reads a name inside another word as no mention', () => {
    const members = [member('Al', { talkativeness: 0 }), member('Bo', { talkativeness: 1 })];
    expect(new Set(picks({ strategy: 'natural', members, history: [user('Always.')] }))).toEqual(new Set(['Bo']));
  });

  it('never picks the last speaker again, even when its own reply names it', () => {
    const history = [user('hi'), reply('Alice', 'I am Alice, and Alice likes tea.')];
    expect(picks({ strategy: 'natural', members: trio, history })).not.toContain('Alice');
  });

  it('lets the person name the member who just spoke', () => {
    const history = [user('hi'), reply('Alice'), user('Alice, again please')];
    expect(new Set(picks({ strategy: 'natural', members: trio, history }))).toEqual(new Set(['Alice']));
  });

  it('follows talkativeness: a silent member speaks only when named, a chatty one most', () => {
    const members = [member('Quiet', { talkativeness: 0 }), member('Chatty', { talkativeness: 1 }), member('Mid', { talkativeness: 0.5 })];
    const chosen = picks({ strategy: 'natural', members, history: [user('hello')] });
    expect(chosen).not.toContain('Quiet');
    expect(chosen.filter((id) => id === 'Chatty').length).toBeGreaterThan(chosen.filter((id) => id === 'Mid').length);
  });

  it('draws among the others when nobody is talkative, and never a muted member', () => {
    const members = [member('A', { talkativeness: 0 }), member('B', { talkativeness: 0 }), member('C', { muted: true, talkativeness: 1 })];
    const chosen = picks({ strategy: 'natural', members, history: [user('hi'), reply('A')] });
    expect(new Set(chosen)).toEqual(new Set(['B']));
    expect(picks({ strategy: 'natural', members, history: [user('C, talk to me')] })).not.toContain('C');
  });

  it('lets a member alone answer itself', () => {
    const members = [member('A'), member('B', { muted: true })];
    expect(new Set(picks({ strategy: 'natural', members, history: [user('hi'), reply('A')] }))).toEqual(new Set(['A']));
  });

  it('answers null when every member is muted', () => {
    const members = trio.map((m) => ({ ...m, muted: true }));
    expect(pickSpeaker({ strategy: 'natural', members, history: [user('hi')], random: seededRandom('x') })).toBeNull();
  });
});

describe('list order', () => {
  it('goes round the members in their order, skipping muted ones', () => {
    const members = [member('A'), member('B', { muted: true }), member('C')];
    const next = (history: SpokenMessage[]) => pickSpeaker({ strategy: 'list', members, history, random: seededRandom('x') });
    expect(next([user('hi')])).toBe('A');
    expect(next([user('hi'), reply('A'), user('and?')])).toBe('C');
    expect(next([user('hi'), reply('A'), reply('C')])).toBe('A');
    // A speaker since removed from the group: the list starts over.
    expect(next([user('hi'), reply('Gone')])).toBe('A');
  });
});

describe('pooled order', () => {
  it('lets each member speak once before anyone speaks again', () => {
    const history: SpokenMessage[] = [user('hi')];
    for (let round = 0; round < 4; round++) {
      const spoken: string[] = [];
      for (let turn = 0; turn < trio.length; turn++) {
        const id = pickSpeaker({ strategy: 'pooled', members: trio, history, random: seededRandom(`${round}-${turn}`) })!;
        spoken.push(id);
        history.push(reply(id), user('go on'));
      }
      expect(spoken.sort()).toEqual(['Alice', 'Bob', 'Carol']);
    }
  });

  it('never starts a new round with the member who closed the last one', () => {
    const history = [reply('Alice'), reply('Bob'), reply('Carol')];
    expect(picks({ strategy: 'pooled', members: trio, history })).not.toContain('Carol');
  });
});

describe('talkativenessOf', () => {
  it('reads a number or a numeric string, clamps it, and defaults to 0.5', () => {
    expect(talkativenessOf({ talkativeness: 0.2 })).toBe(0.2);
    expect(talkativenessOf({ talkativeness: '0.8' })).toBe(0.8);
    expect(talkativenessOf({ talkativeness: 7 })).toBe(1);
    expect(talkativenessOf({ talkativeness: 'chatty' })).toBe(0.5);
    expect(talkativenessOf({ talkativeness: '' })).toBe(0.5);
    expect(talkativenessOf(undefined)).toBe(0.5);
  });
});
