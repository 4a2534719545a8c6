import { storage } from 'wxt/utils/storage';
import { openSidePanel } from '@/lib/browser/side-panel';

/** A draft handed to the side panel's composer: a new post (e.g. a quote) or a reply to a post. */
export type PendingDraft = { kind: 'post'; text: string } | { kind: 'reply'; postId: string; text: string };

/**
 * The draft the side panel picks up when it opens (then clears). Kept in storage so it survives the
 * worker stopping between the click and the panel opening.
 */
export const pendingDraftItem = storage.defineItem<(PendingDraft & { at: number }) | null>('local:pendingDraft', {
  fallback: null,
});

/** Hands drafts to the side panel. */
export class Drafts {
  /** Saves the draft, then opens the side panel next to the tab it came from. */
  async open(draft: PendingDraft, tabId: number | undefined): Promise<void> {
    await pendingDraftItem.setValue({ ...draft, at: Date.now() });
    await openSidePanel(tabId === undefined ? {} : { tabId });
  }
}
