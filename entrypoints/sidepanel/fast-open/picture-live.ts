import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { readerField } from '@/entrypoints/sidepanel/state/speaker';
import type { TimelineStore } from '@/entrypoints/sidepanel/state/timeline-store';
import type { PanelCache } from './panel-cache';
import { forgetPicture } from './panel-cache-key';

/** What the live panel's side of the picture waits on and reads (main.tsx). */
export interface LivePanel {
  store: TimelineStore;
  drafts: DraftStore;
  kept: PanelCache;
  /** The fresh first page asked for and in the store (or failed). */
  firstLoad: Promise<void>;
  /** The early settings applied (undefined where there were none). */
  seeded: Promise<void> | undefined;
  /** The first posts painted (the panel's effects run right after). */
  painted: Promise<void>;
}

const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
/** When the main thread has nothing to do (at most a second away): keeping is not what the user waits for. */
const whenIdle = () =>
  new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(resolve, { timeout: 1000 });
    else setTimeout(resolve, 50);
  });

/**
 * When the clicks and keys made on the picture may be done again: the fresh first page is in, the
 * first posts painted and the panel's effects run (its key listener among them), the settings (the
 * user's key map) applied. Answers whether a post is still shown, fresh: a click on one that is not
 * is dropped (another platform or account since, or the post gone).
 */
export function settled(panel: LivePanel): Promise<(postId: string) => boolean> {
  return Promise.all([panel.firstLoad, panel.painted, panel.seeded])
    .then(afterFrame)
    .then(() => (postId: string) => {
      const { items, stale, error } = panel.store.getState();
      return !stale && error === null && items.some((item) => item.id === postId);
    });
}

/**
 * The timeline shows the fresh first page as it is kept, read from the panel's own platform and
 * account, and what is kept is what this panel last read or wrote (another window's panel may have
 * kept another speaker line or other posts: its own picture stays).
 */
function freshAsKept(panel: LivePanel): boolean {
  const { items, stale, error } = panel.store.getState();
  if (stale || error !== null || readerField().account !== undefined || !panel.kept.isCurrent()) return false;
  const kept = panel.kept.firstPage.read();
  return kept.length > 0 && kept.every((post, index) => items[index]?.id === post.id);
}

/**
 * Keeps the picture of the panel for the next opening (fast-open/picture-keep.ts, loaded after the
 * first paint: the first screen does not need it) each time the record it shows is written (the
 * fresh first page; the kinds and mute lists the settings bring, the speaker line the status
 * brings: a picture is drawn only while that record is the one it was kept with), two frames later
 * (the render and the effects that show what was written), and as the panel hides. The first draft
 * typed forgets it at once: a picture would show its composer empty.
 */
export function keepPictures(app: HTMLElement, panel: LivePanel, replyLabel: () => string): void {
  let keepPicture: typeof import('./picture-keep').keepPicture | undefined;
  // Whether a picture may be kept now: the first keystroke forgets it, the next ones have nothing to do.
  let mayBeKept = true;
  const keep = () => {
    keepPicture?.(app, { fresh: freshAsKept(panel), noDrafts: panel.drafts.isEmpty(), replyLabel: replyLabel() });
    mayBeKept = true;
  };
  panel.drafts.onEdit(() => {
    if (!mayBeKept) return;
    mayBeKept = false;
    forgetPicture();
  });
  const ready = panel.firstLoad.then(async () => {
    ({ keepPicture } = await import('./picture-keep'));
    await new Promise<void>((resolve) => panel.drafts.whenLoaded(resolve));
  });
  const noop = () => undefined;
  // Two frames after the last write, once the main thread is idle (the user's first click, and the
  // frame it draws, come first): writes in a row (the settings' kinds and mute lists) make one keep.
  let writes = 0;
  panel.kept.onWrite(() => {
    const write = ++writes;
    void ready
      .then(afterFrame)
      .then(afterFrame)
      .then(whenIdle)
      .then(() => {
        if (write === writes) keep();
      }, noop);
  });
  window.addEventListener('pagehide', keep);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') keep();
  });
}
