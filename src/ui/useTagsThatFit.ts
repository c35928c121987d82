import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The most tags (at least one) that fit in `available` px beside a '+N' for the rest. */
export function tagsThatFit(widths: number[], moreWidth: number, gap: number, available: number, total: number): number {
  for (let count = widths.length; count > 1; count--) {
    const rest = total - count;
    const needed = widths.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * (count - 1) + (rest > 0 ? gap + moreWidth : 0);
    if (needed <= available) return count;
  }
  return Math.min(1, widths.length);
}

/**
 * How many of `tags` a one-line list shows, so that whole tags and the '+N' count fit its width
 * rather than every tag being cut short. While `measuring` the list renders all of them and '+N' at
 * its widest (its last chip); their widths are kept, and the count follows the list's width. All of
 * it happens before paint.
 */
export function useTagsThatFit(list: RefObject<HTMLElement | null>, tags: string[], total: number, enabled: boolean) {
  const key = tags.join('\n');
  const [fit, setFit] = useState<[string, number] | null>(null);
  const widths = useRef<number[]>([]);
  const measuring = enabled && fit?.[0] !== key;

  useLayoutEffect(() => {
    const element = list.current;
    if (!enabled || !element) return;
    // scrollWidth is the whole text's width even where a chip is cut short with an ellipsis.
    if (measuring) widths.current = [...element.children].map((chip) => chip.scrollWidth);
    const own = widths.current.slice(0, -1);
    const more = widths.current.at(-1) ?? 0;
    const update = () => {
      const count = tagsThatFit(own, more, parseFloat(getComputedStyle(element).columnGap) || 0, element.clientWidth, total);
      setFit((known) => (known?.[0] === key && known[1] === count ? known : [key, count]));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [list, enabled, measuring, key, total]);

  return { measuring, shown: enabled && !measuring ? fit![1] : tags.length };
}
