import { useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { domId } from '@/components/timeline/TimelineItem';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';

/** One open reply box. A new object at every change, so a row can tell it changed. */
export interface Box {
  /** Bumped to mount the box afresh (its text changed from outside: a handed-over draft). */
  version: number;
  /** Focus its textbox when it mounts (opened just now by the user or a handed-over draft). */
  focus: boolean;
}

/** A reply box open from the first render (the picture of the last opening had it open). */
export interface OpenReply {
  postId: string;
  /** It had the focus: it takes it as it mounts. */
  focus: boolean;
}

/**
 * Which posts have their reply box open, kept outside the timeline's render: opening or closing a
 * box tells that post's row only, so a click on Reply renders one row, not the list. A box with a
 * saved draft starts open, so a reply begun before the panel closed is where the user left it
 * ({@link openDrafts}, once the drafts are read). Closing a box that held focus gives focus back to
 * its Reply button.
 */
export class ReplyBoxes {
  private readonly boxes = new Map<string, Box>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly drafts: DraftStore,
    opened: readonly OpenReply[] = [],
  ) {
    for (const { postId, focus } of opened) this.boxes.set(postId, { version: 0, focus });
    this.openDrafts();
  }

  /** The post's open box, or undefined. */
  get(postId: string): Box | undefined {
    return this.boxes.get(postId);
  }

  isOpen(postId: string): boolean {
    return this.boxes.has(postId);
  }

  /**
   * Calls `listener` whenever a box opens, closes or is mounted afresh. Each row reads its own box
   * again; a row whose box is the same object as before does not render.
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  readonly toggle = (postId: string): void => {
    if (this.boxes.has(postId)) this.close(postId);
    else this.open(postId, true);
  };

  /** Opens the box (mounted afresh when it was open: its text changed from outside). */
  readonly open = (postId: string, focus: boolean): void => {
    this.put(postId, { version: (this.boxes.get(postId)?.version ?? 0) + 1, focus });
  };

  readonly close = (postId: string): void => {
    const base = domId(postId);
    const hadFocus = document.getElementById(`${base}-reply`)?.contains(document.activeElement) ?? false;
    this.put(postId, undefined);
    if (hadFocus) requestAnimationFrame(() => document.getElementById(`${base}-reply-toggle`)?.focus());
  };

  /**
   * The box took focus as it mounted: it does not take it again when its row mounts anew (scrolled
   * away and back). Nothing to draw, so no one is told.
   */
  focusTaken(postId: string): void {
    const box = this.boxes.get(postId);
    if (box?.focus) this.boxes.set(postId, { ...box, focus: false });
  }

  /** A box (not focused) for every post that has a reply draft and no box yet. */
  openDrafts(): void {
    for (const postId of this.drafts.replyPostIds()) {
      if (!this.boxes.has(postId)) this.put(postId, { version: 0, focus: false });
    }
  }

  private put(postId: string, box: Box | undefined): void {
    if (box === undefined) {
      if (!this.boxes.delete(postId)) return;
    } else {
      this.boxes.set(postId, box);
    }
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * The panel's reply boxes; those with a draft open once the drafts are read, and those in `opened`
 * (the picture of the last opening had them open) from the first render.
 */
export function useReplyBoxes(drafts: DraftStore, opened?: readonly OpenReply[]): ReplyBoxes {
  const boxes = useMemo(() => new ReplyBoxes(drafts, opened), [drafts]);
  // The panel may draw before the stored drafts are read: the boxes with a draft open once they are.
  useEffect(() => drafts.whenLoaded(() => boxes.openDrafts()), [drafts, boxes]);
  return boxes;
}

/** One post's box, drawn again when it changes (subscribed as the row commits, so no change is missed). */
export function useReplyBox(boxes: ReplyBoxes, postId: string): Box | undefined {
  const [box, setBox] = useState(() => boxes.get(postId));
  useLayoutEffect(() => {
    setBox(boxes.get(postId));
    return boxes.subscribe(() => setBox(boxes.get(postId)));
  }, [boxes, postId]);
  return box;
}
