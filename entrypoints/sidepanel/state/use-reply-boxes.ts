import { useEffect, useState } from 'preact/hooks';
import { domId } from '@/components/timeline/TimelineItem';
import type { DraftStore } from '@/entrypoints/sidepanel/state/drafts';
import { useStableCallback } from '@/lib/ui/memo';
import { without } from '@/lib/ui/read-only-map';

interface Box {
  /** Bumped to mount the box afresh (its text changed from outside: a handed-over draft). */
  version: number;
  /** Focus its textbox when it mounts (opened just now by the user or a handed-over draft). */
  focus: boolean;
}

/** Which posts have their reply box open. */
export interface ReplyBoxes {
  isOpen(postId: string): boolean;
  version(postId: string): number;
  wantsFocus(postId: string): boolean;
  toggle(postId: string): void;
  open(postId: string, focus: boolean): void;
  close(postId: string): void;
}

/**
 * The open reply boxes. A box with a saved draft starts open, so a reply begun before the panel
 * closed is where the user left it. Closing a box that held focus gives focus back to its Reply
 * button.
 */
export function useReplyBoxes(drafts: DraftStore): ReplyBoxes {
  const [boxes, setBoxes] = useState(() => withDraftBoxes(new Map(), drafts));
  // The panel may draw before the stored drafts are read: the boxes with a draft open once they are.
  useEffect(() => drafts.whenLoaded(() => setBoxes((current) => withDraftBoxes(current, drafts))), [drafts]);
  const open = (postId: string, focus: boolean) =>
    setBoxes((current) => new Map(current).set(postId, { version: (current.get(postId)?.version ?? 0) + 1, focus }));
  const close = (postId: string) => {
    const base = domId(postId);
    const hadFocus = document.getElementById(`${base}-reply`)?.contains(document.activeElement) ?? false;
    setBoxes((current) => without(current, postId));
    if (hadFocus) requestAnimationFrame(() => document.getElementById(`${base}-reply-toggle`)?.focus());
  };
  // Kept the same across renders, for the memoized rows that hold it.
  const toggle = useStableCallback((postId: string) => (boxes.has(postId) ? close(postId) : open(postId, true)));
  return {
    isOpen: (postId) => boxes.has(postId),
    version: (postId) => boxes.get(postId)?.version ?? 0,
    wantsFocus: (postId) => boxes.get(postId)?.focus ?? false,
    toggle,
    open,
    close,
  };
}

/** `boxes` with a box (not focused) for every post that has a reply draft and no box yet (`boxes` itself when none is missing). */
function withDraftBoxes(boxes: ReadonlyMap<string, Box>, drafts: DraftStore): ReadonlyMap<string, Box> {
  const missing = drafts.replyPostIds().filter((postId) => !boxes.has(postId));
  if (missing.length === 0) return boxes;
  const next = new Map(boxes);
  for (const postId of missing) next.set(postId, { version: 0, focus: false });
  return next;
}
