/**
 * The Trending sort's score: chats started and likes given in the last seven days, each counting
 * less the older it is (halving every two days), so a card people are taking to now climbs past
 * one that was popular last week. Pure: the activity comes in, a number goes out.
 */

/** Only the last week counts at all. */
export const TRENDING_WINDOW_HOURS = 7 * 24;
/** An hour of activity counts half as much two days later. */
export const TRENDING_HALF_LIFE_HOURS = 48;
/** A like is a deliberate vote; a chat may be one person trying a card out (counted once a day each). */
export const LIKE_WEIGHT = 2;
export const CHAT_WEIGHT = 1;

/** What happened to a card in one hour, `hoursAgo` hours before now (0: this hour). */
export interface HourActivity {
  hoursAgo: number;
  chats: number;
  likes: number;
}

export function trendingScore(activity: readonly HourActivity[]): number {
  let score = 0;
  for (const { hoursAgo, chats, likes } of activity) {
    if (!(hoursAgo >= 0 && hoursAgo < TRENDING_WINDOW_HOURS)) continue;
    const weight = Math.max(0, chats) * CHAT_WEIGHT + Math.max(0, likes) * LIKE_WEIGHT;
    score += weight * 0.5 ** (hoursAgo / TRENDING_HALF_LIFE_HOURS);
  }
  return score;
}

/** The UTC hour a moment falls in, as activity is filed: `YYYY-MM-DDTHH`. */
export function hourOf(moment: Date): string {
  return moment.toISOString().slice(0, 13);
}

/** Whole hours from a filed hour to the hour `now` is in. */
export function hoursAgo(hour: string, now: Date): number {
  return Math.round((Date.parse(`${hourOf(now)}:00:00Z`) - Date.parse(`${hour}:00:00Z`)) / 3_600_000);
}

/** The oldest hour that still counts at `now`. */
export function windowStart(now: Date): string {
  return hourOf(new Date(Date.parse(`${hourOf(now)}:00:00Z`) - (TRENDING_WINDOW_HOURS - 1) * 3_600_000));
}
