/** The `storage.local` key of the composer drafts (lib/ui/drafts.ts), also read by the panel's early script. */
export const DRAFTS_STORAGE_KEY = 'drafts';
