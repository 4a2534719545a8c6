import { PICTURE_KEY, readStamped, shownRecord } from './panel-cache-key';
import { makeRoom, type Place, placeOf } from './picture-place';
import { drawTrees, type Tree } from './picture-tree';

/*
 * The picture of the last opening (the early script's part; what the live panel does with it is in
 * picture-handover.ts, how it is kept in picture-keep.ts). The live panel's first screen, as it drew
 * it, is put on the page before any module loads, and takes the user's input until the live panel
 * replaces it: a click on a post's Reply opens a reply box there and then, text typed in its boxes
 * and fields is carried over, and a click on any other control, or a key pressed, is done again on
 * the live panel (picture-handover.ts says when, and what is dropped).
 */

/** What the picture's record holds (stamped: only the build that wrote it reads it). */
export interface PictureRecord {
  /** The first screen's markup (picture-tree.ts). */
  tree: Tree[];
  /** The panel's width when it was kept: a row's height depends on it. */
  width: number;
  /** The language of its words. */
  lang: string;
  /** The label of a reply box ("Reply"). */
  replyLabel: string;
  /** The text of the kept posts' record it shows, as `shownRecord` (panel-cache-key.ts) reads it. */
  shows: string;
}

/** What the live panel takes over from the picture when it replaces it. */
export interface Handover {
  /** Reply boxes opened on the picture: the post and what was typed there. */
  replies: { postId: string; text: string; start: number; end: number; focused: boolean }[];
  /** Text typed into the picture's own fields (the composer, the search). */
  fields: { place: Place; text: string; start: number; end: number; focused: boolean }[];
  /** The control that had the focus, if not a text field. */
  focus: Place | undefined;
  /** Clicks on the picture's other controls and keys pressed, in order, for the live panel to repeat. */
  actions: Action[];
}

/** A click or a key to do again on the live panel. */
export type Action =
  | { type: 'click'; place: Place }
  | { type: 'key'; place: Place | undefined; reply: string | undefined; init: KeyboardEventInit };

/** The picture on the page: the live panel takes it over once (then it stops listening). */
export interface Picture {
  handOver(): Handover;
}

const HANDOFF = '__debateCompanionPicture';

/** The record kept for this build, this width and this language, or undefined. */
function storedPicture(area: Storage | undefined, width: number, lang: string): PictureRecord | undefined {
  const stored = readStamped(area, PICTURE_KEY);
  if (stored === undefined) return undefined;
  const { tree, replyLabel } = stored;
  if (!Array.isArray(tree) || tree.length === 0 || typeof replyLabel !== 'string') return undefined;
  if (stored.width !== width || stored.lang !== lang) return undefined;
  // The kept posts, kinds, mute lists or speaker line changed since it was kept: it would show what the live panel does not.
  return stored.shows === shownRecord(area) ? (stored as unknown as PictureRecord) : undefined;
}

const TEXT_FIELDS = 'textarea, input:not([type]), input[type="text"], input[type="search"]';
const CONTROLS = `button, a[href], select, summary, [role="button"], [role="tab"], [role="menuitem"], ${TEXT_FIELDS}`;

/**
 * Draws the picture kept for this width and language into `app`, if there is one, and answers it.
 * A cover over the page takes the pointer, so what a click lands on is decided here (and a test
 * driver that checks what its click would hit waits for the live panel).
 */
export function drawPicture(
  app: HTMLElement,
  area: Storage | undefined,
  view: { width: number; lang: string },
): Picture | undefined {
  const stored = storedPicture(area, view.width, view.lang);
  if (stored === undefined) return undefined;
  if (!drawTrees(stored.tree, app)) return undefined;
  // Until the live panel takes over (for the page's tests).
  app.dataset.picture = '';
  const doc = app.ownerDocument;
  const cover = doc.createElement('div');
  cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
  const actions: Action[] = [];

  const replyBoxOf = (element: Element | null) => element?.closest<HTMLElement>('[data-picture-reply]') ?? null;
  const toggleReply = (article: HTMLElement) => {
    const toggle = article.querySelector('.reply-toggle');
    const open = article.querySelector(':scope > [data-picture-reply]');
    if (open !== null) {
      makeRoom(article, -(open as HTMLElement).offsetHeight);
      open.remove();
      toggle?.setAttribute('aria-expanded', 'false');
      return;
    }
    const box = doc.createElement('div');
    box.className = 'post-reply';
    box.dataset.pictureReply = article.dataset.postId ?? '';
    const text = doc.createElement('textarea');
    text.setAttribute('aria-label', stored.replyLabel);
    // Drawn like the composer's text box, which the picture has.
    text.className = app.querySelector('.composer textarea')?.className ?? '';
    box.append(text);
    article.append(box);
    makeRoom(article, box.offsetHeight);
    toggle?.setAttribute('aria-expanded', 'true');
    text.focus();
  };
  const act = (target: Element) => {
    const control = target.closest(CONTROLS);
    // A dimmed control (Refresh while the first page loads) does nothing, as on the live panel.
    if (control === null || !app.contains(control) || control.getAttribute('aria-disabled') === 'true') return;
    const article = control.closest<HTMLElement>('article[data-post-id]');
    if (control.matches('.reply-toggle') && article !== null) toggleReply(article);
    else if (control.matches(TEXT_FIELDS)) (control as HTMLElement).focus();
    else actions.push({ type: 'click', place: placeOf(control, app) });
  };
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const target =
      event.target === cover
        ? doc.elementsFromPoint(event.clientX, event.clientY).find((element) => element !== cover)
        : event.target;
    if (target instanceof Element) act(target);
  };
  // Nothing is sent from the picture (Enter in its search field would send its form), no focus moves
  // at a pointer's press.
  const prevent = (event: Event) => event.preventDefault();
  const onKey = (event: KeyboardEvent) => {
    const target = event.target instanceof Element && app.contains(event.target) ? event.target : undefined;
    const inText = target?.matches(TEXT_FIELDS) ?? false;
    const send = (event.ctrlKey || event.metaKey) && event.key === 'Enter';
    // Typing stays where it is typed; a composer's shortcut (Ctrl+Enter, Escape) waits for the live panel.
    if (inText && event.key !== 'Escape' && !send) return;
    // The browser's own keys (Tab, F5, Ctrl+R, zoom…) are the browser's; Enter or Space on a button
    // makes its click, which the click handler takes.
    const modified = event.ctrlKey || event.metaKey || event.altKey;
    const browsers = event.key === 'Tab' || /^F\d+$/.test(event.key) || (modified && !send);
    const activates = (event.key === 'Enter' || event.key === ' ') && target?.matches(CONTROLS) === true;
    if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key) || browsers || (activates && !inText)) return;
    event.preventDefault();
    event.stopPropagation();
    const reply = replyBoxOf(target ?? null)?.dataset.pictureReply;
    actions.push({
      type: 'key',
      place: target === undefined || reply !== undefined ? undefined : placeOf(target, app),
      reply,
      init: {
        key: event.key,
        code: event.code,
        ctrlKey: event.ctrlKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        metaKey: event.metaKey,
      },
    });
  };
  app.addEventListener('click', onClick, true);
  app.addEventListener('submit', prevent, true);
  cover.addEventListener('click', onClick);
  cover.addEventListener('mousedown', prevent);
  doc.addEventListener('keydown', onKey, true);
  doc.body.append(cover);

  const picture: Picture = {
    handOver() {
      // Once taken, it stops listening (doing so again changes nothing).
      app.removeEventListener('click', onClick, true);
      app.removeEventListener('submit', prevent, true);
      doc.removeEventListener('keydown', onKey, true);
      cover.remove();
      delete app.dataset.picture;
      return handoverOf(app, actions.splice(0));
    },
  };
  Reflect.set(globalThis, HANDOFF, picture);
  return picture;
}

/** The picture on the page, taken once by the live panel (undefined when none was drawn). */
export function takePicture(): Picture | undefined {
  const picture: unknown = Reflect.get(globalThis, HANDOFF);
  Reflect.set(globalThis, HANDOFF, undefined);
  return typeof picture === 'object' && picture !== null && 'handOver' in picture ? (picture as Picture) : undefined;
}

/** What was typed and where the focus is on the picture in `app`. */
function handoverOf(app: HTMLElement, actions: Action[]): Handover {
  const active = app.ownerDocument.activeElement;
  const handover: Handover = { replies: [], fields: [], focus: undefined, actions };
  for (const field of app.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    const caret = { start: field.selectionStart ?? field.value.length, end: field.selectionEnd ?? field.value.length };
    const focused = field === active;
    const postId = field.closest<HTMLElement>('[data-picture-reply]')?.dataset.pictureReply;
    if (postId !== undefined) handover.replies.push({ postId, text: field.value, ...caret, focused });
    else if (field.value !== '' || focused)
      handover.fields.push({ place: placeOf(field, app), text: field.value, ...caret, focused });
  }
  if (active instanceof Element && active !== app && app.contains(active) && !active.matches(TEXT_FIELDS)) {
    handover.focus = placeOf(active, app);
  }
  return handover;
}
