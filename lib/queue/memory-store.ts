import type { OutboxStore } from './store';
import type { AccountState, OutboxItem } from './types';

/**
 * An OutboxStore in memory, for tests and for a worker that has no IndexedDB. Values are cloned on
 * the way in and out, as IndexedDB would, so a caller cannot change stored data by mutating it.
 */
export class MemoryOutboxStore implements OutboxStore {
  private readonly items = new Map<string, OutboxItem>();
  private readonly accounts = new Map<string, AccountState>();

  async listItems(): Promise<OutboxItem[]> {
    return [...this.items.values()].sort((a, b) => a.seq - b.seq).map((item) => structuredClone(item));
  }

  async getItem(id: string): Promise<OutboxItem | undefined> {
    const item = this.items.get(id);
    return item === undefined ? undefined : structuredClone(item);
  }

  async putItem(item: OutboxItem): Promise<void> {
    this.items.set(item.id, structuredClone(item));
  }

  async deleteItem(id: string): Promise<void> {
    this.items.delete(id);
  }

  async deleteItems(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.items.delete(id);
  }

  async listAccounts(): Promise<AccountState[]> {
    return [...this.accounts.values()].map((state) => structuredClone(state));
  }

  async getAccount(account: string): Promise<AccountState | undefined> {
    const state = this.accounts.get(account);
    return state === undefined ? undefined : structuredClone(state);
  }

  async putAccount(state: AccountState): Promise<void> {
    this.accounts.set(state.account, structuredClone(state));
  }

  async deleteAccount(account: string): Promise<void> {
    this.accounts.delete(account);
  }

  async putItemAndAccount(item: OutboxItem, state: AccountState): Promise<void> {
    this.items.set(item.id, structuredClone(item));
    this.accounts.set(state.account, structuredClone(state));
  }
}
