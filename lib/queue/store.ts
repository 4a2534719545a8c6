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
  listAccounts(): Promise<AccountState[]>;
  getAccount(account: string): Promise<AccountState | undefined>;
  /** Inserts or replaces the pause state of `state.account`. */
  putAccount(state: AccountState): Promise<void>;
  deleteAccount(account: string): Promise<void>;
}
