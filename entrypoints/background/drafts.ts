import { openSidePanel } from '@/lib/browser/side-panel';
import { type PendingDraft, pendingDraftItem } from '@/lib/storage/pending-draft';

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
