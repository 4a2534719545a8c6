import type { AccountRecord } from '@/lib/storage/accounts';
import type { Proposal, SyncLedger } from './ledger';
import type { SyncedAccount, SyncedAccounts } from './values';

/*
 * What a synced account list does to this browser's accounts. The rule that matters: a synced
 * value never decides where an existing key goes. An account arriving by sync has no key and asks
 * for one; a new address for an account that has a key here is only proposed (the user confirms it
 * on the options page); an account with a key, or with writes waiting, is never removed by sync.
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
  /** Address changes of accounts without a key (nothing for a key to follow). */
  move: { id: string; baseUrl: string }[];
  /** Address changes of accounts with a key: asked, not made. */
  propose: Proposal[];
  remove: string[];
  /** Synced id → local id, for accounts both browsers had added on their own (same address). */
  aliases: Record<string, string>;
  /** Synced accounts left out: this browser holds the most accounts it may. */
  full: number;
}

/** The plan for a synced list (checked already), against this browser's accounts and ledger. */
export function planAccounts(
  synced: SyncedAccounts,
  local: readonly LocalAccount[],
  ledger: Pick<SyncLedger, 'aliases' | 'removedAccounts' | 'proposals'>,
  room: number,
  now: number,
): AccountsPlan {
  const plan: AccountsPlan = {
    add: [],
    update: [],
    move: [],
    propose: [],
    remove: [],
    aliases: { ...ledger.aliases },
    full: 0,
  };
  const byId = new Map(local.map((account) => [account.id, account]));
  const claimed = new Set(Object.values(plan.aliases));
  const removed = new Set([...ledger.removedAccounts, ...synced.removed]);
  for (const entry of synced.list) {
    if (removed.has(entry.id)) continue;
    let mine = byId.get(plan.aliases[entry.id] ?? entry.id);
    if (mine === undefined) {
      // The same address added on both browsers before sync: one account, not two.
      mine = local.find(
        (account) =>
          account.baseUrl === entry.baseUrl &&
          !claimed.has(account.id) &&
          !synced.list.some((other) => other.id === account.id),
      );
      if (mine !== undefined) {
        plan.aliases[entry.id] = mine.id;
        claimed.add(mine.id);
      }
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
    if (mine.baseUrl === entry.baseUrl) continue;
    if (!mine.keyed) plan.move.push({ id: mine.id, baseUrl: entry.baseUrl });
    else if (!ledger.proposals.some((p) => p.account === mine.id && p.to === entry.baseUrl)) {
      plan.propose.push({ account: mine.id, from: mine.baseUrl, to: entry.baseUrl, at: now, open: true });
    }
  }
  for (const id of synced.removed) {
    const mine = byId.get(plan.aliases[id] ?? id);
    if (mine !== undefined && !mine.keyed && mine.pending === 0) plan.remove.push(mine.id);
  }
  return plan;
}

/**
 * This browser's accounts as sync carries them: synced ids where an alias says so, and for an
 * account with an address proposal (open or kept), the proposed address — so a proposal never
 * travels back as a change of this browser's.
 */
export function syncedAccountsOf(
  accounts: readonly Pick<AccountRecord, 'id' | 'label' | 'baseUrl' | 'reserve'>[],
  ledger: Pick<SyncLedger, 'aliases' | 'removedAccounts' | 'proposals'>,
): SyncedAccounts {
  const syncedId = new Map(Object.entries(ledger.aliases).map(([remote, mine]) => [mine, remote]));
  const removed = new Set(ledger.removedAccounts);
  // One order on every browser (by id): the same accounts are the same value, byte for byte.
  const list = accounts
    .map((account) => {
      // The newest proposal for this address (a later synced address supersedes one kept or asked before).
      const proposal = ledger.proposals.filter((p) => p.account === account.id && p.from === account.baseUrl).at(-1);
      return {
        id: syncedId.get(account.id) ?? account.id,
        label: account.label,
        baseUrl: proposal?.to ?? account.baseUrl,
        reserve: account.reserve,
      };
    })
    // An account another browser removed stays here while it has a key or writes, but no longer syncs.
    .filter((account) => !removed.has(account.id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    list,
    removed: ledger.removedAccounts.slice(-100),
  };
}
