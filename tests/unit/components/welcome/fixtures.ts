import type { AccountView } from '@/lib/messages/fields';

/** One account as the welcome page gets it: the default, its key works with every scope; override what a test needs. */
export function accountView(change: Partial<AccountView> = {}): AccountView {
  return {
    id: 'acct-1',
    name: 'Dana Demo',
    label: '',
    baseUrl: 'http://127.0.0.1:8787',
    origin: 'http://127.0.0.1:8787',
    key: { set: true, last4: 'abcd' },
    check: {
      outcome: 'ok',
      at: 1,
      account: { id: 'acc_1', handle: 'demo' },
      scopes: ['posts:read', 'posts:write', 'reactions:write'],
    },
    reserve: 0,
    isDefault: true,
    pending: 0,
    pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null, lostAnswer: false },
    ...change,
  };
}
