import { browserIdle, type IdleScheduler } from './idle';

/** A link the scanner found to point to a post (or, for a link it decorated before, no longer: `null`). */
export interface FoundLink {
  link: HTMLAnchorElement;
  postId: string | null;
}

/** How the scanner finds post links in a page, and whom it tells. */
export interface LinkScannerOptions {
  /** The document (or element) to scan and watch. */
  root: Document | Element;
  /** The post id a resolved `href` points to, or null. Pure and local. */
  match: (href: string) => string | null;
  /**
   * Told about post links in batches, once per slice of work: new ones, and decorated ones whose
   * href now points elsewhere (`postId` changed, or null). Do DOM writes here: reads are done.
   */
  onFound: (found: FoundLink[]) => void;
  /**
   * Which links to look at (a CSS selector the browser matches on the raw attributes); every post
   * link must match it. Default: every link with an href.
   */
  selector?: string;
  /**
   * Scan the whole root in idle time from the start (default). False when the caller knows it holds
   * no candidate link (one `querySelector`): only what the page adds later is looked at.
   */
  scanNow?: boolean;
  /** Stops everything: the observer, pending idle work. */
  signal: AbortSignal;
  /** Idle-time scheduling (injected in tests). */
  idle?: IdleScheduler;
  /** Longest wait for an idle period before working anyway, ms. */
  idleTimeout?: number;
  /**
   * Time (ms) spent at once on what a mutation added, in the observer's callback, before the page's
   * next frame: a few new links get their bars in the same layout as the page's own change. The
   * rest waits for idle time. 0: everything in idle time.
   */
  quickMs?: number;
}

/** What the scanner did so far (for tests and the benchmark). */
export interface LinkScannerStats {
  /** Links whose href was matched (each link again only when its href changed). */
  checked: number;
  /** Post links reported. */
  found: number;
  /** Slices of idle work run. */
  slices: number;
  /** Mutation-observer callbacks received. */
  mutationBatches: number;
}

export interface LinkScanner {
  stats(): LinkScannerStats;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

function isHtmlAnchor(node: Node): node is HTMLAnchorElement {
  return node.nodeType === 1 && (node as Element).localName === 'a' && (node as Element).namespaceURI === HTML_NS;
}

/** Links inside what the user is editing are left alone: a bar there would end up in their text. */
function isEditable(link: Element): boolean {
  const editable = link.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * Finds post links now and as the page changes. Work is batched: mutations queue the added
 * subtrees; a few milliseconds of them are handled at once (so a handful of new links is done
 * before the page's next frame), the rest in idle time, slice by slice, within each idle deadline. A
 * slice only reads (`href`, attributes) and then hands its finds to `onFound` at once, so reads and
 * writes never interleave and no layout is forced. Each link is matched once per href value
 * (a WeakMap remembers it), so re-rendered or recycled links are seen again only when they change.
 */
export function startLinkScanner(options: LinkScannerOptions): LinkScanner {
  const { root, match, onFound, signal } = options;
  const idle = options.idle ?? browserIdle;
  const idleTimeout = options.idleTimeout ?? 1000;
  const quickMs = options.quickMs ?? 3;
  const selector = options.selector ?? 'a[href]';
  const isCandidate = (node: Node): node is HTMLAnchorElement => isHtmlAnchor(node) && node.matches(selector);
  const stats: LinkScannerStats = { checked: 0, found: 0, slices: 0, mutationBatches: 0 };

  /** The href each link had when it was last matched. */
  const seenHref = new WeakMap<HTMLAnchorElement, string>();
  /** Links reported as post links, with the id reported. */
  const reported = new WeakMap<HTMLAnchorElement, string>();
  /** Subtrees waiting to be scanned, and links waiting to be matched. */
  const subtrees: (Document | Element)[] = options.scanNow === false ? [] : [root];
  let links: HTMLAnchorElement[] = [];
  let linkIndex = 0;
  let cancelIdle: (() => void) | undefined;

  const schedule = () => {
    if (cancelIdle !== undefined || signal.aborted) return;
    cancelIdle = idle((deadline) => {
      cancelIdle = undefined;
      run(deadline);
    }, idleTimeout);
  };

  const checkLink = (link: HTMLAnchorElement, found: FoundLink[]) => {
    const href = link.href;
    if (seenHref.get(link) === href) return;
    seenHref.set(link, href);
    stats.checked += 1;
    const before = reported.get(link);
    const postId = href === '' || isEditable(link) ? null : match(href);
    if (postId === (before ?? null)) return;
    if (postId === null) reported.delete(link);
    else reported.set(link, postId);
    found.push({ link, postId });
  };

  function run(deadline: { timeRemaining(): number; didTimeout: boolean }) {
    if (signal.aborted) return;
    stats.slices += 1;
    const found: FoundLink[] = [];
    // At least a little work per slice, even when the deadline came by timeout.
    const budgetEnd = performance.now() + 4;
    const hasTime = () => (deadline.didTimeout ? performance.now() < budgetEnd : deadline.timeRemaining() > 1);
    let worked = 0;
    do {
      if (linkIndex >= links.length) {
        const subtree = subtrees.shift();
        if (subtree === undefined) break;
        // A link whose href changed is looked at again if it was a post link, even if no longer a candidate.
        links = isHtmlAnchor(subtree) && (reported.has(subtree) || subtree.matches(selector)) ? [subtree] : [];
        if ((subtree as ParentNode).firstElementChild !== null) {
          for (const link of (subtree as ParentNode).querySelectorAll(selector)) {
            if (isHtmlAnchor(link)) links.push(link);
          }
        }
        linkIndex = 0;
        worked += 1;
        continue;
      }
      // Check the clock every 64 links: cheap enough, fine-grained enough.
      const end = Math.min(links.length, linkIndex + 64);
      for (; linkIndex < end; linkIndex += 1) {
        const link = links[linkIndex];
        if (link?.isConnected) checkLink(link, found);
      }
      worked += 1;
    } while (worked < 2 || hasTime());
    if (linkIndex >= links.length) {
      links = [];
      linkIndex = 0;
    }
    stats.found += found.filter((f) => f.postId !== null).length;
    if (found.length > 0) onFound(found);
    if (subtrees.length > 0 || linkIndex < links.length) schedule();
  }

  const observer = new MutationObserver((records) => {
    stats.mutationBatches += 1;
    for (const record of records) {
      if (record.type === 'attributes') {
        const target = record.target;
        if (isHtmlAnchor(target) && (reported.has(target) || target.matches(selector))) subtrees.push(target);
        continue;
      }
      for (const node of record.addedNodes) {
        // Text, and childless elements that are not candidate links (our own bars among them), cost nothing later.
        if (node.nodeType !== 1) continue;
        if (isCandidate(node) || (node as Element).firstElementChild !== null) subtrees.push(node as Element);
      }
    }
    if (quickMs > 0 && subtrees.length > 0) {
      const start = performance.now();
      run({ didTimeout: false, timeRemaining: () => quickMs - (performance.now() - start) });
    } else schedule();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['href'] });
  signal.addEventListener(
    'abort',
    () => {
      observer.disconnect();
      cancelIdle?.();
      cancelIdle = undefined;
      subtrees.length = 0;
      links = [];
    },
    { once: true },
  );
  if (subtrees.length > 0) schedule();
  return { stats: () => ({ ...stats }) };
}
