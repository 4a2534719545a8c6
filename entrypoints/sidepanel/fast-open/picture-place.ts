/**
 * Where an element of the panel's screen is, said so that the same element can be found again in
 * another drawing of the same screen: the picture of the last opening and the live panel draw the
 * same markup from the same posts. A place is the nearest element with an id (the posts' parts and
 * the panel's controls have one), the child indexes from it, and the element's name (its tag and
 * label): an element found at the place with another name is not the same one, and is not used.
 */
export interface Place {
  /** The nearest id at or above the element ('' for the root). */
  id: string;
  /** Child element indexes from there down to the element. */
  path: number[];
  /** Tag and label, checked when the place is found again. */
  name: string;
}

/** The tag and label of `element` (its `aria-label`, else its text, as far as 80 characters). */
export function nameOf(element: Element): string {
  const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
  return `${element.localName}|${label.trim().slice(0, 80)}`;
}

/** The place of `element` under `root`. */
export function placeOf(element: Element, root: Element): Place {
  const path: number[] = [];
  let node: Element = element;
  while (node !== root && node.id === '' && node.parentElement !== null) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
    node = node.parentElement;
  }
  return { id: node === root ? '' : node.id, path, name: nameOf(element) };
}

/** The element at `place` under `root`, if it has the same name; undefined otherwise. */
export function findPlace(place: Place, root: Element): Element | undefined {
  let node: Element | null | undefined =
    place.id === '' ? root : (root.ownerDocument.getElementById(place.id) ?? undefined);
  if (node === undefined || !root.contains(node)) return undefined;
  for (const index of place.path) {
    node = node?.children[index];
    if (node === undefined) return undefined;
  }
  return node !== null && node !== undefined && nameOf(node) === place.name ? node : undefined;
}
