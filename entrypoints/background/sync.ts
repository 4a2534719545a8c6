import { browser } from 'wxt/browser';
import { type AccountRecord, MAX_ACCOUNTS } from '@/lib/storage/accounts';
import type { SavedPostsBook } from '@/lib/storage/saved-book';
import { readSettings, updateSettings } from '@/lib/storage/settings';
import { type LocalAccount, planAccounts } from '@/lib/sync/accounts-plan';
import { believedAt, decide, emptyLedger, ledgerItem, type SyncLedger, type SyncProblem } from '@/lib/sync/ledger';
import { holdsMore, noteLocalChanges, refused, sumOf, valuesOf } from '@/lib/sync/local';
import { fitAll } from '@/lib/sync/quota';
import { type Items, MAX_CLOCK_AHEAD_MS, type Read, readField, SYNC_FIELDS, type SyncField } from '@/lib/sync/record';
import { mergeSyncedSaved } from '@/lib/sync/saved-merge';
import { checkValue, isSettingsField, type SyncValues, settingsChange } from '@/lib/sync/values';
import { type SyncView, syncViewOf } from '@/lib/sync/view';
import { foreignBytes, plannedWrites, writtenValues } from '@/lib/sync/writes';
import type { Accounts } from './accounts';

/** What sync reads and changes of this browser. */
export interface SyncDeps {
  accounts: Accounts;
  saved: SavedPostsBook;
  /** Whether an account has a key here, and how many of its writes wait. */
  keyed: (id: string) => Promise<boolean>;
  pending: (id: string) => Promise<number>;
  /** An account moved to a proposed address: the Outbox's writes follow as when it is typed. */
  moved?: (account: AccountRecord, from: string) => Promise<void>;
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
  /** What pages are shown, kept with each ledger written here (the status is made on every push). */
  private shown: SyncView | undefined;

  constructor(private readonly deps: SyncDeps) {}

  /** Sync as pages see it; undefined until the ledger was first read. */
  view(): SyncView | undefined {
    return this.shown;
  }

  /** The background started: the ledger is read, and a pass runs when sync is on (off, nothing changed). */
  started(): Promise<void> {
    return this.serial(async () => {
      if ((await this.ledger()).on) await this.pass();
      this.deps.changed();
    });
  }

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
      await this.save({ ...(await this.ledger()), on, problems: [] });
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
      // As when the address is typed: writes queued for the old address wait for a key for it.
      if (moved !== undefined) await this.deps.moved?.(moved.account, moved.from);
      const proposals = ledger.proposals.flatMap((p) => (p !== proposal ? [p] : accept ? [] : [{ ...p, open: false }]));
      await this.save({ ...ledger, proposals });
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
      await this.save({ ...ledger, savedRemovals: savedRemovals.slice(-200) });
    });
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private async ledger(): Promise<SyncLedger> {
    const ledger = await ledgerItem.getValue();
    if (ledger.device === '') {
      const fresh = emptyLedger();
      await this.save(fresh);
      return fresh;
    }
    this.shown ??= syncViewOf(ledger);
    return ledger;
  }

  private async save(ledger: SyncLedger): Promise<void> {
    await ledgerItem.setValue(ledger);
    this.shown = syncViewOf(ledger);
  }

  /** One pass (see the class). */
  private async pass(): Promise<void> {
    const now = this.now();
    const stored = await this.ledger();
    let ledger = stored;
    let local = await this.localValues(ledger);
    ledger = noteLocalChanges(ledger, local, await this.localIds(), now);
    if (!ledger.on) {
      if (JSON.stringify(ledger) !== JSON.stringify(stored)) await this.save(ledger);
      return;
    }
    const all: Items = await browser.storage.sync.get(null);
    const problems: SyncProblem[] = [];
    const taken = foreignBytes(all, problems, now);
    // What this pass writes: fields where this browser has the newer value, or the record none.
    const write = new Set<SyncField>();
    const applied = new Map<SyncField, { read: Extract<Read, { kind: 'value' }>; at: number }>();
    let fitted = fitAll(local, ledger.stamps, ledger.device, taken);
    const knownBefore = { ...ledger.known };
    for (const field of SYNC_FIELDS) {
      const read = readField(all, field);
      if (read.kind === 'value' && read.at > now + MAX_CLOCK_AHEAD_MS && ledger.ahead[field]?.sum !== read.sum) {
        ledger = { ...ledger, ahead: { ...ledger.ahead, [field]: { sum: read.sum, at: now } } };
      }
      const decision = decide(
        read,
        { ...ledger, known: { ...ledger.known, [field]: sumOf(fitted.items[field]) } },
        field,
        now,
      );
      // A broken record (still arriving, or tampered with) is named and left: it is never read.
      if (read.kind === 'broken') problems.push(refused(field, `record: ${read.detail}`, now));
      if (decision === 'push') write.add(field);
      // The Saved list is a union: another browser's posts come in even where this browser's list is newer.
      if (read.kind !== 'value' || !(decision === 'apply' || (field === 'saved' && decision === 'push'))) continue;
      const checked = checkValue(field, read.value);
      // Refused: named, and not written over (a browser of another version would write it back).
      if (!checked.ok) {
        problems.push(refused(field, checked.detail, now));
        write.delete(field);
        continue;
      }
      try {
        ledger = await this.apply(field, checked.value, ledger, problems, now);
      } catch (error) {
        problems.push({ field, kind: 'browser', detail: messageOf(error), at: now });
        continue;
      }
      const at = believedAt(read, ledger.ahead[field], now);
      if (decision === 'apply') ledger = { ...ledger, stamps: { ...ledger.stamps, [field]: at } };
      applied.set(field, { read, at });
    }
    if (applied.size > 0) {
      local = await this.localValues(ledger);
      ledger = noteLocalChanges(ledger, local, await this.localIds(), now, false);
      // Only a settings field that changed here starts the options page's cards again (what is typed there is kept otherwise).
      if (
        SYNC_FIELDS.some((f) =>
          isSettingsField(f) || f === 'history' ? applied.has(f) && ledger.known[f] !== knownBefore[f] : false,
        )
      ) {
        ledger = { ...ledger, applied: ledger.applied + 1 };
      }
      fitted = fitAll(local, ledger.stamps, ledger.device, taken);
      // A union (accounts, saved posts) that holds more than the record after taking it in is this
      // browser's newest value: dated now and written. Less (no room here) is no change of its own.
      for (const [field, { read, at }] of applied) {
        if (field !== 'accounts' && field !== 'saved') continue;
        const synced = checkValue(field, read.value);
        if (sumOf(fitted.items[field]) === read.sum || !synced.ok) continue;
        const theirs = { ...local, [field]: synced.value } as SyncValues;
        if (!holdsMore(field, writtenValues(local, fitted), theirs)) continue;
        ledger = { ...ledger, stamps: { ...ledger.stamps, [field]: Math.max(now, at + 1) } };
        write.add(field);
      }
      fitted = fitAll(local, ledger.stamps, ledger.device, taken);
    }
    problems.push(...fitted.misfits.map((misfit) => ({ ...misfit, detail: '', at: now })));
    const { writes, stale, overwrote } = plannedWrites(all, fitted, write, ledger, problems, now);
    try {
      // Old pieces go first: the quota must hold the new record beside what stays.
      if (stale.length > 0) await browser.storage.sync.remove(stale);
      if (Object.keys(writes).length > 0) await browser.storage.sync.set(writes);
      ledger = { ...ledger, overwrote };
    } catch (error) {
      problems.push({ field: 'all', kind: 'browser', detail: messageOf(error), at: now });
    }
    const proposals = ledger.proposals.slice(-40);
    await this.save({ ...ledger, proposals, lastAt: now, problems: problems.slice(0, 40) });
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
    const { accounts, keyed, pending } = this.deps;
    const book = await accounts.book();
    const local: LocalAccount[] = await Promise.all(
      book.accounts.map(async (a) => ({ ...a, keyed: await keyed(a.id), pending: await pending(a.id) })),
    );
    const plan = planAccounts(synced, local, ledger, MAX_ACCOUNTS - book.accounts.length, now);
    for (const entry of plan.add) {
      await accounts.add({ id: entry.id, baseUrl: entry.baseUrl, label: entry.label, reserve: entry.reserve });
    }
    for (const change of plan.update)
      await accounts.update(change.id, { label: change.label, reserve: change.reserve });
    // Asked again just before: a key typed or a write queued since the plan keeps the account.
    for (const id of plan.remove) if (!(await keyed(id)) && (await pending(id)) === 0) await accounts.remove(id);
    if (plan.full > 0)
      problems.push({ field: 'accounts', kind: 'accounts_full', detail: '', synced: plan.full, at: now });
    return {
      ...ledger,
      aliases: plan.aliases,
      removedAccounts: [...new Set([...ledger.removedAccounts, ...synced.removed])].slice(-100),
      // A newer synced address supersedes what was asked or kept before for the same account.
      proposals: [
        ...ledger.proposals.filter((p) => !plan.propose.some((n) => n.account === p.account)),
        ...plan.propose,
      ],
    };
  }

  /** This browser's own account ids. */
  private async localIds(): Promise<string[]> {
    return (await this.deps.accounts.book()).accounts.map((account) => account.id);
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

function messageOf(error: unknown): string {
  return String(error instanceof Error ? error.message : error).slice(0, 300);
}
