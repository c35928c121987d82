import { useLayoutEffect, useState, type RefObject } from 'react';

/** Natural widths (px) of a list's tag chips and of its '+N' chip, for one set of tags. */
interface Measured {
  key: string;
  tags: number[];
  more: number;
}

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
 * How many of `tags` a one-line tag list shows, so that whole tags and the '+N' count fit its width
 * rather than every tag being cut short. The chips are measured once per set of tags (`measuring`:
 * render them all, and '+N' at its widest), before paint, and the count follows the list's width.
 */
export function useTagsThatFit(list: RefObject<HTMLElement | null>, tags: string[], total: number, enabled: boolean) {
  const key = `${total}\u0000${tags.join('\u0000')}`;
  const [measured, setMeasured] = useState<Measured | null>(null);
  const [count, setCount] = useState(tags.length);
  const measuring = enabled && measured?.key !== key;

  useLayoutEffect(() => {
    const element = list.current;
    if (!measuring || !element) return;
    const chips = [...element.children] as HTMLElement[];
    const more = chips.find((chip) => chip.hasAttribute('data-more'));
    // scrollWidth is the whole text's width even where the chip is cut short with an ellipsis.
    const widths = chips.filter((chip) => chip !== more).map((chip) => chip.scrollWidth);
    setMeasured({ key, tags: widths, more: more?.scrollWidth ?? 0 });
  }, [list, measuring, key]);

  useLayoutEffect(() => {
    const element = list.current;
    if (!enabled || !element || !measured || measured.key !== key) return;
    const fit = () => {
      const gap = parseFloat(getComputedStyle(element).columnGap) || 0;
      setCount(tagsThatFit(measured.tags, measured.more, gap, element.clientWidth, total));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [list, enabled, measured, key, total]);

  return { measuring, shown: enabled && !measuring ? count : tags.length };
}
