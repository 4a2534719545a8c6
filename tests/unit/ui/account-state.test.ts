import { beforeEach, describe, expect, it } from 'vitest';
import { accountState } from '@/lib/ui/account-state';
import { accountView } from '../components/welcome/fixtures';
import { useEnglishMessages } from '../support/locale';

describe('accountState', () => {
  beforeEach(() => useEnglishMessages());

  it('says a key with every scope the extension uses works', () => {
    expect(accountState(accountView())).toEqual({ tone: 'ok', text: 'Key works' });
  });

  it('names what is wrong: no key, not checked, not accepted, disabled and why, missing scopes', () => {
    expect(accountState(accountView({ key: { set: false, last4: null } })).text).toBe('No key saved');
    expect(accountState(accountView({ check: null }))).toEqual({ tone: 'unknown', text: 'Key not checked yet' });
    expect(accountState(accountView({ check: { outcome: 'not_accepted', at: 1, message: '401' } })).text).toBe(
      'Key not accepted by the platform',
    );
    expect(accountState(accountView({ check: { outcome: 'disabled', at: 1, message: 'Too many reports' } })).text).toBe(
      'Key disabled: Too many reports',
    );
    const missing = accountView({ check: { outcome: 'ok', at: 1, account: null, scopes: ['posts:read'] } });
    expect(accountState(missing)).toEqual({
      tone: 'problem',
      text: 'Key works, but lacks posts:write, reactions:write',
    });
  });

  it('puts a pause for a disabled key before an older good check', () => {
    const paused = accountView({
      pause: {
        rateLimitedUntil: null,
        disabled: { reason: 'Paused by moderators', nextProbeAt: 2 },
        offlineUntil: null,
        lostAnswer: false,
      },
    });
    expect(accountState(paused)).toEqual({ tone: 'problem', text: 'Key disabled: Paused by moderators' });
  });
});
