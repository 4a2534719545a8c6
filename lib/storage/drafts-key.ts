/**
 * Where the composer drafts are kept in the prefs store (lib/storage/drafts.ts), also read by the
 * panel's early script: one record per draft, named `draft:post` or `draft:reply:<post id>`.
 */
export const DRAFT_RECORD_PREFIX = 'draft:';

/** The one record that held every draft before each got its own (read, then split: drafts.ts). */
export const LEGACY_DRAFTS_PREF = 'drafts';
