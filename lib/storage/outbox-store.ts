import type { OutboxStore } from '@/lib/queue/store';
import type { AccountState, OutboxItem } from '@/lib/queue/types';
import { type DebateDb, openDebateDb } from './db';

/**
 * The Outbox's store on the extension origin's IndexedDB. Each write is its own transaction and
 * resolves on the transaction's `complete`, i.e. once the change is durable.
 */
export class IdbOutboxStore implements OutboxStore {
  constructor(private readonly db: () => Promise<DebateDb> = () => openDebateDb()) {}

  async listItems(): Promise<OutboxItem[]> {
    return (await this.db()).getAllFromIndex('outbox', 'by-seq');
  }

  async getItem(id: string): Promise<OutboxItem | undefined> {
    return (await this.db()).get('outbox', id);
  }

  async putItem(item: OutboxItem): Promise<void> {
    const tx = (await this.db()).transaction('outbox', 'readwrite');
    await Promise.all([tx.store.put(item), tx.done]);
  }

  async deleteItem(id: string): Promise<void> {
    const tx = (await this.db()).transaction('outbox', 'readwrite');
    await Promise.all([tx.store.delete(id), tx.done]);
  }

  async deleteItems(ids: readonly string[]): Promise<void> {
    const tx = (await this.db()).transaction('outbox', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  }

  async listAccounts(): Promise<AccountState[]> {
    return (await this.db()).getAll('accounts');
  }

  async getAccount(account: string): Promise<AccountState | undefined> {
    return (await this.db()).get('accounts', account);
  }

  async putAccount(state: AccountState): Promise<void> {
    const tx = (await this.db()).transaction('accounts', 'readwrite');
    await Promise.all([tx.store.put(state), tx.done]);
  }

  async deleteAccount(account: string): Promise<void> {
    const tx = (await this.db()).transaction('accounts', 'readwrite');
    await Promise.all([tx.store.delete(account), tx.done]);
  }

  async putItemAndAccount(item: OutboxItem, state: AccountState): Promise<void> {
    const tx = (await this.db()).transaction(['outbox', 'accounts'], 'readwrite');
    const puts = [tx.objectStore('outbox').put(item), tx.objectStore('accounts').put(state)];
    // Commit at once instead of at the end of the task: a worker stopped a moment later keeps it.
    tx.commit();
    await Promise.all([...puts, tx.done]);
  }
}
