/** The performance mark set once the first timeline items are on screen (read by the benchmark). */
export const FIRST_ITEMS_MARK = 'dc:timeline-first-items';

/**
 * Marks the moment the first timeline items were painted: after the next animation frame (the
 * frame that draws them), at the first task after it. Once per page.
 */
export function markFirstItemsPainted(): void {
  if (performance.getEntriesByName(FIRST_ITEMS_MARK).length > 0) return;
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (performance.getEntriesByName(FIRST_ITEMS_MARK).length === 0) performance.mark(FIRST_ITEMS_MARK);
    }, 0);
  });
}
