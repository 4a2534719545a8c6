import { options } from 'preact';

/**
 * How long effects wait for a frame that does not come (a hidden page draws none), in ms. Longer
 * than Preact's own 35 ms: a frame delayed by a long render (the first posts from the API) is still
 * waited for, so its effects do not run, and force a layout, ahead of the frame that draws them.
 */
const NO_FRAME_LIMIT = 100;

/**
 * Preact runs `useEffect` callbacks in a task after the next frame. Here that task is queued one
 * task later: what the frame's own callbacks queued for after it (a click's answer, a paint mark)
 * runs first, and the effects of a large render (subscriptions, timers, saved state) after them.
 */
export function effectsAfterFrameTasks(): void {
  // Without frames (no such function), Preact's own timer-only wait stays.
  if (typeof requestAnimationFrame !== 'function') return;
  options.requestAnimationFrame = (callback) => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      clearTimeout(fallback);
      setTimeout(() => setTimeout(callback, 0), 0);
    };
    const fallback = setTimeout(run, NO_FRAME_LIMIT);
    requestAnimationFrame(run);
  };
}
