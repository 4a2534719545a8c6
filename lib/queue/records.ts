import type { OutboxStore } from './store';
import type { AccountState, OutboxItem } from './types';

/** One change the Outbox made durable, pushed to subscribers (the background forwards it to UIs). */
export type OutboxChange =
  | { type: 'item'; item: OutboxItem }
  | { type: 'removed'; id: string; account: string; item: OutboxItem }
  | { type: 'account'; state: AccountState };

/** Called after each durable change. */
export type OutboxListener = (change: OutboxChange) => void;

/**
 * The in-memory mirror of the store. Reads are synchronous (the mirror); writes go to the store and
 * the mirror together. Two write disciplines, chosen so the drainer never sees half-made state:
 * - `insert` (new items, items sent again) shows an item only after the store holds it, so nothing
 *   is sent before it is durable; inserts run one after another so `seq` order is visibility order.
 * - `update`/`remove` change the mirror at once (synchronously, so a concurrent user action and the
 *   drainer cannot both claim an item) and roll it back if the store refuses.
 */
export class OutboxRecords {
  private readonly items = new Map<string, OutboxItem>();
  private readonly accounts = new Map<string, AccountState>();
  private readonly listeners = new Set<OutboxListener>();
  private lastSeq = 0;
  /** Item ids in `seq` order, kept between changes of the set (a long history is not sorted per read). */
  private order: string[] | undefined;
  private serialTail: Promise<unknown> = Promise.resolve();

  private constructor(private readonly store: OutboxStore) {}

  /** Loads everything the store holds. */
  static async load(store: OutboxStore): Promise<OutboxRecords> {
    const records = new OutboxRecords(store);
    const [items, accounts] = await Promise.all([store.listItems(), store.listAccounts()]);
    for (const item of items) {
      records.put(item);
      records.lastSeq = Math.max(records.lastSeq, item.seq);
    }
    for (const state of accounts) records.accounts.set(state.account, state);
    return records;
  }

  item(id: string): OutboxItem | undefined {
    return this.items.get(id);
  }

  /** All items (of one account when given), oldest `seq` first. */
  list(account?: string): OutboxItem[] {
    this.order ??= [...this.items.values()].sort((a, b) => a.seq - b.seq).map((item) => item.id);
    const all: OutboxItem[] = [];
    for (const id of this.order) {
      const item = this.items.get(id);
      if (item !== undefined && (account === undefined || item.account === account)) all.push(item);
    }
    return all;
  }

  account(account: string): AccountState | undefined {
    return this.accounts.get(account);
  }

  listAccounts(): AccountState[] {
    return [...this.accounts.values()];
  }

  /** Every account that has an item or a stored pause. */
  accountNames(): string[] {
    const names = new Set<string>(this.accounts.keys());
    for (const item of this.items.values()) names.add(item.account);
    return [...names];
  }

  /**
   * Runs `fn` after every earlier serial task settled. User actions go through here so their
   * checks and writes never interleave and inserts become visible in `seq` order.
   */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.serialTail.then(fn, fn);
    this.serialTail = run.catch(() => undefined);
    return run;
  }

  /** The next sequence number: above every item ever loaded or allocated in this life. */
  allocateSeq(): number {
    this.lastSeq += 1;
    return this.lastSeq;
  }

  /** Persists `item`, then shows it. Use for items the drainer must not see before they are durable. */
  async insert(item: OutboxItem): Promise<void> {
    await this.store.putItem(item);
    this.put(item);
    this.emit({ type: 'item', item });
  }

  /** Shows `item` at once and persists it; rolls back if the store refuses. */
  async update(item: OutboxItem): Promise<void> {
    const previous = this.items.get(item.id);
    this.put(item);
    try {
      await this.store.putItem(item);
    } catch (error) {
      if (this.items.get(item.id) === item) this.restore(item.id, previous);
      throw error;
    }
    this.emit({ type: 'item', item });
  }

  /** Hides the item at once and deletes it; rolls back if the store refuses. */
  async remove(id: string): Promise<void> {
    const previous = this.items.get(id);
    if (previous === undefined) return;
    this.restore(id, undefined);
    try {
      await this.store.deleteItem(id);
    } catch (error) {
      if (!this.items.has(id)) this.put(previous);
      throw error;
    }
    this.emit({ type: 'removed', id, account: previous.account, item: previous });
  }

  /** Hides the items at once and deletes them in one transaction; rolls back if the store refuses. */
  async removeMany(ids: readonly string[]): Promise<void> {
    const previous = ids.map((id) => this.items.get(id)).filter((item) => item !== undefined);
    if (previous.length === 0) return;
    // Many at once: the order is made again once, at the next read.
    for (const item of previous) this.items.delete(item.id);
    this.order = undefined;
    try {
      await this.store.deleteItems(previous.map((item) => item.id));
    } catch (error) {
      for (const item of previous) if (!this.items.has(item.id)) this.put(item);
      throw error;
    }
    for (const item of previous) this.emit({ type: 'removed', id: item.id, account: item.account, item });
  }

  /** Shows the account state at once and persists it; rolls back if the store refuses. */
  async updateAccount(state: AccountState): Promise<void> {
    const previous = this.accounts.get(state.account);
    this.accounts.set(state.account, state);
    try {
      await this.store.putAccount(state);
    } catch (error) {
      if (this.accounts.get(state.account) === state) this.restoreAccount(state.account, previous);
      throw error;
    }
    this.emit({ type: 'account', state });
  }

  /**
   * Shows the item and the account state at once and persists both in one transaction; rolls both
   * back if the store refuses. For a pause and the item it explains, which must never come apart.
   */
  async updateWithAccount(item: OutboxItem, state: AccountState): Promise<void> {
    const previousItem = this.items.get(item.id);
    const previousAccount = this.accounts.get(state.account);
    this.put(item);
    this.accounts.set(state.account, state);
    try {
      await this.store.putItemAndAccount(item, state);
    } catch (error) {
      if (this.items.get(item.id) === item) this.restore(item.id, previousItem);
      if (this.accounts.get(state.account) === state) this.restoreAccount(state.account, previousAccount);
      throw error;
    }
    this.emit({ type: 'account', state });
    this.emit({ type: 'item', item });
  }

  subscribe(listener: OutboxListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Shows `item`, keeping the order: a long history is sorted again only for an item out of turn. */
  private put(item: OutboxItem): void {
    const before = this.items.get(item.id);
    this.items.set(item.id, item);
    if (before?.seq === item.seq || this.order === undefined) return;
    // The usual new item comes last (seqs only grow): it joins the order; anything else sorts again.
    const last = this.items.get(this.order.at(-1) ?? '');
    if (before === undefined && (last === undefined || last.seq < item.seq)) this.order.push(item.id);
    else this.order = undefined;
  }

  private restore(id: string, previous: OutboxItem | undefined): void {
    if (previous !== undefined) {
      this.put(previous);
      return;
    }
    if (!this.items.delete(id) || this.order === undefined) return;
    const at = this.order.indexOf(id);
    if (at !== -1) this.order.splice(at, 1);
  }

  private restoreAccount(account: string, previous: AccountState | undefined): void {
    if (previous === undefined) this.accounts.delete(account);
    else this.accounts.set(account, previous);
  }

  private emit(change: OutboxChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A broken subscriber (a closed UI port) must not stop the queue.
      }
    }
  }
}
