/** The browser's own `chrome.runtime`, as the bench's pages reach it (no polyfill, nothing of ours). */
interface RawChrome {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
}

/**
 * The one round trip every opening of the side panel makes: `getTimelinePage` for `limit` posts,
 * through the browser's own `chrome.runtime`, as the panel's early script sends it.
 */
export function askFirstPage(limit: number): Promise<unknown> {
  const { chrome } = globalThis as unknown as { chrome: RawChrome };
  return chrome.runtime.sendMessage({ type: 'getTimelinePage', payload: { limit } });
}
