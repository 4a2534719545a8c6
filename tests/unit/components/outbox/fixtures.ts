import type { OutboxItemView } from '@/lib/messages/fields';
import type { Status } from '@/lib/ui/page-store';

let seq = 0;

/** An Outbox item as `listOutbox` answers it. */
export function outboxItem(
  request: OutboxItemView['request'],
  state: OutboxItemView['state'],
  extra: Partial<OutboxItemView> = {},
): OutboxItemView {
  seq += 1;
  return {
    id: `item-${seq}`,
    account: 'http://127.0.0.1:8787',
    seq,
    request,
    state,
    createdAt: 1_000 + seq,
    updatedAt: 1_000 + seq,
    attempts: 1,
    resends: 0,
    ...extra,
  };
}

/** A `getStatus` reply: a key, an account, an empty Outbox, no pause; override what a test needs. */
export function status(change: Partial<Status> = {}): Status {
  return {
    baseUrl: 'http://127.0.0.1:8787',
    key: { set: true, last4: 'abcd' },
    account: { id: 'acc_1', handle: 'demo', displayName: 'Dana Demo' },
    scopes: ['posts:read', 'posts:write', 'reactions:write'],
    outbox: {
      counts: { queued: 0, sending: 0, sent: 0, waiting: 0, failed: 0, uncertain: 0, scheduled: 0 },
      pending: 0,
      worst: null,
    },
    pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null },
    accounts: [],
    defaultAccount: null,
    lastUsed: {},
    ...change,
  };
}
