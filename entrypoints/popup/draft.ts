import { storage } from 'wxt/utils/storage';

/**
 * The quick-post box's text, kept while the popup is closed (it closes whenever focus leaves it).
 * Not secret: text the user is writing for publication. Cleared once the post is queued.
 */
export const quickPostDraftItem = storage.defineItem<string>('local:quickPostDraft', { fallback: '' });
