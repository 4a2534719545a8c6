import { forgetPicture, PICTURE_KEY, shownRecord, writeStamped } from './panel-cache-key';
import type { PictureRecord } from './picture';
import { makeRoom } from './picture-place';
import { treeOf } from './picture-tree';

/** What keeping the picture needs to know beyond the DOM. */
export interface KeepInfo {
  /**
   * The timeline shows the fresh first page as it is kept (panel-cache.ts), from the panel's own
   * platform and account: not the last opening's posts, not an error, no newer posts shown on top.
   */
  fresh: boolean;
  /** No draft is kept (the picture's composer and reply boxes start empty). */
  noDrafts: boolean;
  /** The label of a reply box, for the picture's own. */
  replyLabel: string;
}

/** An empty reply box is not kept: the next opening's live panel does not open it again. */
const REPLY_BOX = '.post-reply';

/**
 * Whether `app` shows the panel's first screen as an opening starts, but for empty reply boxes: the
 * timeline's first tab, at its top, no menu, dialog or other view open, nothing typed, the focus
 * nowhere but maybe in a reply box. Only such a screen is kept: the next opening's live panel
 * starts that way, so it replaces the picture without a jump.
 */
export function atRest(app: HTMLElement): boolean {
  const doc = app.ownerDocument;
  const active = doc.activeElement;
  const focused = active !== null && active !== doc.body && app.contains(active);
  if (focused && active.closest(REPLY_BOX) === null) return false;
  if (app.querySelector('dialog, [role="alert"]') !== null) return false;
  for (const open of app.querySelectorAll('[aria-expanded="true"]')) if (!open.matches('.reply-toggle')) return false;
  const feed = app.querySelector('[role="feed"]');
  if (feed === null || feed.closest('[hidden]') !== null || feed.querySelector('article[data-post-id]') === null) {
    return false;
  }
  const firstTab = app.querySelector('[role="tab"]');
  if (firstTab !== null && firstTab.getAttribute('aria-selected') !== 'true') return false;
  for (const field of app.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.value !== '' && field.closest(REPLY_BOX) === null) return false;
  }
  for (const scroller of app.querySelectorAll('.vlist')) if (scroller.scrollTop !== 0) return false;
  return true;
}

/**
 * The screen of `app` as an opening draws it: its reply boxes closed (the rows below moved back up),
 * no hidden view (the Outbox's writes, This page's site: not the first screen, and not kept), no
 * announcement, nothing the background's status draws (`data-from-status`: the Outbox's badge, the
 * Saved count, the pause banner; the live panel draws them once the status arrives, and they may
 * have changed), no description pointing at them, each list's choice as it is shown or as the next
 * opening makes it (`data-opens-value`: the speaker, picked afresh at each opening), what is dimmed
 * while the fresh first page loads dimmed (`data-opens-disabled`: Refresh), and what the status
 * presses unpressed (`data-opens-unpressed`, its glyph then: the Save stars, which the Saved list
 * presses).
 */
function openingScreen(app: HTMLElement) {
  const boxes = [...app.querySelectorAll<HTMLElement>(REPLY_BOX)].map((box) => box.offsetHeight);
  const chosen = [...app.querySelectorAll('select')].map((select) => select.selectedIndex);
  const copy = app.cloneNode(true) as HTMLElement;
  for (const [index, box] of [...copy.querySelectorAll(REPLY_BOX)].entries()) {
    const article = box.closest('article');
    box.remove();
    if (article !== null) makeRoom(article, -(boxes[index] ?? 0));
  }
  for (const toggle of copy.querySelectorAll('.reply-toggle[aria-expanded="true"]')) {
    toggle.setAttribute('aria-expanded', 'false');
    toggle.removeAttribute('aria-controls');
  }
  for (const hidden of copy.querySelectorAll('[hidden], [data-from-status]')) hidden.remove();
  for (const control of copy.querySelectorAll('[data-opens-disabled]')) control.setAttribute('aria-disabled', 'true');
  for (const star of copy.querySelectorAll('[data-opens-unpressed][aria-pressed="true"]')) {
    star.setAttribute('aria-pressed', 'false');
    star.setAttribute('title', star.getAttribute('aria-label') ?? '');
    star.querySelector('[aria-hidden]')?.replaceChildren(star.getAttribute('data-opens-unpressed') ?? '');
  }
  for (const live of copy.querySelectorAll('[role="status"], [aria-live]')) live.replaceChildren();
  for (const [index, select] of [...copy.querySelectorAll('select')].entries()) {
    const opening = select.getAttribute('data-opens-value');
    const at = [...select.options].findIndex((option) => option.value === opening);
    const choice = opening !== null && at !== -1 ? at : chosen[index];
    for (const [at, option] of [...select.options].entries()) option.toggleAttribute('selected', at === choice);
  }
  // No description left pointing at what was left out.
  for (const described of copy.querySelectorAll('[aria-describedby]')) {
    const id = described.getAttribute('aria-describedby') ?? '';
    if (copy.querySelector(`[id="${CSS.escape(id)}"]`) === null) described.removeAttribute('aria-describedby');
  }
  return treeOf(copy);
}

/**
 * Keeps the picture of `app` for the next opening when it shows fresh posts at rest; with a draft
 * kept (which the picture would not show) forgets the one kept. Otherwise (the posts not fresh yet,
 * a menu open, the list scrolled) the one kept stays: it still shows the kept posts' record, or
 * would not be drawn.
 */
export function keepPicture(app: HTMLElement, info: KeepInfo): void {
  const area = globalThis.localStorage;
  if (!info.noDrafts) forgetPicture(area);
  else if (info.fresh && atRest(app)) {
    writeStamped(area, PICTURE_KEY, {
      tree: openingScreen(app),
      width: globalThis.innerWidth,
      lang: app.ownerDocument.documentElement.lang,
      replyLabel: info.replyLabel,
      shows: shownRecord(area),
    } satisfies PictureRecord);
  }
}
