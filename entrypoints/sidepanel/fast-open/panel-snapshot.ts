import { PANEL_SNAPSHOT_KEY, readStamped, writeStamped } from './panel-cache-key';

/*
 * A picture of the side panel as it last looked at the top of its timeline: the panel's own markup,
 * kept in its `localStorage` (the extension's origin: no page or content script can read or write
 * it) and put on screen by the panel's early script before the main script has even loaded. It is
 * inert and hidden from assistive technology (a picture: nothing in it can be used), and the panel
 * replaces it with the live view in the same task as its first render, so it is never seen next to
 * the live one. Only this build reads what this build wrote (the stamp).
 *
 * What is kept is what Preact drew, cleaned of what must not be seen twice or stale: ids and id
 * references, times (relative words go stale), alerts and live regions, form values, whatever is
 * hidden (the Outbox tab and the text of the user's writes in it), and (defensively) anything but
 * plain HTML elements, attributes and links. It is kept as a tree of elements, attributes and
 * texts, not as markup, and drawn again with DOM methods (`createElement`, `setAttribute`,
 * `createTextNode`): nothing is ever parsed as HTML, so a text cannot become an element. Extension
 * pages run no inline script or event-handler attribute (their CSP) either way.
 */

/** Past this size (characters of JSON) no picture is kept: the live view is quick enough on its own. */
const MAX_SNAPSHOT = 300_000;

/** Attributes that name or point at other elements: the live view has the same ids. */
const ID_ATTRIBUTES = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-activedescendant'];

/** Elements never kept. */
const DROPPED = 'script, style, link, meta, iframe, object, embed, template, [role="alert"], [role="status"]';

/** A kept node: a text, or an element as `[tag name, attributes, children]`. */
type SnapshotNode = string | [tag: string, attributes: Record<string, string>, children: SnapshotNode[]];

const XHTML = 'http://www.w3.org/1999/xhtml';
/** A tag name as the DOM's HTML elements spell it (custom elements included). */
const TAG_NAME = /^[a-z][a-z0-9-]*$/;

/** The tree of `node` (a text, or an HTML element and what it holds); undefined for anything else. */
function toTree(node: Node): SnapshotNode | undefined {
  if (node.nodeType === Node.TEXT_NODE) return node.nodeValue ?? '';
  if (node.nodeType !== Node.ELEMENT_NODE) return undefined;
  const element = node as Element;
  if (element.namespaceURI !== XHTML) return undefined;
  const attributes: Record<string, string> = {};
  for (const { name, value } of Array.from(element.attributes)) attributes[name] = value;
  const children: SnapshotNode[] = [];
  for (const child of Array.from(element.childNodes)) {
    const tree = toTree(child);
    if (tree !== undefined) children.push(tree);
  }
  return [element.localName, attributes, children];
}

/**
 * The node a kept tree stands for, built with DOM methods in `doc`; undefined for what is not a
 * well-formed tree or for an element never kept (a script, a style, …).
 */
function fromTree(tree: unknown, doc: Document): Node | undefined {
  if (typeof tree === 'string') return doc.createTextNode(tree);
  if (!Array.isArray(tree) || tree.length !== 3) return undefined;
  const [tag, attributes, children] = tree as [unknown, unknown, unknown];
  if (typeof tag !== 'string' || !TAG_NAME.test(tag)) return undefined;
  if (typeof attributes !== 'object' || attributes === null || !Array.isArray(children)) return undefined;
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value !== 'string') continue;
    try {
      element.setAttribute(name, value);
    } catch {
      // Not a valid attribute name: left out.
    }
  }
  if (element.matches(DROPPED)) return undefined;
  for (const child of children) {
    const node = fromTree(child, doc);
    if (node !== undefined) element.append(node);
  }
  return element;
}

/** Cleans what `root` holds (a copy of the panel's markup), in place (see the notes at the top). */
function clean(root: ParentNode): void {
  for (const el of Array.from(root.querySelectorAll(DROPPED))) el.remove();
  // Nothing hidden is drawn: the Outbox tab, with the text of the user's own writes, is not kept.
  for (const el of Array.from(root.querySelectorAll('[hidden]'))) el.replaceChildren();
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(el.attributes)) {
      const unsafeLink = (name === 'href' || name === 'src') && !/^(https?:|#|\/(?!\/))/i.test(value.trim());
      if (ID_ATTRIBUTES.includes(name) || name.startsWith('on') || name === 'value' || unsafeLink) {
        el.removeAttribute(name);
      }
    }
    if (el.tagName === 'TIME' || el.tagName === 'TEXTAREA') el.textContent = '';
  }
}

/**
 * Keeps a picture of `panel` (the element the panel renders into) for the next opening: what is in
 * view; rows the list keeps in the DOM below the fold are left out (less to draw, never seen).
 */
export function saveSnapshot(panel: Element, area: Storage | undefined = globalThis.localStorage): void {
  const fold = globalThis.innerHeight;
  const hidden = new Set(
    Array.from(panel.querySelectorAll<HTMLElement>('.vlist-row'))
      .filter((row) => fold > 0 && row.getBoundingClientRect().top >= fold)
      .map((row) => row.dataset.key),
  );
  const copy = panel.cloneNode(true) as Element;
  for (const row of Array.from(copy.querySelectorAll<HTMLElement>('.vlist-row'))) {
    if (hidden.has(row.dataset.key)) row.remove();
  }
  clean(copy);
  const nodes: SnapshotNode[] = [];
  for (const child of Array.from(copy.childNodes)) {
    const tree = toTree(child);
    if (tree !== undefined) nodes.push(tree);
  }
  if (JSON.stringify(nodes).length <= MAX_SNAPSHOT) writeStamped(area, PANEL_SNAPSHOT_KEY, { nodes });
  else writeStamped(area, PANEL_SNAPSHOT_KEY, {});
}

/**
 * Puts the last picture into `container` (inert, hidden from assistive technology). Answers whether
 * it shows timeline posts.
 */
export function showSnapshot(container: HTMLElement, area: Storage | undefined = globalThis.localStorage): boolean {
  const nodes = readStamped(area, PANEL_SNAPSHOT_KEY)?.nodes;
  if (!Array.isArray(nodes)) return false;
  // Built in a document of its own (inert: nothing in it loads or runs, as in a template), and
  // cleaned again before it is moved into the page.
  const inert = document.implementation.createHTMLDocument('');
  const fragment = inert.createDocumentFragment();
  for (const tree of nodes) {
    const node = fromTree(tree, inert);
    if (node !== undefined) fragment.append(node);
  }
  clean(fragment);
  container.setAttribute('inert', '');
  container.setAttribute('aria-hidden', 'true');
  container.replaceChildren(fragment);
  return container.querySelector('article') !== null;
}

/** What {@link keepFirstPageSnapshot} watches: the timeline's state. */
interface FirstPageSource {
  getState(): { stale: boolean; loading: unknown; items: readonly unknown[] };
  subscribe(listener: () => void): () => void;
}

/**
 * Once per opening: when the fresh first page is on screen and the panel rests at the top of its
 * timeline, keeps its picture for the next opening (at an idle moment, so no frame waits for it).
 */
export function keepFirstPageSnapshot(source: FirstPageSource, panel: Element, area?: Storage): void {
  const save = () => {
    const scroller = panel.querySelector<HTMLElement>('.vlist');
    const timelineShown = scroller !== null && scroller.closest('[hidden]') === null;
    if (timelineShown && scroller.scrollTop === 0) saveSnapshot(panel, area);
  };
  let stop: (() => void) | undefined;
  let taken = false;
  const check = () => {
    const state = source.getState();
    if (taken || state.stale || state.loading !== null || state.items.length === 0) return;
    taken = true;
    stop?.();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: 2_000 });
    else setTimeout(save, 200);
  };
  stop = source.subscribe(check);
  // The fresh page may already be drawn (a first opening whose answer came before the render).
  check();
}
