import { type PendingDraft, pendingDraftItem } from '@/lib/storage/pending-draft';

let taking: Promise<PendingDraft | null> = Promise.resolve(null);

/**
 * Takes the draft the background left for the panel (a quote from the context menu, a reply begun
 * on a page) and clears it, so it is applied once. Takes run one after the other: two at once
 * (the panel opening while the item changes) never both get the same draft.
 */
export function takePendingDraft(): Promise<PendingDraft | null> {
  // A failed take (storage error) must not fail every later one.
  taking = taking
    .catch(() => null)
    .then(async () => {
      const value = await pendingDraftItem.getValue();
      if (value === null) return null;
      await pendingDraftItem.setValue(null);
      const { at: _at, ...draft } = value;
      return draft;
    });
  return taking;
}

/** Calls `onDraft` when a new draft is left while the panel is open; returns the unsubscribe function. */
export function watchPendingDraft(onDraft: () => void): () => void {
  return pendingDraftItem.watch((value) => {
    if (value !== null) onDraft();
  });
}

/** Adds handed-over text to what the user already wrote, never replacing it. */
export function appendDraft(existing: string, text: string): string {
  return existing.trim() === '' ? text : `${existing.trimEnd()}\n\n${text}`;
}
