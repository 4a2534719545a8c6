/**
 * The side panel's first screen, kept by the bench as a tree (`[tag, attributes, ...children]`, text
 * as strings), drawn with Preact: each post an `article` component whose Reply opens a text area
 * (the markup the bench's probe clicks). Used by the Preact screen pages (`preact-screen-page.ts`).
 */
import { type ComponentChildren, h } from 'preact';
import { useState } from 'preact/hooks';

export type ScreenNode = string | [string, Record<string, string>, ...ScreenNode[]];

/** Attributes that are on when present (`hidden=""`): Preact writes them as properties, so as `true`. */
export const PRESENCE_ATTRIBUTES = [
  'hidden',
  'disabled',
  'checked',
  'readonly',
  'required',
  'multiple',
  'selected',
  'open',
  'inert',
  'autofocus',
];
const PRESENCE = new Set(PRESENCE_ATTRIBUTES);
/** Enumerated attributes Preact writes as boolean properties: on unless their "off" word. */
const OFF_WORD: Record<string, string> = { spellcheck: 'false', draggable: 'false', translate: 'no' };

/** An element's attributes as the props that make Preact write them back as they were. */
export function propsOf(attributes: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const off = OFF_WORD[name];
    props[name] = PRESENCE.has(name) ? true : off === undefined ? value : value !== off;
  }
  return props;
}

function draw(node: ScreenNode, toggle: (() => void) | undefined): ComponentChildren {
  if (typeof node === 'string') return node;
  const [tag, attributes, ...children] = node;
  if (tag === 'article') return h(Post, { attributes, nodes: children });
  const props = propsOf(attributes);
  if (toggle !== undefined && (attributes.class ?? '').split(' ').includes('reply-toggle')) props.onClick = toggle;
  return h(tag, props, ...children.map((child) => draw(child, toggle)));
}

function Post({ attributes, nodes }: { attributes: Record<string, string>; nodes: ScreenNode[] }) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen(!open);
  return h(
    'article',
    propsOf(attributes),
    ...nodes.map((child) => draw(child, toggle)),
    open ? h('div', { class: 'post-reply' }, h('textarea', null)) : null,
  );
}

/** The kept screen's top-level nodes, as Preact children. */
export function screenTree(nodes: ScreenNode[]): ComponentChildren {
  return nodes.map((node) => draw(node, undefined));
}
