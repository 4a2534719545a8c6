import { PICTURE_KEY, shownRecord, writeStamped } from '@/entrypoints/sidepanel/fast-open/panel-cache-key';
import { treeOf } from '@/entrypoints/sidepanel/fast-open/picture-tree';

/**
 * A first screen like the panel's: a composer, a search field, two posts in the list's rows, each with
 * Reply and a reaction with its count (articles and reaction buttons have no id, as in the panel), and
 * Refresh, dimmed while an opening loads its first page.
 */
export function panelScreen(): HTMLElement {
  const app = document.createElement('div');
  // Test input only: the shipped code never parses HTML.
  app.innerHTML = `<div class="panel">
    <form class="composer" id="composer"><textarea id="composer-text" class="composer-text"></textarea></form>
    <form class="search"><input id="search" type="search"></form>
    <div class="vlist-rows" role="feed" style="height: 300px">
    <div class="vlist-row" data-index="0" style="transform: translateY(0px)">
    <article class="post" data-post-id="p1"><p>First</p>
      <div class="post-actions"><button type="button" id="post-p1-reply-toggle" class="reply-toggle">Reply</button>
      <button type="button" class="reaction">+ Well sourced <span>1</span></button></div></article></div>
    <div class="vlist-row" data-index="1" style="transform: translateY(150px)">
    <article class="post" data-post-id="p2"><p>Second</p>
      <div class="post-actions"><button type="button" id="post-p2-reply-toggle" class="reply-toggle">Reply</button>
      <button type="button" class="reaction">+ Well sourced <span>0</span></button></div></article></div>
    </div>
    <button type="button" class="refresh" data-opens-disabled="">Refresh</button>
  </div>`;
  return app;
}

/** Keeps the picture of {@link panelScreen} as the live panel does. */
export function keepScreen(view: { width: number; lang: string }): void {
  const shows = shownRecord(localStorage);
  writeStamped(localStorage, PICTURE_KEY, { tree: treeOf(panelScreen()), ...view, replyLabel: 'Reply', shows });
}
