import { describe, expect, it } from 'vitest';
import { BADGE_COLORS, badgeFor } from '@/entrypoints/background/badge';
import type { Status } from '@/entrypoints/background/status';

const NOW = 1_800_000_000_000;

function status(change: { pending?: number; worst?: Status['outbox']['worst']; pause?: Partial<Status['pause']> }) {
  return {
    baseUrl: 'http://127.0.0.1:8787',
    key: { set: true, last4: 'abcd' },
    account: null,
    scopes: null,
    outbox: {
      counts: { queued: 0, sending: 0, sent: 0, waiting: 0, failed: 0, uncertain: 0, scheduled: 0 },
      pending: change.pending ?? 0,
      worst: change.worst ?? null,
    },
    pause: { rateLimitedUntil: null, disabled: null, offlineUntil: null, ...change.pause },
    accounts: [],
    defaultAccount: null,
    lastUsed: {},
  } satisfies Status;
}

describe('the toolbar badge', () => {
  it('is empty when nothing waits', () => {
    expect(badgeFor(status({}), NOW)).toEqual({ text: '', color: BADGE_COLORS.normal });
  });

  it('counts the writes waiting to go out', () => {
    expect(badgeFor(status({ pending: 3, worst: 'queued' }), NOW)).toEqual({ text: '3', color: BADGE_COLORS.normal });
    expect(badgeFor(status({ pending: 5000, worst: 'queued' }), NOW).text).toBe('999');
  });

  it('turns amber while the account is rate-limited, and back once the time has passed', () => {
    const limited = status({ pending: 2, worst: 'waiting', pause: { rateLimitedUntil: NOW + 5_000 } });
    expect(badgeFor(limited, NOW)).toEqual({ text: '2', color: BADGE_COLORS.paused });
    expect(badgeFor(limited, NOW + 5_001).color).toBe(BADGE_COLORS.normal);
  });

  it('turns red with the reason pending when the key is disabled, even with nothing queued', () => {
    const disabled = status({ pause: { disabled: { reason: 'Abuse review', nextProbeAt: NOW + 30_000 } } });
    expect(badgeFor(disabled, NOW)).toEqual({ text: '!', color: BADGE_COLORS.blocked });
  });

  it('turns red when a write needs a decision (failed or uncertain)', () => {
    expect(badgeFor(status({ worst: 'failed' }), NOW)).toEqual({ text: '!', color: BADGE_COLORS.blocked });
    expect(badgeFor(status({ pending: 1, worst: 'uncertain' }), NOW)).toEqual({
      text: '1',
      color: BADGE_COLORS.blocked,
    });
  });

  it("colours for any account's pause, not only the default's", () => {
    const paused = { ...status({ pending: 2, worst: 'waiting' }) };
    const other = {
      id: 'acct-b',
      name: 'B',
      label: 'B',
      baseUrl: 'http://127.0.0.1:8787/',
      origin: 'http://127.0.0.1:8787',
      key: { set: true, last4: 'bbbb' },
      check: null,
      reserve: 0,
      isDefault: false,
      pending: 2,
      pause: { rateLimitedUntil: NOW + 60_000, disabled: null, offlineUntil: null, lostAnswer: false },
    };
    expect(badgeFor({ ...paused, accounts: [other] }, NOW)).toEqual({ text: '2', color: BADGE_COLORS.paused });
    const disabled = { ...other, pause: { ...other.pause, disabled: { reason: 'x', nextProbeAt: NOW } } };
    expect(badgeFor({ ...paused, accounts: [disabled] }, NOW).color).toBe(BADGE_COLORS.blocked);
  });
});
