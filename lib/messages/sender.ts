/**
 * Who sent a runtime message, as the router trusts it.
 *
 * - `extension`: one of our pages (popup, side panel/sidebar, options, an extension page opened in a
 *   tab). Its `sender.url` starts with our origin (`chrome-extension://<id>/`,
 *   `moz-extension://<uuid>/`), in Chrome and Firefox alike, even when it sits in a tab (then it also
 *   has `sender.tab`, so `tab` alone never means "content script").
 * - `content`: our content script in a web page: it has `sender.tab` (with an id) and its `sender.url`
 *   is the page's URL, never our origin. A page cannot make its URL start with our origin.
 *
 * Both must carry our extension id: other extensions' messages arrive with their own id (and we
 * register no `onMessageExternal`). Chrome's `sender.origin`, when present, must agree with the URL.
 */
export type SenderInfo =
  | { kind: 'extension'; url: string; tabId: number | undefined }
  | { kind: 'content'; tabId: number; frameId: number | undefined; url: string | undefined };

/** Our identity, as the background knows it (`browser.runtime.id`, `browser.runtime.getURL('')`). */
export interface ExtensionIdentity {
  extensionId: string;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`, with or without the trailing slash. */
  extensionOrigin: string;
}

function field(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;
}

/** Normalizes an origin to `scheme://host` (no trailing slash), or undefined when it is not one. */
export function normalizeOrigin(origin: string): string | undefined {
  const trimmed = origin.replace(/\/+$/, '');
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(trimmed) ? trimmed : undefined;
}

/** Classifies a sender, or returns undefined when it must be refused. Never throws on odd input. */
export function classifySender(sender: unknown, identity: ExtensionIdentity): SenderInfo | undefined {
  const origin = normalizeOrigin(identity.extensionOrigin);
  if (origin === undefined || identity.extensionId === '') return undefined;
  if (typeof sender !== 'object' || sender === null) return undefined;
  if (field(sender, 'id') !== identity.extensionId) return undefined;

  const url = field(sender, 'url');
  const senderOrigin = field(sender, 'origin');
  const tab = field(sender, 'tab');
  const tabId = typeof tab === 'object' && tab !== null ? field(tab, 'id') : undefined;
  const validTabId = typeof tabId === 'number' && Number.isInteger(tabId) && tabId >= 0 ? tabId : undefined;

  if (typeof url === 'string' && url.startsWith(`${origin}/`)) {
    if (senderOrigin !== undefined && senderOrigin !== origin) return undefined;
    return { kind: 'extension', url, tabId: validTabId };
  }
  if (validTabId !== undefined) {
    const frameId = field(sender, 'frameId');
    return {
      kind: 'content',
      tabId: validTabId,
      frameId: typeof frameId === 'number' ? frameId : undefined,
      url: typeof url === 'string' ? url : undefined,
    };
  }
  // Neither our page nor a tab's content script (e.g. a sender with no URL): refuse.
  return undefined;
}
