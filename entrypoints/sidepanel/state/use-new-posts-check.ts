import { useEffect } from 'preact/hooks';

/** How often the panel looks for newer posts while it is visible. */
export const CHECK_INTERVAL_MS = 60_000;
/** Never two checks closer than this, however often the panel gains focus. */
export const MIN_GAP_MS = 15_000;

/**
 * Runs `check` when the panel gains focus or becomes visible, and every {@link CHECK_INTERVAL_MS}
 * while it is visible; never while hidden or offline, never twice within {@link MIN_GAP_MS}.
 * `enabled` is false until the timeline has loaded (its first page is the first check).
 */
export function useNewPostsCheck(check: () => unknown, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const run = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      if (Date.now() - last < MIN_GAP_MS) return;
      last = Date.now();
      check();
    };
    const timer = setInterval(run, CHECK_INTERVAL_MS);
    window.addEventListener('focus', run);
    document.addEventListener('visibilitychange', run);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', run);
      document.removeEventListener('visibilitychange', run);
    };
  }, [check, enabled]);
}
