/**
 * Where an element of the panel's screen is, said so that the same element can be found again in
 * another drawing of the same screen: the picture of the last opening and the live panel draw the
 * same markup from the same posts. A place is the post the element is in (by its exact id: rows move
 * when fresh posts arrive, and two posts' DOM ids may look alike), or else the nearest element with
 * an id; then the child indexes from there, and the element's name (its tag and label, numbers left
 * out: a count may change). An element found at the place with another name is not the same one.
 */
export interface Place {
  /** The post the element is in ('' when it is in none). */
  post: string;
  /** Outside a post: the nearest id at or above the element ('' for the root). */
  id: string;
  /** Child element indexes from there down to the element. */
  path: number[];
  /** Tag and label, checked when the place is found again. */
  name: string;
}

const POST = 'article[data-post-id]';

/** The tag and label of `element` (its `aria-label`, else its text, as far as 80 characters; numbers as `#`). */
export function nameOf(element: Element): string {
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return `${element.localName}|${label.trim().slice(0, 80).replace(/\d+/g, '#')}`;
}

/** The place of `element` under `root`. */
export function placeOf(element: Element, root: Element): Place {
  const post = element.closest<HTMLElement>(POST);
  const top = post !== null && root.contains(post) ? post : undefined;
  const path: number[] = [];
  let node: Element = element;
  while (node !== root && node !== top && (top !== undefined || node.id === '') && node.parentElement !== null) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    node = node.parentElement;
  }
  const id = top !== undefined || node === root ? '' : node.id;
  return { post: top?.dataset.postId ?? '', id, path, name: nameOf(element) };
}

/** The post `postId`'s article under `root`, by its exact id. */
export function postElement(postId: string, root: Element): HTMLElement | undefined {
  for (const article of root.querySelectorAll<HTMLElement>(POST)) if (article.dataset.postId === postId) return article;
  return undefined;
}

/** The element at `place` under `root`, if it has the same name; undefined otherwise. */
export function findPlace(place: Place, root: Element): Element | undefined {
  let node: Element | undefined =
    place.post !== ''
      ? postElement(place.post, root)
      : place.id === ''
        ? root
        : (root.ownerDocument.getElementById(place.id) ?? undefined);
  if (node === undefined || !root.contains(node)) return undefined;
  for (const index of place.path) {
    node = node.children[index];
    if (node === undefined) return undefined;
  }
  // An element with an id of its own is that element whatever its label says now (a tab's count comes
  // with the status, which the live panel's first render has not yet): only its tag is checked.
  const ownId = place.post === '' && place.id !== '' && place.path.length === 0;
  const same = ownId ? node.localName === place.name.split('|')[0] : nameOf(node) === place.name;
  return same ? node : undefined;
}

const OFFSET = /translateY\((-?[\d.]+)px\)/;

/**
 * Moves the timeline's rows below `article`'s down by `height` (up when negative): the rows sit at
 * offsets the live panel measured (components/timeline/VirtualList.tsx), so a reply box opened on
 * the picture would lie over the next post, and one left out of it would leave a gap.
 */
export function makeRoom(article: Element, height: number): void {
  const row = article.closest<HTMLElement>('.vlist-row');
  const rows = row?.parentElement;
  if (row === null || rows === null || rows === undefined || height === 0) return;
  const index = Number(row.dataset.index);
  for (const other of rows.children as HTMLCollectionOf<HTMLElement>) {
    const offset = OFFSET.exec(other.style.transform);
    if (offset !== null && Number(other.dataset.index) > index) {
      other.style.transform = `translateY(${Number(offset[1]) + height}px)`;
    }
  }
  const total = Number.parseFloat(rows.style.height);
  if (!Number.isNaN(total)) rows.style.height = `${total + height}px`;
}
