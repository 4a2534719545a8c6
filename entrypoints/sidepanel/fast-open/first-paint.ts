/**
 * The performance mark set once the first timeline items are on screen (read by the benchmark):
 * the last opening's picture (panel-snapshot.ts) or the live panel, whichever is drawn first.
 */
export const FIRST_ITEMS_MARK = 'dc:timeline-first-items';
/** The performance mark set once the live panel's first items are on screen: usable from then on. */
export const INTERACTIVE_MARK = 'dc:timeline-interactive';

/** Sets `mark` (once) at the first task after the next frame: the frame that draws what is in the DOM now. */
export function markAfterNextFrame(mark: string, then?: () => void): void {
  requestAnimationFrame(() => {
    setTimeout(() => {
      if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
      then?.();
    }, 0);
  });
}

let painted: () => void = () => undefined;
const firstItemsPainted = new Promise<void>((resolve) => {
  painted = resolve;
});
/** The first items are in the DOM. */
let inDom = false;
/** A frame callback is waiting. */
let framePending = false;

function onFrame(): void {
  framePending = false;
  if (!inDom) return;
  // The first task after the frame that drew them.
  setTimeout(() => {
    for (const mark of [FIRST_ITEMS_MARK, INTERACTIVE_MARK]) {
      if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
    }
    painted();
  }, 0);
}

function watchNextFrame(): void {
  if (framePending) return;
  framePending = true;
  requestAnimationFrame(onFrame);
}

/**
 * Called just before a render that may draw the first items (the panel's first one, with the last
 * opening's posts): the frame callback is then asked for before any the render itself asks for
 * (Preact runs effects in a task after the next frame), so the mark is the first task after the
 * painting frame rather than after the effects' work.
 */
export function expectFirstItems(): void {
  if (!inDom) watchNextFrame();
}

/**
 * Marks the moment the first timeline items were painted: after the next animation frame (the
 * frame that draws them), at the first task after it. Called from the layout effect of the render
 * that put them in the DOM; once per page.
 */
export function markFirstItemsPainted(): void {
  if (inDom) return;
  inDom = true;
  watchNextFrame();
}

/** Dispatched on `window` by the early script once the last opening's picture is on screen. */
export const SNAPSHOT_PAINTED_EVENT = 'debate-companion:snapshot-painted';

/**
 * Resolves once the last opening's picture is on screen, or at once when there is none, or after
 * `limitMs` at the latest: the live panel's first render (the heaviest task of the opening) waits
 * for that frame instead of delaying it.
 */
export function whenSnapshotPainted(limitMs: number): Promise<void> {
  const snapshot = document.getElementById('snapshot');
  if (snapshot === null || snapshot.childElementCount === 0) return Promise.resolve();
  if (performance.getEntriesByName(FIRST_ITEMS_MARK).length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener(SNAPSHOT_PAINTED_EVENT, () => resolve(), { once: true });
    setTimeout(resolve, limitMs);
  });
}

/**
 * Resolves once the first timeline items are on screen (see {@link markFirstItemsPainted}), or after
 * `limitMs` at the latest, so nothing waits on a paint that does not come.
 */
export function whenFirstItemsPainted(limitMs: number): Promise<void> {
  return Promise.race([firstItemsPainted, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
