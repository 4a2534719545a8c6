import { MAX_DRAFT_LENGTH } from './draft-limit';
import { definePref } from './prefs';

/**
 * The quick-post box's text, kept while the popup is closed (it closes whenever focus leaves it).
 * Private until published: in the prefs store, which no page can read. Cleared once the post is queued.
 */
export const quickPostDraftItem = definePref<string>('quickPostDraft', {
  fallback: '',
  parse: (raw) => (typeof raw === 'string' ? raw.slice(0, MAX_DRAFT_LENGTH) : ''),
});
