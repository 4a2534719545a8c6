import type { Browser } from '@wxt-dev/browser';

type BrowserApi = typeof Browser;

let api: BrowserApi | undefined;

/** The browser's own API object, as `@wxt-dev/browser` picks it: `browser` where it is the extension's, else `chrome`. */
function resolve(): BrowserApi {
  const scope = globalThis as unknown as { browser?: BrowserApi; chrome: BrowserApi };
  api ??= scope.browser?.runtime?.id ? scope.browser : scope.chrome;
  return api;
}

/**
 * `wxt/browser` for the gated link script (wxt.config.ts points its import here): the browser's
 * own API object, looked up at its first use instead of when the script starts. The first touch of
 * the extension API builds its bindings in the page's isolated world, about 1.6 ms
 * (docs/performance.md, "The always-on script on every page"): a gated link script that never asks
 * the background never pays it.
 */
export const browser: BrowserApi = new Proxy({} as BrowserApi, {
  get: (_target, key) => Reflect.get(resolve(), key),
});
