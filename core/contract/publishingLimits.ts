/**
 * Plain values of publishing and reports both sides agree on, apart from constants.ts: only the
 * pages that publish or report use them, and what constants.ts holds loads with Home.
 */

/** Publishing and reports: what one person may have waiting, and how long their texts may be. */
export const PUBLISHING_LIMITS = {
  /** Cards (and edits of published ones) one person may have waiting for review at once. */
  waitingSubmissions: 20,
  /** A review's or an unpublish's reason, shown to the creator. */
  noteChars: 500,
  /** What a report says beside its reason. */
  reportChars: 1000,
  /** Reports one person may send in an hour. */
  reportsPerHour: 10,
} as const;

/** Why a card is reported, as the report form lists them. */
export const REPORT_REASONS = {
  minors: 'Sexual content involving minors',
  real_person: 'A real person, without their consent',
  hate: 'Hate or harassment',
  violence: 'Graphic violence or self-harm',
  rating: 'NSFW content marked as SFW',
  stolen: "Someone else's card, reposted",
  spam: 'Spam or advertising',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
