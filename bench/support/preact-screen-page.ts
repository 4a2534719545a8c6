/**
 * The Preact screen pages of the side panel's bench (built by `preact-floor.ts` into the bench's copy
 * of the extension, never shipped): the panel's own first screen drawn by Preact and nothing else of
 * ours. The bench keeps the screen as a tree (`[tag, attributes, ...children]`, text as strings) in
 * `localStorage` under `SCREEN_KEY`; this page renders that tree with Preact, each post an
 * `article` component whose Reply opens a text area (the markup the probe clicks), at once or, with
 * `ROUND_TRIP_LIMIT` above 0, after the one `getTimelinePage` round trip. It sets the mark after the
 * frame that drew it. The floor under any panel written in Preact that shows this screen.
 */
import { type ComponentChildren, h, render } from 'preact';
import { useState } from 'preact/hooks';

declare const PAINT_MARK: string;
declare const SCREEN_KEY: string;
declare const ROUND_TRIP_LIMIT: number;

type ScreenNode = string | [string, Record<string, string>, ...ScreenNode[]];

/** Attributes that are on when present (`hidden=""`): Preact sets them as properties, so as `true`. */
const BOOLEAN = new Set([
  'hidden',
  'disabled',
  'checked',
  'readonly',
  'required',
  'multiple',
  'selected',
  'open',
  'inert',
]);

function propsOf(attributes: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) props[name] = BOOLEAN.has(name) ? true : value;
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

function drawScreen(): void {
  const app = document.getElementById('app');
  const kept = localStorage.getItem(SCREEN_KEY);
  if (app === null || kept === null) return;
  const nodes = JSON.parse(kept) as ScreenNode[];
  render(
    nodes.map((node) => draw(node, undefined)),
    app,
  );
  requestAnimationFrame(() => setTimeout(() => performance.mark(PAINT_MARK), 0));
}

interface RawChrome {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
}

if (ROUND_TRIP_LIMIT > 0) {
  const { chrome } = globalThis as unknown as { chrome: RawChrome };
  void chrome.runtime.sendMessage({ type: 'getTimelinePage', payload: { limit: ROUND_TRIP_LIMIT } }).then(drawScreen);
} else {
  drawScreen();
}
