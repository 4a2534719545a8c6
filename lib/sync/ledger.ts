import { definePref } from '@/lib/storage/prefs';
import { z } from '@/lib/zod';
import { MAX_CLOCK_AHEAD_MS, type Read, SYNC_FIELDS, type SyncField } from './record';
import { problemSchema, proposalSchema } from './view';

export type { Proposal, SyncProblem } from './view';

const fieldSchema = z.enum(SYNC_FIELDS);

import { MAX_SAVED_REMOVALS, savedRemovalSchema } from './values';

/*
 * This browser's side of sync: whether it is on, when each field last changed here or arrived, the
 * checksum of each value as last seen (a value that matches is no change), how synced accounts map
 * to this browser's, the address changes waiting for the user, and what went wrong, in a form the
 * options page words. In the prefs store (extension-origin IndexedDB): no page nor content process
 * can write it, unlike `storage.sync` itself.
 */

export const ledgerSchema = z.object({
  on: z.boolean(),
  device: z.string().max(64),
  stamps: z.partialRecord(fieldSchema, z.number()),
  known: z.partialRecord(fieldSchema, z.string().max(16)),
  /** Synced account id → this browser's account id, where the two browsers had each added it. */
  aliases: z.record(z.string().max(64), z.string().max(64)),
  /** Synced ids of accounts removed (here or on another browser). */
  removedAccounts: z.array(z.string().max(64)).max(100),
  /** This browser's own account ids as last seen (one gone since was removed here). */
  accountIds: z.array(z.string().max(64)).max(100),
  savedRemovals: z.array(savedRemovalSchema).max(MAX_SAVED_REMOVALS),
  proposals: z.array(proposalSchema).max(40),
  problems: z.array(problemSchema).max(40),
  /**
   * Records dated further ahead than this machine's clock allows, by field: their checksum and when
   * first seen here, the time they are believed to have.
   */
  ahead: z.partialRecord(fieldSchema, z.strictObject({ sum: z.string().max(16), at: z.number() })),
  /**
   * The record this browser last wrote over, by field (`sum at by`): another browser writing the
   * very same record again is not written over a second time (two browsers never hand one value back and forth).
   */
  overwrote: z.partialRecord(fieldSchema, z.string().max(120)),
  lastAt: z.number().nullable(),
  /** How many synced changes were applied here: the options page starts its cards again when it grows. */
  applied: z.int().min(0),
});
export type SyncLedger = z.infer<typeof ledgerSchema>;

export function emptyLedger(): SyncLedger {
  return {
    on: false,
    device: crypto.randomUUID(),
    stamps: {},
    known: {},
    aliases: {},
    removedAccounts: [],
    accountIds: [],
    savedRemovals: [],
    proposals: [],
    problems: [],
    ahead: {},
    overwrote: {},
    lastAt: null,
    applied: 0,
  };
}

/** The ledger, checked on every read; a damaged one starts again (off: the user turns sync on again). */
export const ledgerItem = definePref<SyncLedger>('syncLedger', {
  fallback: { ...emptyLedger(), device: '' },
  parse: (raw) => {
    const parsed = ledgerSchema.safeParse(raw);
    return parsed.success ? parsed.data : emptyLedger();
  },
});

/** What to do with a field's synced record. */
export type Decision = 'same' | 'apply' | 'push' | 'broken';

/**
 * Newest change first, field by field: a record newer than this browser's last change of the field
 * is applied; an older one is replaced by this browser's value. A time further ahead of this
 * machine's clock than {@link MAX_CLOCK_AHEAD_MS} counts as the time it was first seen here — a
 * record dated in the year 9999 would otherwise win every conflict for ever. Equal times go to the greater browser id.
 */
export function decide(
  read: Read,
  ledger: Pick<SyncLedger, 'stamps' | 'known' | 'device' | 'ahead'>,
  field: SyncField,
  now: number,
): Decision {
  if (read.kind === 'none') return 'push';
  if (read.kind === 'broken') return 'broken';
  if (read.sum === ledger.known[field]) return 'same';
  const at = believedAt(read, ledger.ahead[field], now);
  const mine = ledger.stamps[field] ?? 0;
  if (at > mine || (at === mine && read.by > ledger.device)) return 'apply';
  return 'push';
}

/**
 * A record's time as believed here: its own, unless further ahead than {@link MAX_CLOCK_AHEAD_MS};
 * then the time this machine first saw it (`seen`, for the same checksum), else now.
 */
export function believedAt(
  read: { at: number; sum: string },
  seen: { sum: string; at: number } | undefined,
  now: number,
): number {
  if (read.at <= now + MAX_CLOCK_AHEAD_MS) return read.at;
  return seen?.sum === read.sum ? seen.at : now;
}
