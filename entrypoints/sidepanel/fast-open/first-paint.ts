/**
 * The performance mark set once the first timeline items are on screen (read by the benchmark).
 */
export const FIRST_ITEMS_MARK = 'dc:timeline-first-items';
/** The performance mark set once the picture of the last opening is drawn (fast-open/picture.ts). */
export const PICTURE_MARK = 'dc:picture';
/** The performance mark set once the live panel's first items are on screen: usable from then on. */
export const INTERACTIVE_MARK = 'dc:timeline-interactive';

/** Sets `mark` unless it is set already (the picture's frame and the live panel's may both reach it). */
export function markOnce(mark: string): void {
  if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
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
    markOnce(FIRST_ITEMS_MARK);
    markOnce(INTERACTIVE_MARK);
    // What waits for the first paint starts in a task of its own, after the ones the frame queued.
    setTimeout(painted, 0);
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
 * (the panel's effects run after the next frame's tasks, `lib/ui/effects-after-frame.ts`), so the mark is the first task after the
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

/**
 * Resolves once the first timeline items are on screen (see {@link markFirstItemsPainted}), or after
 * `limitMs` at the latest, so nothing waits on a paint that does not come.
 */
export function whenFirstItemsPainted(limitMs: number): Promise<void> {
  return Promise.race([firstItemsPainted, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
