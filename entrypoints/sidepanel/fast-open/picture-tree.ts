/**
 * The picture's markup as data: each element a `[name, attributes, ...children]` array, each text a
 * string (`svg:` before the name of an SVG element). Kept from the live panel's DOM and drawn back
 * with `createElement`, so no HTML is ever parsed from a string, and what is drawn is checked on the
 * way: only elements that show, no attribute that runs code or leads elsewhere.
 */
export type Tree = string | [name: string, attributes: Record<string, string>, ...children: Tree[]];

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Elements never drawn (the live panel has none; a damaged or forged record might). Its forms are
 * drawn, and never sent: the picture keeps every submit from its page (picture.ts).
 */
const FORBIDDEN = new Set([
  'script',
  'iframe',
  'frame',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'style',
  'template',
  'foreignobject',
  'noscript',
  'dialog',
  // Nothing that loads or plays (the panel draws no image or media), nor SVG's animations (they set
  // attributes, addresses among them).
  'img',
  'image',
  'picture',
  'source',
  'track',
  'audio',
  'video',
  'set',
  'animate',
  'animatetransform',
  'animatemotion',
]);
/** A link's address: the web's, in-page, or the extension's own files. */
const LINK = /^(https?:|#|\/(?!\/)|$)/i;
/** Any other attribute that names an address: the extension's own files only. */
const ADDRESSES = new Set(['src', 'xlink:href', 'action', 'formaction', 'srcset', 'poster', 'background', 'ping']);
const OWN_FILE = /^(\/(?!\/)|$)/;
/** Inline styles are the list's offsets and heights: no address, no import, no escape. */
const UNSAFE_STYLE = /url\(|@import|expression\(|\\/i;
const NAME = /^[a-z][a-z0-9-]*$/i;
const ATTRIBUTE = /^[a-z_:][a-z0-9_.:-]*$/i;

/** Whether an attribute may be drawn. */
function allowed(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (!ATTRIBUTE.test(name) || lower.startsWith('on') || lower === 'autofocus' || lower === 'srcdoc') return false;
  // An id or name the page's globals go by (the early script's hand-offs are `__debateCompanion…`).
  if ((lower === 'id' || lower === 'name') && value.startsWith('__')) return false;
  if (lower === 'style') return !UNSAFE_STYLE.test(value);
  if (lower === 'href') return LINK.test(value.trim());
  return !ADDRESSES.has(lower) || OWN_FILE.test(value.trim());
}

/** The children of `element` as trees (elements and texts; comments left out). */
export function treeOf(element: Element): Tree[] {
  const trees: Tree[] = [];
  for (const node of element.childNodes) {
    if (node.nodeType === 3) trees.push((node as Text).data);
    else if (node.nodeType === 1) {
      const child = node as Element;
      const name = child.namespaceURI === SVG ? `svg:${child.localName}` : child.localName;
      const attributes: Record<string, string> = {};
      for (const { name: key, value } of child.attributes) attributes[key] = value;
      trees.push([name, attributes, ...treeOf(child)]);
    }
  }
  return trees;
}

/** Draws `trees` into `parent` (false, and nothing drawn, when they are not trees). */
export function drawTrees(trees: unknown, parent: Element): boolean {
  if (!Array.isArray(trees)) return false;
  const fragment = parent.ownerDocument.createDocumentFragment();
  try {
    for (const tree of trees) fragment.append(...nodesOf(tree, parent.ownerDocument, 0));
  } catch {
    return false;
  }
  parent.replaceChildren(fragment);
  return true;
}

/** How deep a tree may go (the panel's screen is a few dozen levels at most). */
const MAX_DEPTH = 64;

function nodesOf(tree: unknown, doc: Document, depth: number): Node[] {
  if (typeof tree === 'string') return [doc.createTextNode(tree)];
  if (!Array.isArray(tree) || depth > MAX_DEPTH) throw new Error('not a tree');
  const [name, attributes, ...children] = tree as unknown[];
  if (typeof name !== 'string' || typeof attributes !== 'object' || attributes === null) throw new Error('not a tree');
  const svg = name.startsWith('svg:');
  const local = svg ? name.slice(4) : name;
  if (!NAME.test(local)) throw new Error('not a tree');
  if (FORBIDDEN.has(local.toLowerCase())) return [];
  const element = svg ? doc.createElementNS(SVG, local) : doc.createElement(local);
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string' && allowed(key, value)) element.setAttribute(key, value);
  }
  for (const child of children) element.append(...nodesOf(child, doc, depth + 1));
  return [element];
}
