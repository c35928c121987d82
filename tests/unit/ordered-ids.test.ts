import { describe, expect, it } from 'vitest';
import { orderedIds } from '../../server/services/chats/orderedIds';

const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids for rows stored together', () => {
  it('are version 7 UUIDs that sort in the order made, with the time first', () => {
    const now = Date.UTC(2026, 10, 28, 7, 0);
    const ids = orderedIds(20_000, now);
    expect(new Set(ids).size).toBe(20_000);
    expect(ids.filter((id) => !VERSION_7.test(id))).toEqual([]);
    expect(ids.every((id, i) => i === 0 || ids[i - 1]! < id)).toBe(true);
    expect(Number.parseInt(ids[0]!.replace('-', '').slice(0, 12), 16)).toBe(now);
  });

  it('differ between two batches made in the same millisecond, and later batches sort after', () => {
    const [a] = orderedIds(1, 1_000);
    const [b] = orderedIds(1, 1_000);
    const [c] = orderedIds(1, 1_001);
    expect(a).not.toBe(b);
    expect(c! > a! && c! > b!).toBe(true);
  });

  it('refuses a batch larger than its counter', () => {
    expect(() => orderedIds(2 ** 26 + 1)).toThrow(RangeError);
  });
});
