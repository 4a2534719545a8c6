/** How much of an idle period is left, as `requestIdleCallback` reports it. */
export interface IdleDeadlineLike {
  timeRemaining(): number;
  readonly didTimeout: boolean;
}

/** Runs `callback` when the page is idle (or after `timeout` ms at the latest); returns a cancel function. */
export type IdleScheduler = (callback: (deadline: IdleDeadlineLike) => void, timeout: number) => () => void;

/** Time given to one slice of work where the browser has no `requestIdleCallback` (Safari, tests). */
export const FALLBACK_SLICE_MS = 8;

/**
 * `requestIdleCallback` where there is one; elsewhere a `setTimeout` whose deadline grants
 * {@link FALLBACK_SLICE_MS} of work, so no slice blocks the page for long.
 */
export const browserIdle: IdleScheduler = (callback, timeout) => {
  const g = globalThis as typeof globalThis & {
    requestIdleCallback?: (cb: (deadline: IdleDeadlineLike) => void, options: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
  if (typeof g.requestIdleCallback === 'function' && typeof g.cancelIdleCallback === 'function') {
    const handle = g.requestIdleCallback(callback, { timeout });
    return () => g.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(() => {
    const end = performance.now() + FALLBACK_SLICE_MS;
    callback({ didTimeout: false, timeRemaining: () => Math.max(0, end - performance.now()) });
  }, 1);
  return () => clearTimeout(handle);
};
