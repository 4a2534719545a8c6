/** Where the running copy of a script leaves its stop, in the isolated world's globals. */
export const KEY_PREFIX = '__debateCompanionStop:';

/**
 * A script's lifetime in its frame (the link script, the bars): it ends when a newer copy starts there (the background
 * injects the script into tabs already open when the user widens where it runs; an update's copy
 * may meet an old one), so two copies never scan one page. WXT's content-script context does the
 * same with DOM events, at about 3 ms on every page (docs/performance.md); here the running copy
 * leaves its stop in the extension's isolated world, whose globals the page can neither see nor
 * call, and the next copy calls it.
 */
export function scriptLifetime(script: 'links' | 'link-bar'): AbortSignal {
  const key = KEY_PREFIX + script;
  const previous: unknown = Reflect.get(globalThis, key);
  if (typeof previous === 'function') previous();
  const controller = new AbortController();
  Object.defineProperty(globalThis, key, {
    value: () => controller.abort(),
    configurable: true,
    enumerable: false,
    writable: false,
  });
  return controller.signal;
}
