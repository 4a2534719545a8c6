import { MAX_DRAFT_LENGTH } from './draft-limit';
import { definePref } from './prefs';

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
