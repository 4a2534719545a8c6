import { browser } from 'wxt/browser';
import { MAX_ACCOUNTS } from '@/lib/storage/accounts';
import type { SavedPostsBook } from '@/lib/storage/saved-book';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import { type LocalAccount, planAccounts } from '@/lib/sync/accounts-plan';
import { believedAt, decide, emptyLedger, ledgerItem, type SyncLedger, type SyncProblem } from '@/lib/sync/ledger';
import { mergeProblems, noteLocalChanges, refused, sumOf, valuesOf } from '@/lib/sync/local';
import { fitAll } from '@/lib/sync/quota';
import {
  checksum,
  fieldOfKey,
  type Items,
  leftoverParts,
  MAX_CLOCK_AHEAD_MS,
  readField,
  SYNC_FIELDS,
  type SyncField,
} from '@/lib/sync/record';
import { mergeSyncedSaved } from '@/lib/sync/saved-merge';
import { checkValue, isSettingsField, type SyncValues, settingsChange } from '@/lib/sync/values';
import type { Accounts } from './accounts';

/** What sync reads and changes of this browser. */
export interface SyncDeps {
  accounts: Accounts;
  saved: SavedPostsBook;
  /** Whether an account has a key here, and how many of its writes wait. */
  keyed: (id: string) => Promise<boolean>;
  pending: (id: string) => Promise<number>;
  /** The ledger changed (the status carries what the options page shows). */
  changed: () => void;
  now?: () => number;
}

/**
 * Sync, opt-in (docs/security.md, "Sync"): this browser's settings, accounts (never a key) and saved
 * posts in `storage.sync`, field by field, newest change first. Every pass runs after the previous
 * one: it notes what changed here, reads every synced record, applies the newer ones once they check
 * out like an imported backup, and writes this browser's newer values within the quota.
 */
export class SyncService {
  private last: Promise<unknown> = Promise.resolve();
  private queued = false;

  constructor(private readonly deps: SyncDeps) {}

  /** Something changed, here or synced: one pass soon (passes asked for while one waits are one). */
  changed(): Promise<void> {
    if (this.queued) return this.last.then(() => undefined);
    this.queued = true;
    return this.serial(async () => {
      this.queued = false;
      await this.pass();
    });
  }

  /** Turns sync on (a first pass merges both sides) or off (what is synced stays for other browsers). */
  setOn(on: boolean): Promise<void> {
    return this.serial(async () => {
      await ledgerItem.setValue({ ...(await this.ledger()), on, problems: [] });
      await this.pass();
    });
  }

  /** The user's answer to an address another browser gave a keyed account. */
  answer(account: string, accept: boolean): Promise<{ keyRemovedFor?: string } | undefined> {
    return this.serial(async () => {
      const ledger = await this.ledger();
      const proposal = ledger.proposals.find((p) => p.account === account && p.open);
      if (proposal === undefined) return undefined;
      // Accepted: the account moves as when the user types the address (a key of another origin is forgotten).
      const moved = accept ? await this.deps.accounts.move(account, proposal.to) : undefined;
      const proposals = ledger.proposals.flatMap((p) => (p !== proposal ? [p] : accept ? [] : [{ ...p, open: false }]));
      await ledgerItem.setValue({ ...ledger, proposals });
      this.deps.changed();
      await this.pass();
      return moved?.keyRemovedFor === undefined ? {} : { keyRemovedFor: moved.keyRemovedFor };
    });
  }

  /** Posts removed from the Saved list here: remembered, so another browser removes them too. */
  savedRemoved(keys: readonly string[], at = this.now()): Promise<void> {
    return this.serial(async () => {
      const ledger = await this.ledger();
      const savedRemovals = [
        ...ledger.savedRemovals.filter((r) => !keys.includes(r.key)),
        ...keys.map((key) => ({ key, at })),
      ];
      await ledgerItem.setValue({ ...ledger, savedRemovals: savedRemovals.slice(-200) });
    });
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async ledger(): Promise<SyncLedger> {
    const ledger = await ledgerItem.getValue();
    if (ledger.device !== '') return ledger;
    const fresh = emptyLedger();
    await ledgerItem.setValue(fresh);
    return fresh;
  }

  /** One pass (see the class). */
  private async pass(): Promise<void> {
    const now = this.now();
    let ledger = await this.ledger();
    const local = await this.localValues(ledger);
    ledger = noteLocalChanges(ledger, local, now);
    if (!ledger.on) {
      if (JSON.stringify(ledger) !== JSON.stringify(await ledgerItem.getValue())) await ledgerItem.setValue(ledger);
      return;
    }
    const all: Items = await browser.storage.sync.get(null);
    const problems: SyncProblem[] = [];
    for (const key of Object.keys(all)) {
      if (fieldOfKey(key) === 'unknown') problems.push(refused('all', `${key}: unknown item`, now));
    }
    const applied = new Map<SyncField, { sum: string; at: number }>();
    let fitted = fitAll(local, ledger.stamps, ledger.device);
    for (const field of SYNC_FIELDS) {
      const read = readField(all, field);
      if (read.kind === 'value' && read.at > now + MAX_CLOCK_AHEAD_MS && ledger.ahead[field]?.sum !== read.sum) {
        ledger = { ...ledger, ahead: { ...ledger.ahead, [field]: { sum: read.sum, at: now } } };
      }
      const ours = fitted.items[field];
      const decision = decide(read, { ...ledger, known: { ...ledger.known, [field]: sumOf(ours) } }, field, now);
      if (decision === 'broken' && read.kind === 'broken') problems.push(refused(field, `record: ${read.detail}`, now));
      if (read.kind !== 'value' || (decision !== 'apply' && !(field === 'saved' && decision === 'push'))) continue;
      const checked = checkValue(field, read.value);
      if (!checked.ok) {
        problems.push(refused(field, checked.detail, now));
        continue;
      }
      ledger = await this.apply(field, checked.value, ledger, problems, now);
      const at = believedAt(read, ledger.ahead[field], now);
      if (decision === 'apply') ledger = { ...ledger, stamps: { ...ledger.stamps, [field]: at } };
      applied.set(field, { sum: read.sum, at });
    }
    if (applied.size > 0) {
      const after = await this.localValues(ledger);
      ledger = { ...noteLocalChanges(ledger, after, now, false), applied: ledger.applied + 1 };
      // A union (accounts, saved posts) that still differs holds something of this browser's: it is
      // the newest value now, or the two browsers would hand their values back and forth.
      for (const [field, { sum, at }] of applied) {
        if (checksum(JSON.stringify(after[field])) !== sum) ledger.stamps[field] = Math.max(now, at + 1);
      }
      fitted = fitAll(after, ledger.stamps, ledger.device);
    }
    problems.push(...fitted.misfits.map((misfit) => ({ ...misfit, detail: '', at: now })));
    const writes: Items = {};
    const stale: string[] = [];
    for (const field of SYNC_FIELDS) {
      const items = fitted.items[field];
      if (items === undefined || sumOf(items) === (readField(all, field) as { sum?: string }).sum) continue;
      Object.assign(writes, items);
      stale.push(...leftoverParts(all, field, items));
    }
    try {
      if (Object.keys(writes).length > 0) await browser.storage.sync.set(writes);
      if (stale.length > 0) await browser.storage.sync.remove(stale);
    } catch (error) {
      problems.push({
        field: 'all',
        kind: 'browser',
        detail: String(error instanceof Error ? error.message : error).slice(0, 300),
        at: now,
      });
    }
    const kept = ledger.problems.filter((p) => p.kind === 'refused' && now - p.at < 7 * 86_400_000);
    await ledgerItem.setValue({ ...ledger, lastAt: now, problems: mergeProblems(problems, kept) });
    this.deps.changed();
  }

  /** Applies a checked synced value here. */
  private async apply(
    field: SyncField,
    value: SyncValues[SyncField],
    ledger: SyncLedger,
    problems: SyncProblem[],
    now: number,
  ): Promise<SyncLedger> {
    if (field === 'accounts') return this.applyAccounts(value as SyncValues['accounts'], ledger, problems, now);
    if (field === 'saved') {
      const merge = mergeSyncedSaved(await this.deps.saved.list(), value as SyncValues['saved'], ledger.savedRemovals);
      for (const key of merge.remove) await this.deps.saved.remove(key);
      if (merge.add.length > 0) await this.deps.saved.merge(merge.add);
      return { ...ledger, savedRemovals: merge.removals };
    }
    if (isSettingsField(field) || field === 'history') await updateSettings(settingsChange(field, value));
    return ledger;
  }

  private async applyAccounts(
    synced: SyncValues['accounts'],
    ledger: SyncLedger,
    problems: SyncProblem[],
    now: number,
  ): Promise<SyncLedger> {
    const { accounts } = this.deps;
    const book = await accounts.book();
    const local: LocalAccount[] = await Promise.all(
      book.accounts.map(async (a) => ({
        ...a,
        keyed: await this.deps.keyed(a.id),
        pending: await this.deps.pending(a.id),
      })),
    );
    const plan = planAccounts(synced, local, ledger, MAX_ACCOUNTS - book.accounts.length, now);
    for (const entry of plan.add)
      await accounts.add({ id: entry.id, baseUrl: entry.baseUrl, label: entry.label, reserve: entry.reserve });
    for (const change of plan.update)
      await accounts.update(change.id, { label: change.label, reserve: change.reserve });
    for (const move of plan.move) await accounts.move(move.id, move.baseUrl);
    for (const id of plan.remove) await accounts.remove(id);
    if (plan.full > 0)
      problems.push({ field: 'accounts', kind: 'accounts_full', detail: '', synced: plan.full, at: now });
    const removedAccounts = [...new Set([...ledger.removedAccounts, ...synced.removed])].slice(-100);
    return {
      ...ledger,
      aliases: plan.aliases,
      removedAccounts, // A newer synced address supersedes what was asked or kept before for the same account.
      proposals: [
        ...ledger.proposals.filter((p) => !plan.propose.some((n) => n.account === p.account)),
        ...plan.propose,
      ],
    };
  }

  /** Every synced field's value as this browser holds it. */
  private async localValues(ledger: SyncLedger): Promise<SyncValues> {
    const [settings, book, saved] = await Promise.all([
      readSettings(),
      this.deps.accounts.book(),
      this.deps.saved.list(),
    ]);
    return valuesOf(settings, book, saved, ledger);
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.last.then(task, task);
    this.last = run.catch((error: unknown) => console.error('Sync failed', error));
    return run;
  }
}
