/** The `storage.local` key of the composer drafts (lib/ui/drafts.ts); the background ignores its changes. */
export const DRAFTS_STORAGE_KEY = 'drafts';
