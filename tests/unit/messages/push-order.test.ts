import { describe, expect, it, vi } from 'vitest';
import { StatePorts } from '@/entrypoints/background/state-port';
import { PushOrder } from '@/lib/messages/push-order';
import { status } from '../components/outbox/fixtures';
import { accountView } from '../options/backup/fixtures';

/** A value and its resolver: a read the test finishes when it wants. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const fromPanel = { id: 'ext', url: 'chrome-extension://ext/sidepanel.html' };

function fakePort() {
  const onMessage = new Set<(message: unknown) => void>();
  return {
    name: 'state',
    sender: fromPanel,
    told: [] as unknown[],
    say(message: unknown) {
      for (const listener of onMessage) listener(message);
    },
    postMessage(message: unknown) {
      this.told.push(message);
    },
    disconnect: () => undefined,
    onMessage: { addListener: (listener: (message: unknown) => void) => onMessage.add(listener) },
    onDisconnect: { addListener: () => undefined },
  };
}

describe('pushes are made and sent one after another, in the order asked', () => {
  it('coalesces the changes of one task into one push', async () => {
    const push = vi.fn(async () => undefined);
    const order = new PushOrder(push, () => undefined);
    order.changed();
    order.changed();
    order.changed();
    await settle();
    await settle();
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('a slow push that read the old state never lands after a later one', async () => {
    // The store: the first push reads it, then takes long; the state changes; a second push reads it.
    let reserve = 3;
    const sent: number[] = [];
    const slow = gate<void>();
    let calls = 0;
    const order = new PushOrder(async () => {
      calls += 1;
      const read = reserve;
      if (calls === 1) await slow.promise;
      sent.push(read);
    }, console.error);
    order.changed();
    await settle();
    reserve = 0;
    order.changed();
    await settle();
    slow.open();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([3, 0]);
  });

  it('a change asked for while a push runs makes another push after it, which reads the change', async () => {
    let value = 1;
    const sent: number[] = [];
    const running = gate<void>();
    const order = new PushOrder(async () => {
      const read = value;
      if (sent.length === 0) await running.promise;
      sent.push(read);
    }, console.error);
    order.changed();
    await settle();
    value = 2;
    order.changed();
    order.changed();
    running.open();
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await settle();
    expect(sent).toEqual([1, 2]);
  });

  it('a failed push is reported and the next still goes', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const done = vi.fn();
    const order = new PushOrder(
      async () => {
        if (fail) {
          fail = false;
          throw new Error('storage is gone');
        }
        done();
      },
      (error) => errors.push(error),
    );
    order.changed();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    order.changed();
    await vi.waitFor(() => expect(done).toHaveBeenCalledTimes(1));
  });

  it('a page greeted while a push of the old state is on its way gets the old one first, then its greeting', async () => {
    const withReserve = (reserve: number) => status({ accounts: [accountView({ reserve })] });
    const identity = { extensionId: 'ext', extensionOrigin: 'chrome-extension://ext' };
    let reserve = 3;
    const slowRead = gate<void>();
    let first = true;
    const order = new PushOrder(async () => {
      const read = reserve;
      if (first) {
        first = false;
        await slowRead.promise;
      }
      pages.broadcast(withReserve(read), undefined);
    }, console.error);
    const pages = new StatePorts(identity, (task) => order.serial(task));
    order.changed();
    await settle();
    // The change is written; a new page connects; the old push's read finishes only now.
    reserve = 0;
    const port = fakePort();
    pages.accept(
      port as never,
      async () => ({ status: withReserve(reserve) }),
      async () => () => ({ status: withReserve(reserve) }),
    );
    slowRead.open();
    await vi.waitFor(() => expect(port.told).toHaveLength(2));
    // The greeting carries what changed since the push the page got first.
    expect(port.told).toEqual([
      { status: withReserve(3) },
      { statusChange: { accounts: [accountView({ reserve: 0 })] } },
    ]);
  });
});
