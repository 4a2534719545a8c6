import { z } from '@/lib/zod';
import { SYNC_FIELDS } from './record';

/*
 * Sync as pages see it (the status carries it; lib/messages/sync-protocol.ts): zod and the field
 * names only, so the pages' checks chunk stays small.
 */

const fieldSchema = z.enum(SYNC_FIELDS);

/** An address another browser gave an account that has a key here: the user confirms or keeps theirs. */
export const proposalSchema = z.strictObject({
  account: z.string().max(64),
  from: z.string().max(2048),
  to: z.string().max(2048),
  at: z.number(),
  /** Still asking (false: the user kept this browser's address; the synced one is not asked again). */
  open: z.boolean(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** What went wrong with a field, for words on the options page (the local value is always kept). */
export const problemSchema = z.strictObject({
  field: z.union([fieldSchema, z.literal('all')]),
  /**
   * too_large: it needs more room than sync gives one setting; no_room: the total quota is spent;
   * partial: only the newest `synced` of `total` saved posts fit; refused: a synced value did not
   * check out (`detail` says where); browser: the browser refused the write (`detail`: its words);
   * accounts_full: synced accounts left out, this browser holds the most it may; conflict: another
   * browser wrote the same older value again after this one replaced it (its clock may be wrong).
   */
  kind: z.enum(['too_large', 'no_room', 'partial', 'refused', 'browser', 'accounts_full', 'conflict']),
  detail: z.string().max(300),
  synced: z.int().optional(),
  total: z.int().optional(),
  at: z.number(),
});
export type SyncProblem = z.infer<typeof problemSchema>;

/** What the options page shows of sync (the status carries it): on or off, the last pass, what went wrong, what waits for the user. */
export const syncViewSchema = z.object({
  on: z.boolean(),
  lastAt: z.number().nullable(),
  problems: z.array(problemSchema),
  /** Addresses other browsers gave accounts that have a key here, waiting for the user's word. */
  proposals: z.array(proposalSchema),
  /** Grows with every synced change applied here (the options page starts its cards again from the new values). */
  applied: z.int(),
});
export type SyncView = z.infer<typeof syncViewSchema>;

/** What pages are shown of a ledger: its open proposals only. */
export function syncViewOf(ledger: Omit<SyncView, 'proposals'> & { proposals: SyncView['proposals'] }): SyncView {
  return {
    on: ledger.on,
    lastAt: ledger.lastAt,
    problems: ledger.problems,
    proposals: ledger.proposals.filter((proposal) => proposal.open),
    applied: ledger.applied,
  };
}
