import type { PermalinkPattern } from './pattern';

/**
 * The link script's gate (`links-gated.js`): with the site's own permalinks (`{origin}/posts/{id}`),
 * and extra patterns that start the same way, a page can hold a post link only if one of its links
 * says `posts/` or the page itself sits under a `/posts/` path (or names a `<base>`). That is one
 * native selector test and a string test, with no `chrome` API touched: on a page that fails it the
 * script asks the background nothing at all (docs/performance.md, "The always-on script on every page").
 *
 * The gate only decides when to ask: what is a post link is still decided by the patterns the
 * background hands over. It is wider than any pattern (any host, any case), so it never hides a post
 * link a page shows plainly; a page could spell its own links so the gate misses them (a tab or a
 * line break inside the word, which the URL parser drops), which costs that page its bars and nothing else.
 */

/** The first path segment every gated pattern starts with. */
export const GATE_SEGMENT = 'posts';

/**
 * Links whose text could resolve to a `/posts/…` URL (the URL parser reads a backslash as a slash in
 * http(s) URLs), and a `<base>` that could make any relative link one.
 */
const GATE_SELECTOR = `a[href*="${GATE_SEGMENT}/" i], a[href*="${GATE_SEGMENT}\\\\" i], base[href]`;
const GATE_PATH = new RegExp(`/${GATE_SEGMENT}/`, 'i');

/**
 * Whether these patterns can use the gated script: every one's path starts with `posts/`. A pattern
 * with another first segment (or none) has post links the gate cannot see without the patterns.
 */
export function gateable(patterns: readonly PermalinkPattern[]): boolean {
  return patterns.every((pattern) => pattern.before[0]?.toLowerCase() === GATE_SEGMENT);
}

/** Whether the page may hold a post link now: its path, or a link or `<base>` in it. */
export function gateOpen(doc: Document, path: string): boolean {
  return GATE_PATH.test(path) || doc.querySelector(GATE_SELECTOR) !== null;
}

/** Whether an added or changed node brings something the gate looks for. */
function opens(node: Node): boolean {
  if (node.nodeType !== 1) return false;
  const element = node as Element;
  return (
    element.matches(GATE_SELECTOR) ||
    (element.firstElementChild !== null && element.querySelector(GATE_SELECTOR) !== null)
  );
}

/**
 * Calls `open` once, when the page may hold a post link: at once, or when the page adds such a link
 * (or changes a link's `href` to one, or moves to a `/posts/` path) later. Nothing after `signal` aborts.
 */
export function whenGateOpens(
  doc: Document,
  where: { readonly pathname: string },
  signal: AbortSignal,
  open: () => void,
): void {
  if (signal.aborted) return;
  if (gateOpen(doc, where.pathname)) {
    open();
    return;
  }
  const observer = new MutationObserver((records) => {
    const found =
      GATE_PATH.test(where.pathname) ||
      records.some((record) =>
        record.type === 'attributes' ? opens(record.target) : Array.prototype.some.call(record.addedNodes, opens),
      );
    if (!found) return;
    observer.disconnect();
    open();
  });
  observer.observe(doc, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
}
