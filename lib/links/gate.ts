import type { PermalinkPattern } from './pattern';

/**
 * The link script's gate (`links-gated.js`): with the site's own permalinks (`{origin}/posts/{id}`),
 * and extra patterns that start the same way, a page can hold a post link only if one of its links
 * says `posts/` or the page itself sits under a `/posts/` path (or names a `<base>`). That is one
 * native selector test and a string test, with no `chrome` API touched: on a page that fails it the
 * script asks the background nothing at all (docs/performance.md, "The always-on script on every page").
 *
 * The gate only decides when to ask: what is a post link is still decided by the patterns the
 * background hands over. It is wider than any pattern (any host), so it never hides a post link a page
 * shows plainly; a page could spell its own links so the gate misses them (a backslash for a slash,
 * a tab inside the word: the URL parser mends both), which costs that page its bars and nothing
 * else. Once open, the whole page is scanned as before, odd spellings included.
 */

/** The first path segment every gated pattern starts with. */
export const GATE_SEGMENT = 'posts';

/**
 * Links whose text could resolve to a `/posts/…` URL, and a `<base>` that could make any relative
 * link one. Paths are case-sensitive (the matcher's too), and a case-insensitive test costs a
 * plain page about 0.5 ms more.
 */
const GATE_SELECTOR = `a[href*="${GATE_SEGMENT}/"], base[href]`;
const GATE_PATH = `/${GATE_SEGMENT}/`;

/**
 * Whether these patterns can use the gated script: every one's path starts with `posts/`. A pattern
 * with another first segment (or none) has post links the gate cannot see without the patterns.
 */
export function gateable(patterns: readonly PermalinkPattern[]): boolean {
  return patterns.every((pattern) => pattern.before[0] === GATE_SEGMENT);
}

/** Whether the page may hold a post link now: its path, or a link or `<base>` in it. */
export function gateOpen(doc: Document, path: string): boolean {
  return path.includes(GATE_PATH) || doc.querySelector(GATE_SELECTOR) !== null;
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
 * (or changes a link's `href` to one, or moves to a `/posts/` path) later. Answers the gate's stop:
 * after it, `open` is never called. No `AbortController` here: on a plain page each web API's first
 * touch costs (docs/performance.md).
 */
export function whenGateOpens(doc: Document, where: { readonly pathname: string }, open: () => void): () => void {
  if (gateOpen(doc, where.pathname)) {
    open();
    return () => undefined;
  }
  const observer = new MutationObserver((records) => {
    const found =
      where.pathname.includes(GATE_PATH) ||
      records.some((record) =>
        record.type === 'attributes' ? opens(record.target) : Array.prototype.some.call(record.addedNodes, opens),
      );
    if (!found) return;
    observer.disconnect();
    open();
  });
  observer.observe(doc, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
  return () => observer.disconnect();
}
