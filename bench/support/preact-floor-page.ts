/**
 * The Preact floor page of the side panel's bench (built by `preact-floor.ts` into the bench's copy
 * of the extension, never shipped): what any Preact side panel must do before it is usable, and
 * nothing more. It asks the background for the first timeline page (the one round trip every opening
 * makes, through the browser's own `chrome.runtime`), renders each post with Preact (its text and a
 * Reply that opens a text area, the markup the probe clicks), and sets the mark after the frame that
 * drew them. No checks, no cache, no store: the project's framework alone on top of the floor page.
 */
import { h, render } from 'preact';
import { useState } from 'preact/hooks';
import { askFirstPage } from './bench-chrome';

declare const PAINT_MARK: string;
declare const FIRST_PAGE: number;

function Post({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return h(
    'article',
    null,
    h('p', null, text),
    h('button', { type: 'button', class: 'reply-toggle', onClick: () => setOpen(!open) }, 'Reply'),
    open ? h('div', { class: 'post-reply' }, h('textarea', null)) : null,
  );
}

function bodies(reply: unknown): string[] {
  const items = (reply as { ok?: boolean; data?: { items?: { body?: unknown }[] } } | undefined)?.data?.items;
  return Array.isArray(items) ? items.map((post) => String(post.body ?? '')) : [];
}

void askFirstPage(FIRST_PAGE).then((reply) => {
  const app = document.getElementById('app');
  if (app === null) return;
  render(
    bodies(reply).map((text, index) => h(Post, { key: index, text })),
    app,
  );
  requestAnimationFrame(() => setTimeout(() => performance.mark(PAINT_MARK), 0));
});
