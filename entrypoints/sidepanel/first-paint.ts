/** The performance mark set once the first timeline items are on screen (read by the benchmark). */
export const FIRST_ITEMS_MARK = 'dc:timeline-first-items';

let painted: () => void = () => undefined;
const firstItemsPainted = new Promise<void>((resolve) => {
  painted = resolve;
});

/**
 * Marks the moment the first timeline items were painted: after the next animation frame (the
 * frame that draws them), at the first task after it. Once per page.
 */
export function markFirstItemsPainted(): void {
  if (performance.getEntriesByName(FIRST_ITEMS_MARK).length > 0) return;
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (performance.getEntriesByName(FIRST_ITEMS_MARK).length === 0) performance.mark(FIRST_ITEMS_MARK);
      painted();
    }, 0);
  });
}

/**
 * Resolves once the first timeline items are on screen (see {@link markFirstItemsPainted}), or after
 * `limitMs` at the latest, so nothing waits on a paint that does not come.
 */
export function whenFirstItemsPainted(limitMs: number): Promise<void> {
  return Promise.race([firstItemsPainted, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
