import { openSidePanel } from '@/lib/browser/side-panel';
import { MAX_DRAFT_LENGTH } from '@/lib/messages/limits';
import { definePref } from '@/lib/storage/prefs';

/** A draft handed to the side panel's composer: a new post (e.g. a quote) or a reply to a post. */
export type PendingDraft = { kind: 'post'; text: string } | { kind: 'reply'; postId: string; text: string };

/** A stored pending draft, checked as untrusted input: a damaged value is no draft. */
function parsePendingDraft(raw: unknown): (PendingDraft & { at: number }) | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { kind, text, postId, at } = raw as Record<string, unknown>;
  if (typeof text !== 'string' || text.length > MAX_DRAFT_LENGTH || typeof at !== 'number') return null;
  if (kind === 'post') return { kind, text, at };
  if (kind === 'reply' && typeof postId === 'string' && postId !== '' && postId.length <= 200) {
    return { kind, postId, text, at };
  }
  return null;
}

/**
 * The draft the side panel picks up when it opens (then clears). Stored so it survives the worker
 * stopping between the click and the panel opening; in the prefs store, where no page can plant one.
 */
export const pendingDraftItem = definePref<(PendingDraft & { at: number }) | null>('pendingDraft', {
  fallback: null,
  parse: parsePendingDraft,
});

/** Hands drafts to the side panel. */
export class Drafts {
  /** Saves the draft, then opens the side panel next to the tab it came from. */
  async open(draft: PendingDraft, tabId: number | undefined): Promise<void> {
    await pendingDraftItem.setValue({ ...draft, at: Date.now() });
    await openSidePanel(tabId === undefined ? {} : { tabId });
  }

  /**
   * From a user gesture (a context-menu click): the panel is opened in the same task as the click,
   * before any await, or the browser no longer counts the gesture. A known draft starts saving
   * first (the panel reads it when it loads); a draft still being worked out (a cold worker reading
   * the settings) is saved right after the panel opened, which picks it up when it arrives.
   */
  openFromGesture(draft: PendingDraft | Promise<PendingDraft | null>, tabId: number | undefined): Promise<void> {
    const save = (value: PendingDraft | null) =>
      value === null ? Promise.resolve() : pendingDraftItem.setValue({ ...value, at: Date.now() });
    const known = draft instanceof Promise ? undefined : save(draft);
    const opening = openSidePanel(tabId === undefined ? {} : { tabId });
    const saved = known ?? Promise.resolve(draft).then(save);
    return Promise.all([saved, opening]).then(() => undefined);
  }
}
