import type { AccountRecord } from '@/lib/storage/accounts';
import type { Proposal, SyncLedger } from './ledger';
import type { SyncedAccount, SyncedAccounts } from './values';

/*
 * What a synced account list does to this browser's accounts. The rule that matters: a synced
 * value never decides where a key goes. An account arriving by sync has no key and asks for one; a
 * new address for an account this browser has is only proposed (the user confirms it on the
 * options page) — with a key, so the key never follows it; without one, so the address never
 * changes under a key being typed; an account with a key, or with writes waiting, is never
 * removed by sync.
 */

/** An account of this browser as the plan sees it. */
export interface LocalAccount extends Pick<AccountRecord, 'id' | 'label' | 'baseUrl' | 'reserve'> {
  keyed: boolean;
  pending: number;
}

export interface AccountsPlan {
  /** Accounts to add, without a key, with the synced id. */
  add: SyncedAccount[];
  update: { id: string; label: string; reserve: number }[];
  /** Address changes: asked, never made. */
  propose: Proposal[];
  /** Accounts to remove, if they still have no key and no writes waiting when removed. */
  remove: string[];
  /** Synced id → local id, for accounts both browsers had added on their own (same address). */
  aliases: Record<string, string>;
  /** Synced accounts left out: this browser holds the most accounts it may. */
  full: number;
}

type PlanLedger = Pick<SyncLedger, 'aliases' | 'removedAccounts' | 'proposals'>;

/** The plan for a synced list (checked already: no id twice), against this browser's accounts and ledger. */
export function planAccounts(
  synced: SyncedAccounts,
  local: readonly LocalAccount[],
  ledger: PlanLedger,
  room: number,
  now: number,
): AccountsPlan {
  const plan: AccountsPlan = { add: [], update: [], propose: [], remove: [], aliases: { ...ledger.aliases }, full: 0 };
  const byId = new Map(local.map((account) => [account.id, account]));
  const claimed = new Set(Object.values(plan.aliases));
  const removed = new Set([...ledger.removedAccounts, ...synced.removed]);
  const listed = new Set(synced.list.map((entry) => entry.id));
  for (const entry of synced.list) {
    if (removed.has(entry.id)) continue;
    let mine = byId.get(plan.aliases[entry.id] ?? entry.id);
    if (mine === undefined) {
      // The same address added on both browsers before sync: one account, not two.
      mine = local.find(
        (account) => account.baseUrl === entry.baseUrl && !claimed.has(account.id) && !listed.has(account.id),
      );
      if (mine !== undefined) plan.aliases[entry.id] = mine.id;
    }
    if (mine === undefined) {
      if (plan.add.length < room) plan.add.push(entry);
      else plan.full += 1;
      continue;
    }
    claimed.add(mine.id);
    if (mine.label !== entry.label || mine.reserve !== entry.reserve) {
      plan.update.push({ id: mine.id, label: entry.label, reserve: entry.reserve });
    }
    const account = mine;
    if (
      account.baseUrl !== entry.baseUrl &&
      !ledger.proposals.some((p) => p.account === account.id && p.to === entry.baseUrl)
    ) {
      plan.propose.push({ account: account.id, from: account.baseUrl, to: entry.baseUrl, at: now, open: true });
    }
  }
  const gone = new Set<string>();
  for (const id of synced.removed) {
    const mine = byId.get(plan.aliases[id] ?? id);
    if (mine !== undefined && !mine.keyed && mine.pending === 0) gone.add(mine.id);
  }
  plan.remove = [...gone];
  return plan;
}

/**
 * The id an account syncs under: its own, or for two accounts of one address that two browsers
 * had each added, the smaller of the two ids — the same on both browsers.
 */
export function syncedIdOf(id: string, aliases: Record<string, string>): string {
  let synced = id;
  for (const [remote, mine] of Object.entries(aliases)) if (mine === id && remote < synced) synced = remote;
  return synced;
}

/**
 * This browser's accounts as sync carries them: in one order on every browser (by synced id), an
 * open proposal's address for its account (so a proposal never travels back as a change of this
 * browser's), and without those another browser removed that stay here for their key or writes.
 */
export function syncedAccountsOf(
  accounts: readonly Pick<AccountRecord, 'id' | 'label' | 'baseUrl' | 'reserve'>[],
  ledger: PlanLedger,
): SyncedAccounts {
  const removed = new Set(ledger.removedAccounts);
  const list = accounts
    .map((account) => {
      const proposal = ledger.proposals.find((p) => p.account === account.id && p.open && p.from === account.baseUrl);
      return {
        id: syncedIdOf(account.id, ledger.aliases),
        label: account.label,
        baseUrl: proposal?.to ?? account.baseUrl,
        reserve: account.reserve,
      };
    })
    .filter((account) => !removed.has(account.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { list, removed: [...removed].sort().slice(-100) };
}
