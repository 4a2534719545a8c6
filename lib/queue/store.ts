import type { AccountState, OutboxItem } from './types';

/**
 * Where the Outbox keeps its items and account pauses. Every method resolves only once the change
 * is durable: the Outbox acknowledges nothing before that.
 */
export interface OutboxStore {
  /** Every item, in ascending `seq` order. */
  listItems(): Promise<OutboxItem[]>;
  getItem(id: string): Promise<OutboxItem | undefined>;
  /** Inserts or replaces the item with this id. */
  putItem(item: OutboxItem): Promise<void>;
  deleteItem(id: string): Promise<void>;
  /** Deletes these items in one transaction (pruning a long history is one write, not thousands). */
  deleteItems(ids: readonly string[]): Promise<void>;
  listAccounts(): Promise<AccountState[]>;
  getAccount(account: string): Promise<AccountState | undefined>;
  /** Inserts or replaces the pause state of `state.account`. */
  putAccount(state: AccountState): Promise<void>;
  deleteAccount(account: string): Promise<void>;
  /**
   * Puts the item and the account state in one transaction: both are durable, or neither is
   * (a 429's pause and the item it refused never come apart).
   */
  putItemAndAccount(item: OutboxItem, state: AccountState): Promise<void>;
}
