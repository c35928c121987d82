import { describe, expect, it } from 'vitest';
import {
  CHAT_WEIGHT,
  hourOf,
  hoursAgo,
  LIKE_WEIGHT,
  TRENDING_HALF_LIFE_HOURS,
  TRENDING_WINDOW_HOURS,
  trendingScore,
  windowStart,
} from '../../server/services/publishing/trending';

describe('the Trending score', () => {
  it('is nothing without activity, and counts this hour whole', () => {
    expect(trendingScore([])).toBe(0);
    expect(trendingScore([{ hoursAgo: 0, chats: 3, likes: 2 }])).toBe(3 * CHAT_WEIGHT + 2 * LIKE_WEIGHT);
  });

  it('weighs a like above a chat', () => {
    expect(trendingScore([{ hoursAgo: 0, chats: 0, likes: 1 }])).toBeGreaterThan(trendingScore([{ hoursAgo: 0, chats: 1, likes: 0 }]));
  });

  it('halves activity every half-life, so the same activity counts less the older it is', () => {
    const at = (hoursAgo: number) => trendingScore([{ hoursAgo, chats: 4, likes: 0 }]);
    expect(at(TRENDING_HALF_LIFE_HOURS)).toBeCloseTo(at(0) / 2, 10);
    expect(at(2 * TRENDING_HALF_LIFE_HOURS)).toBeCloseTo(at(0) / 4, 10);
    for (let hour = 1; hour < TRENDING_WINDOW_HOURS; hour++) expect(at(hour)).toBeLessThan(at(hour - 1));
  });

  it('counts only the last seven days: an hour past the window, or a time to come, adds nothing', () => {
    expect(TRENDING_WINDOW_HOURS).toBe(168);
    expect(trendingScore([{ hoursAgo: TRENDING_WINDOW_HOURS - 1, chats: 1, likes: 1 }])).toBeGreaterThan(0);
    expect(trendingScore([{ hoursAgo: TRENDING_WINDOW_HOURS, chats: 100, likes: 100 }])).toBe(0);
    expect(trendingScore([{ hoursAgo: -1, chats: 100, likes: 100 }])).toBe(0);
  });

  it('puts a card people take to now above one that was busier last week', () => {
    const lastWeek = trendingScore([{ hoursAgo: 6 * 24, chats: 20, likes: 10 }]);
    const today = trendingScore([{ hoursAgo: 2, chats: 4, likes: 2 }]);
    expect(today).toBeGreaterThan(lastWeek);
  });

  it('adds hours up, and never goes below zero for a like taken back', () => {
    const hours = [
      { hoursAgo: 0, chats: 1, likes: 0 },
      { hoursAgo: 10, chats: 0, likes: 1 },
    ];
    expect(trendingScore(hours)).toBeCloseTo(trendingScore([hours[0]!]) + trendingScore([hours[1]!]), 10);
    expect(trendingScore([{ hoursAgo: 1, chats: 0, likes: -3 }])).toBe(0);
  });

  it('files activity by the UTC hour and measures whole hours back from now', () => {
    const now = new Date('2026-11-27T22:41:09Z');
    expect(hourOf(now)).toBe('2026-11-27T22');
    expect(hoursAgo('2026-11-27T22', now)).toBe(0);
    expect(hoursAgo('2026-11-26T23', now)).toBe(23);
    expect(windowStart(now)).toBe('2026-11-20T23');
    expect(hoursAgo(windowStart(now), now)).toBe(TRENDING_WINDOW_HOURS - 1);
  });
});
