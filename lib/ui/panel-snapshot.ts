import { PANEL_SNAPSHOT_KEY, readStamped, writeStamped } from './panel-cache-key';

/*
 * A picture of the side panel as it last looked at the top of its timeline: the panel's own markup,
 * kept in its `localStorage` (the extension's origin: no page or content script can read or write
 * it) and put on screen by the panel's early script before the main script has even loaded. It is
 * inert and hidden from assistive technology (a picture: nothing in it can be used), and the panel
 * replaces it with the live view in the same task as its first render, so it is never seen next to
 * the live one. Only this build reads what this build wrote (the stamp).
 *
 * What is kept is what Preact drew, serialized by the browser (text escaped), cleaned of what must
 * not be seen twice or stale: ids and id references, times (relative words go stale), alerts and
 * live regions, form values, whatever is hidden (the Outbox tab and the text of the user's writes in it),
 * and (defensively) anything but plain elements, attributes and links.
 * Extension pages run no inline script or event-handler attribute (their CSP), whatever the markup.
 */

/** Past this size (characters) no picture is kept: the live view is quick enough on its own. */
const MAX_SNAPSHOT = 300_000;

/** Attributes that name or point at other elements: the live view has the same ids. */
const ID_ATTRIBUTES = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-activedescendant'];

/** Elements never kept. */
const DROPPED = 'script, style, link, meta, iframe, object, embed, template, [role="alert"], [role="status"]';

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
  const html = copy.innerHTML;
  if (html.length <= MAX_SNAPSHOT) writeStamped(area, PANEL_SNAPSHOT_KEY, { html });
  else writeStamped(area, PANEL_SNAPSHOT_KEY, {});
}

/**
 * Puts the last picture into `container` (inert, hidden from assistive technology). Answers whether
 * it shows timeline posts.
 */
export function showSnapshot(container: HTMLElement, area: Storage | undefined = globalThis.localStorage): boolean {
  const html = readStamped(area, PANEL_SNAPSHOT_KEY)?.html;
  if (typeof html !== 'string') return false;
  // Parsed in a template: nothing in it runs or loads while it is read and cleaned again.
  const template = document.createElement('template');
  template.innerHTML = html;
  clean(template.content);
  container.setAttribute('inert', '');
  container.setAttribute('aria-hidden', 'true');
  container.replaceChildren(template.content);
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
