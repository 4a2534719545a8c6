import { describe, expect, it } from 'vitest';
import { type StatusSources, statusView } from '@/lib/messages/status-view';
import { summarize } from '@/lib/queue/summary';
import type { AccountState, OutboxItem } from '@/lib/queue/types';
import type { AccountRecord } from '@/lib/storage/accounts';

const account = (id: string, baseUrl: string, label = ''): AccountRecord => ({
  id,
  label,
  baseUrl,
  reserve: 0,
  addedAt: 1,
});
const queued = (id: string, account: string): OutboxItem =>
  ({
    id,
    seq: 1,
    account,
    request: { kind: 'post', body: id },
    state: { status: 'queued' },
    createdAt: 1,
  }) as OutboxItem;

/** An Outbox as the status reads it: its items, its accounts' states, the accounts waiting for a key. */
function outbox(items: OutboxItem[], states: AccountState[], waiting: string[] = []): StatusSources['outbox'] {
  return {
    summary: (id?: string) =>
      summarize(
        items.filter((item) => id === undefined || item.account === id),
        states.filter((state) => id === undefined || state.account === id),
        100,
        null,
      ),
    waitingForKey: () => waiting,
  };
}

describe('the status, made from the book, the Outbox and what the vault says of each key', () => {
  const home = account('acct-home', 'https://debate.example/', 'Home');
  const work = account('acct-work', 'https://other.example/');

  it("draws each account, and the default account's key, account, scopes and pause at the top", () => {
    const status = statusView({
      book: {
        accounts: [
          {
            ...home,
            check: {
              outcome: 'ok',
              at: 1,
              account: { id: 'u1', handle: 'dana', displayName: 'Dana' },
              scopes: ['posts:read'],
            },
          } as AccountRecord,
          work,
        ],
        defaultId: home.id,
        lastUsed: { 'https://other.example': work.id },
      },
      outbox: outbox([queued('w1', work.id), queued('w2', work.id)], [{ account: home.id, rateLimitedUntil: 500 }]),
      keys: new Map([[home.id, { set: true, last4: 'abcd', origin: 'https://debate.example' }]]),
    });
    expect(status.baseUrl).toBe('https://debate.example');
    expect(status.key).toEqual({ set: true, last4: 'abcd', origin: 'https://debate.example' });
    expect(status.account?.handle).toBe('dana');
    expect(status.scopes).toEqual(['posts:read']);
    expect(status.pause.rateLimitedUntil).toBe(500);
    expect(status.outbox.pending).toBe(2);
    expect(status.accounts.map((view) => [view.name, view.isDefault, view.key.set, view.pending])).toEqual([
      ['Home', true, true, 0],
      ['other.example', false, false, 2],
    ]);
    expect(status.defaultAccount).toBe(home.id);
    expect(status.lastUsed).toEqual({ 'https://other.example': work.id });
  });

  it('without accounts: no address, no key; a drain failure is shown, cut to 300 characters; writes waiting for a key name their address', () => {
    const status = statusView({
      book: { accounts: [], defaultId: null, lastUsed: {} },
      outbox: outbox([], [], ['https://gone.example/']),
      keys: new Map(),
      drainFailure: { message: 'x'.repeat(400), retryAt: 9 },
    });
    expect(status.baseUrl).toBe('');
    expect(status.key).toEqual({ set: false, last4: null, origin: null });
    expect(status.pause.drainFailed).toEqual({ message: 'x'.repeat(300), retryAt: 9 });
    expect(status.pause.needsKey).toEqual([{ baseUrl: 'https://gone.example/', pending: 0 }]);
  });

  it('an Outbox that could not be opened counts no writes, and the drain failure says why', () => {
    const message =
      'Your saved data (layout 2) could not be upgraded to this version’s (layout 3): … Nothing was changed or lost';
    const status = statusView({
      book: { accounts: [home], defaultId: home.id, lastUsed: {} },
      outbox: undefined,
      keys: new Map(),
      drainFailure: { message, retryAt: 9 },
    });
    expect(status.outbox.pending).toBe(0);
    expect(status.accounts[0]?.pending).toBe(0);
    expect(status.pause.drainFailed?.message).toBe(message);
  });
});
