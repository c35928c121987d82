import { describe, expect, it } from 'vitest';
import { readTimedWorldInfo, type TimedWorldInfo } from '@core/chat/index';
import { book, entry, scan, values } from './loreSupport';

/** One prompt after another: the effects each leaves are the next one's. */
function turns(lore: unknown, chat: [length: number, text: string][]) {
  let timed: TimedWorldInfo = { sticky: {}, cooldown: {} };
  return chat.map(([chatLength, text]) => {
    const result = scan(lore, [text], { timed, chatLength });
    timed = result.timed;
    return result.fired.map((f) => `${f.content}:${f.reason}`).join(',');
  });
}

describe('lorebook timed effects (per chat)', () => {
  it('keeps a sticky entry in for N messages after it fired, key or not', () => {
    const lore = book(entry(['storm'], 'Storm.', { extensions: { sticky: 2 } }));
    expect(
      turns(lore, [
        [4, 'a storm'],
        [5, 'calm'],
        [6, 'calm'],
      ]),
    ).toEqual(['Storm.:key', 'Storm.:sticky', '']);
  });

  it('keeps an entry out for N messages after it fired (cooldown)', () => {
    const lore = book(entry(['storm'], 'Storm.', { extensions: { cooldown: 2 } }));
    expect(
      turns(lore, [
        [4, 'a storm'],
        [5, 'a storm'],
        [6, 'a storm'],
      ]),
    ).toEqual(['Storm.:key', '', 'Storm.:key']);
  });

  it('puts a sticky entry on cooldown when its sticky ends', () => {
    const lore = book(entry(['storm'], 'Storm.', { extensions: { sticky: 1, cooldown: 2 } }));
    expect(
      turns(lore, [
        [4, 'a storm'],
        [5, 'a storm'],
        [6, 'a storm'],
        [7, 'a storm'],
      ]),
    ).toEqual(['Storm.:key', '', '', 'Storm.:key']);
  });

  it('keeps a delayed entry out until the chat has N messages', () => {
    const lore = book(entry(['storm'], 'Storm.', { extensions: { delay: 3 } }));
    expect(
      turns(lore, [
        [2, 'a storm'],
        [3, 'a storm'],
      ]),
    ).toEqual(['', 'Storm.:key']);
  });

  it('forgets an effect set by a reply that was regenerated (the chat did not move on), so the dice roll again', () => {
    const lore = book(entry(['storm'], 'Storm.', { extensions: { sticky: 3, probability: 50 } }));
    const first = scan(lore, ['a storm'], { chatLength: 4, random: values(0.1) });
    expect(first.fired).toHaveLength(1);
    const regenerated = scan(lore, ['a storm'], { chatLength: 4, timed: first.timed, random: values(0.9) });
    expect(regenerated.fired).toEqual([]);
    const next = scan(lore, ['calm'], { chatLength: 5, timed: first.timed, random: values(0.9) });
    expect(next.fired.map((f) => f.reason)).toEqual(['sticky']);
  });

  it('lets a sticky member win its inclusion group', () => {
    const lore = book(
      entry(['sea'], 'Calm.', { extensions: { group: 'weather', sticky: 3 } }),
      entry(['sea'], 'Storm.', { extensions: { group: 'weather' } }),
    );
    const first = scan(lore, ['sea'], { chatLength: 2, random: values(0) });
    expect(first.fired.map((f) => f.content)).toEqual(['Calm.']);
    expect(scan(lore, ['sea'], { chatLength: 3, timed: first.timed, random: values(0.99) }).fired.map((f) => f.content)).toEqual(['Calm.']);
  });

  it("keeps the state in SillyTavern's shape, and reads a stored one defensively", () => {
    const result = scan(book(entry(['storm'], 'Storm.', { id: 7, extensions: { sticky: 2 } })), ['storm'], { chatLength: 4 });
    expect(result.timed.sticky['character_book.7']).toMatchObject({ start: 4, end: 6, protected: false });
    expect(
      readTimedWorldInfo({ sticky: { a: { hash: 'x', start: 1, end: 2 }, b: null, c: { hash: 1, start: 1, end: 3 } }, cooldown: 'x' }),
    ).toEqual({
      sticky: { c: { hash: 1, start: 1, end: 3, protected: false } },
      cooldown: {},
    });
    for (const odd of [null, 1, 'x', [], { sticky: [] }]) expect(readTimedWorldInfo(odd)).toEqual({ sticky: {}, cooldown: {} });
  });
});
