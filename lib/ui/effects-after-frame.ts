import { options } from 'preact';

/** How long effects wait for a frame that does not come (a hidden page draws none), as Preact's own wait (ms). */
const NO_FRAME_LIMIT = 100;

/**
 * Preact runs `useEffect` callbacks in a task after the next frame. Here that task is queued one
 * task later: what the frame's own callbacks queued for after it (a click's answer, a paint mark)
 * runs first, and the effects of a large render (subscriptions, timers, saved state) after them.
 */
export function effectsAfterFrameTasks(): void {
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
