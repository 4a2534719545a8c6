/** The prefs name of the composer drafts (lib/storage/drafts.ts), also read by the panel's early script. */
export const DRAFTS_PREF = 'drafts';
