/** At most this many numbered page buttons (docs/PRODUCT.md, Screens). */
export const MAX_PAGE_BUTTONS = 5;

/**
 * The page numbers to show as buttons: all pages when there are at most `max`, otherwise a window of
 * `max` consecutive pages around the current one, clamped to the first and last pages.
 */
export function pageButtons(current: number, totalPages: number, max = MAX_PAGE_BUTTONS): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  const page = Math.min(Math.max(1, current), totalPages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export function totalPagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
