import { type DraftStore, replyDraftKey } from '@/entrypoints/sidepanel/state/drafts';
import type { OpenReply } from '@/entrypoints/sidepanel/state/use-reply-boxes';
import type { Action, Handover } from './picture';
import { findPlace, postElement } from './picture-place';

/*
 * The live panel's side of the picture (picture.ts): it replaces the picture in one task, so no
 * frame shows both or neither, and takes over what the user did on it.
 */

/**
 * The reply boxes the picture had open, with their text put in the drafts before the live panel's
 * first render (what was typed is newer than any kept draft, and stays).
 */
export function handedReplies(handover: Handover, drafts: DraftStore): OpenReply[] {
  for (const reply of handover.replies) {
    if (reply.text !== '') drafts.set(replyDraftKey(reply.postId), reply.text);
  }
  return handover.replies.map((reply) => ({ postId: reply.postId, focus: reply.focused }));
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

function isTextField(element: Element | null | undefined): element is TextField {
  return element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement;
}

function focusAt(field: TextField, start: number, end: number): void {
  field.focus();
  field.setSelectionRange(start, end);
}

/** The live reply box's text field for a post (found by the post's exact id). */
function replyField(postId: string, app: HTMLElement): TextField | undefined {
  const field = postElement(postId, app)?.querySelector('[id$="-reply-text"]');
  return isTextField(field) ? field : undefined;
}

/**
 * After the live panel's first render in `app`: the text typed into the picture's fields (told to
 * the live fields as typing is), the caret and the focus where they were. Then, once `settled`
 * resolves (the fresh first page in, the panel's effects and key map in place), each click and key,
 * one task apart, so each finds what the one before opened. A click or key on a post the fresh page
 * no longer has (`stillShown`), or on a control that is not at its place with the same name, is
 * dropped rather than done on something else.
 */
export function finishHandover(
  handover: Handover,
  app: HTMLElement,
  settled: Promise<(postId: string) => boolean>,
): void {
  for (const field of handover.fields) {
    const live = findPlace(field.place, app);
    if (!isTextField(live)) continue;
    if (live.value !== field.text) {
      live.value = field.text;
      live.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (field.focused) focusAt(live, field.start, field.end);
  }
  for (const reply of handover.replies) {
    const live = replyField(reply.postId, app);
    if (live !== undefined && reply.focused) focusAt(live, reply.start, reply.end);
  }
  if (handover.focus !== undefined) (findPlace(handover.focus, app) as HTMLElement | undefined)?.focus();
  if (handover.actions.length === 0) return;
  void settled.then((stillShown) => {
    const shown = (post = '') => post === '' || stillShown(post);
    const postOf = (action: Action) =>
      action.type === 'key' ? (action.reply ?? action.place?.post) : action.place.post;
    replay(
      handover.actions.filter((action) => shown(postOf(action))),
      app,
    );
  });
}

function replay(actions: readonly Action[], app: HTMLElement): void {
  const [action, ...rest] = actions;
  if (action === undefined) return;
  setTimeout(() => {
    if (action.type === 'click') (findPlace(action.place, app) as HTMLElement | undefined)?.click();
    else {
      const target =
        action.reply !== undefined
          ? replyField(action.reply, app)
          : action.place !== undefined
            ? findPlace(action.place, app)
            : (document.activeElement ?? document.body);
      target?.dispatchEvent(new KeyboardEvent('keydown', { ...action.init, bubbles: true, cancelable: true }));
    }
    replay(rest, app);
  }, 0);
}
