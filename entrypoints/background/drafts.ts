import { openSidePanel } from '@/lib/browser/side-panel';
import { type PendingDraft, pendingDraftItem } from '@/lib/storage/pending-draft';

/**
 * Hands drafts to the side panel: kept (the worker may stop between the click and the panel
 * opening), told to the pages by a push (`changed`), and taken by one panel, once.
 */
export class Drafts {
  private taking: Promise<unknown> = Promise.resolve();

  constructor(
    /** A draft was handed over or taken: the pages' next push says so. */
    private readonly changed: () => void = () => undefined,
  ) {}

  /** Saves the draft, then opens the side panel next to the tab it came from. */
  async open(draft: PendingDraft, tabId: number | undefined): Promise<void> {
    await this.save(draft);
    await openSidePanel(tabId === undefined ? {} : { tabId });
  }

  /**
   * From a user gesture (a context-menu click): the panel is opened in the same task as the click,
   * before any await, or the browser no longer counts the gesture. A known draft starts saving
   * first; a draft still being worked out (a cold worker reading the settings) is saved right after
   * the panel opened, which takes it when the push saying so arrives.
   */
  openFromGesture(draft: PendingDraft | Promise<PendingDraft | null>, tabId: number | undefined): Promise<void> {
    const save = (value: PendingDraft | null) => (value === null ? Promise.resolve() : this.save(value));
    const known = draft instanceof Promise ? undefined : save(draft);
    const opening = openSidePanel(tabId === undefined ? {} : { tabId });
    const saved = known ?? Promise.resolve(draft).then(save);
    return Promise.all([saved, opening]).then(() => undefined);
  }

  /** When the waiting draft was handed over; null when none waits. */
  async waiting(): Promise<number | null> {
    return (await pendingDraftItem.getValue())?.at ?? null;
  }

  /**
   * The waiting draft, cleared as it is answered. Takes run one after the other: two at once (two
   * panels, or a panel opening as a draft arrives) never both get the same draft.
   */
  take(): Promise<PendingDraft | null> {
    const taken = this.taking.then(async () => {
      const value = await pendingDraftItem.getValue();
      if (value === null) return null;
      await pendingDraftItem.setValue(null);
      this.changed();
      const { at: _at, ...draft } = value;
      return draft;
    });
    this.taking = taken.catch(() => undefined);
    return taken;
  }

  private async save(draft: PendingDraft): Promise<void> {
    await pendingDraftItem.setValue({ ...draft, at: Date.now() });
    this.changed();
  }
}
