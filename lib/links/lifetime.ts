/** Where the running copy of a script leaves its stop, in the isolated world's globals. */
export const KEY_PREFIX = '__debateCompanionStop:';

/**
 * Makes this copy of a script the one running in its frame (the link script, the bars): the copy
 * before it is stopped, and `stop` is left for the next. A newer copy comes when the background
 * injects the script into tabs already open as the user widens where it runs, or an update's copy
 * meets an old one; so two copies never scan one page. WXT's content-script context does the same
 * with DOM events, at about 3 ms on every page (docs/performance.md); here the running copy leaves
 * its stop in the extension's isolated world, whose globals the page can neither see nor call, and
 * the next copy calls it.
 */
export function claimFrame(script: 'links' | 'link-bar', stop: () => void): void {
  const key = KEY_PREFIX + script;
  const previous: unknown = Reflect.get(globalThis, key);
  if (typeof previous === 'function') previous();
  Object.defineProperty(globalThis, key, { value: stop, configurable: true, enumerable: false, writable: false });
}

/** {@link claimFrame} with an `AbortSignal` that a newer copy aborts. */
export function scriptLifetime(script: 'links' | 'link-bar'): AbortSignal {
  const controller = new AbortController();
  claimFrame(script, () => controller.abort());
  return controller.signal;
}
