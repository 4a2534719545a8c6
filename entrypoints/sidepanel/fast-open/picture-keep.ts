import { forgetPicture, PANEL_CACHE_KEY, PICTURE_KEY, writeStamped } from './panel-cache-key';
import { treeOf } from './picture-tree';

/** What keeping the picture needs to know beyond the DOM. */
export interface KeepInfo {
  /** The timeline shows fresh posts (not the last opening's, not an error). */
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
 * timeline's first tab, at its top, no menu or dialog open, nothing typed, the focus nowhere but
 * maybe in a reply box. Only such a screen is kept: the next opening's live panel starts that way,
 * so it replaces the picture without a jump.
 */
export function atRest(app: HTMLElement): boolean {
  const doc = app.ownerDocument;
  const active = doc.activeElement;
  const focused = active !== null && active !== doc.body && app.contains(active);
  if (focused && active.closest(REPLY_BOX) === null) return false;
  if (app.querySelector('dialog, [role="alert"]') !== null) return false;
  for (const open of app.querySelectorAll('[aria-expanded="true"]')) if (!open.matches('.reply-toggle')) return false;
  if (app.querySelector('article[data-post-id]') === null) return false;
  const firstTab = app.querySelector('[role="tab"]');
  if (firstTab !== null && firstTab.getAttribute('aria-selected') !== 'true') return false;
  for (const field of app.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field.value !== '' && field.closest(REPLY_BOX) === null) return false;
  }
  for (const scroller of app.querySelectorAll('.vlist')) if (scroller.scrollTop !== 0) return false;
  return true;
}

/** The screen of `app` as an opening draws it: its reply boxes closed. */
function openingScreen(app: HTMLElement) {
  const copy = app.cloneNode(true) as HTMLElement;
  for (const box of copy.querySelectorAll(REPLY_BOX)) box.remove();
  for (const toggle of copy.querySelectorAll('.reply-toggle[aria-expanded="true"]')) {
    toggle.setAttribute('aria-expanded', 'false');
    toggle.removeAttribute('aria-controls');
  }
  return treeOf(copy);
}

/**
 * Keeps the picture of `app` for the next opening when it is at rest; with posts that are not fresh,
 * or a draft kept (which the picture would not show), forgets the one kept. Otherwise (a menu open,
 * the list scrolled) the one kept stays: what it shows has not changed, or it would have gone
 * ({@link forgetPicture}).
 */
export function keepPicture(
  app: HTMLElement,
  info: KeepInfo,
  area: Storage | undefined = globalThis.localStorage,
): void {
  if (!info.fresh || !info.noDrafts) forgetPicture(area);
  else if (atRest(app)) {
    writeStamped(area, PICTURE_KEY, {
      tree: openingScreen(app),
      width: globalThis.innerWidth,
      lang: app.ownerDocument.documentElement.lang,
      replyLabel: info.replyLabel,
      shows: shownRecord(area),
    });
  }
}

/**
 * The kept posts' record (panel-cache.ts) as the picture shows it: the picture is drawn only while
 * that record is the same (the same posts, reaction kinds and mute lists), so it never shows what
 * the live panel would not draw.
 */
export function shownRecord(area: Storage | undefined): string | null {
  try {
    return area?.getItem(PANEL_CACHE_KEY) ?? null;
  } catch {
    return null;
  }
}
