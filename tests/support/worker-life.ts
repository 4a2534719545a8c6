import type { MemoryOutboxStore } from '@/lib/queue/memory-store';
import type { OutboxStore } from '@/lib/queue/store';

/*
 * A stoppable worker, as the Outbox's property tests and the soak drive it: a stopped life hears
 * nothing more and writes nothing more to the store, as a worker whose process is gone.
 */

/** A promise that never settles: what a stopped worker waits on. */
export const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** One stoppable life of the service worker. */
export class Generation {
  private static count = 0;
  readonly id = ++Generation.count;
  dead = false;
  /** When set, the worker stops right after this many more store writes. */
  killAfterWrites: number | undefined;
  /**
   * When set, the worker stops at this many more steps of the send path: store writes and the
   * moments it hears an answer (stopped there, the answer is lost: the server did act).
   */
  crashAfterSteps: number | undefined;

  /** Counts one step; true when the worker is dead after it. */
  step(): boolean {
    if (this.crashAfterSteps !== undefined) {
      this.crashAfterSteps -= 1;
      if (this.crashAfterSteps <= 0) this.dead = true;
    }
    return this.dead;
  }
}

/** The store as one worker generation sees it: a stopped worker's writes never happen. */
export function fencedStore(base: MemoryOutboxStore, gen: Generation): OutboxStore {
  const read = <T>(op: () => Promise<T>): Promise<T> => (gen.dead ? never() : op());
  const write = async (op: () => Promise<void>): Promise<void> => {
    if (gen.dead) return never();
    await op();
    gen.step();
    if (gen.killAfterWrites !== undefined) {
      gen.killAfterWrites -= 1;
      if (gen.killAfterWrites <= 0) gen.dead = true;
    }
    // Stopped right after this write became durable: the caller never learns it did.
    if (gen.dead) return never();
  };
  return {
    listItems: () => read(() => base.listItems()),
    getItem: (id) => read(() => base.getItem(id)),
    putItem: (item) => write(() => base.putItem(item)),
    deleteItem: (id) => write(() => base.deleteItem(id)),
    deleteItems: (ids) => write(() => base.deleteItems(ids)),
    listAccounts: () => read(() => base.listAccounts()),
    getAccount: (account) => read(() => base.getAccount(account)),
    putAccount: (state) => write(() => base.putAccount(state)),
    deleteAccount: (account) => write(() => base.deleteAccount(account)),
    putItemAndAccount: (item, state) => write(() => base.putItemAndAccount(item, state)),
  };
}
