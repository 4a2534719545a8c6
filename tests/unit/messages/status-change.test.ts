import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statePushSchema } from '@/lib/messages/push';
import { applyStatusChange, type Status, statusChange } from '@/lib/messages/status-change';
import { status } from '../components/outbox/fixtures';
import { accountView } from '../options/backup/fixtures';

const ids = ['a', 'b', 'c', 'd'];

/** A status with some of four accounts, in some order, each with a few fields that move. */
const statusArb: fc.Arbitrary<Status> = fc
  .record({
    order: fc.shuffledSubarray(ids),
    pending: fc.dictionary(fc.constantFrom(...ids), fc.nat(3)),
    labels: fc.dictionary(fc.constantFrom(...ids), fc.constantFrom('', 'Work', 'Home')),
    budget: fc.boolean(),
    queued: fc.nat(3),
    rateLimitedUntil: fc.option(fc.nat(10), { nil: null }),
    lastUsed: fc.dictionary(fc.constantFrom('https://x.example', 'https://y.example'), fc.constantFrom(...ids)),
  })
  .map(({ order, pending, labels, budget, queued, rateLimitedUntil, lastUsed }) => {
    const base = status();
    return status({
      accounts: order.map((id) =>
        accountView({
          id,
          label: labels[id] ?? '',
          pending: pending[id] ?? 0,
          isDefault: id === order[0],
          ...(budget ? { budget: { source: 'announced', limit: 50, remaining: 40 } } : {}),
        }),
      ),
      defaultAccount: order[0] ?? null,
      outbox: { ...base.outbox, counts: { ...base.outbox.counts, queued }, pending: queued },
      pause: { ...base.pause, rateLimitedUntil },
      lastUsed,
    });
  });

const wire = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('the status as pushes carry it: the whole once, then what changed', () => {
  it('applying the change to the status before gives the status after, for any two statuses', () => {
    fc.assert(
      fc.property(statusArb, statusArb, (before, after) => {
        const change = statusChange(before, after);
        const equal = JSON.stringify(before) === JSON.stringify(after);
        expect(change === undefined).toBe(equal);
        // What the page gets passed the push's checks, as the wire carries it.
        const push = statePushSchema.parse(wire({ statusChange: change ?? {} }));
        expect(wire(applyStatusChange(before, push.statusChange ?? {}))).toEqual(wire(after));
      }),
    );
  });

  it('carries only the account that changed, and the order only when an account came, went or moved', () => {
    const [a, b] = [accountView({ id: 'a' }), accountView({ id: 'b', isDefault: false })];
    const before = status({ accounts: [a, b] });
    const busy = { ...b, pending: 2 };
    expect(statusChange(before, status({ accounts: [a, busy] }))).toEqual({ accounts: [busy] });
    expect(statusChange(before, status({ accounts: [a] }))).toEqual({ order: ['a'] });
    expect(statusChange(before, status({ accounts: [b, a] }))).toEqual({ order: ['b', 'a'] });
    expect(statusChange(before, status({ accounts: [a, b], scopes: [] }))).toEqual({ head: { scopes: [] } });
  });

  it('an order naming an account the page has no view of leaves it out', () => {
    const before = status({ accounts: [accountView({ id: 'a' })] });
    expect(applyStatusChange(before, { order: ['ghost', 'a'] }).accounts.map((account) => account.id)).toEqual(['a']);
  });
});
