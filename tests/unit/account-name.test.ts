import { describe, expect, it } from 'vitest';
import { accountName, hostName, isNamedByHost, personName } from '@/lib/account-name';

const ok = (account: { handle?: string; displayName?: string } | null) => ({
  outcome: 'ok' as const,
  at: 1,
  account,
  scopes: ['posts:read'],
});

const account = (change: Partial<Parameters<typeof accountName>[0]> = {}) => ({
  label: '',
  baseUrl: 'http://127.0.0.1:8899/',
  ...change,
});

describe('accountName: one name per account, wherever it shows', () => {
  it('is the label the user typed, whatever the platform calls the account', () => {
    expect(accountName(account({ label: 'Work', check: ok({ handle: 'demo', displayName: 'Dana Demo' }) }))).toBe(
      'Work',
    );
    expect(accountName(account({ label: 'Work' }))).toBe('Work');
  });

  it("is the platform's display name with the handle once a key check knows them", () => {
    expect(accountName(account({ check: ok({ handle: 'demo', displayName: 'Dana Demo' }) }))).toBe('Dana Demo (@demo)');
  });

  it('is the one part the platform gave when it gave one', () => {
    expect(accountName(account({ check: ok({ handle: 'demo' }) }))).toBe('@demo');
    expect(accountName(account({ check: ok({ displayName: 'Dana Demo' }) }))).toBe('Dana Demo');
  });

  it("is the host of the account's server before a key check, or when the check failed or named no one", () => {
    expect(accountName(account())).toBe('127.0.0.1:8899');
    expect(accountName(account({ check: null }))).toBe('127.0.0.1:8899');
    expect(accountName(account({ check: { outcome: 'not_accepted' } }))).toBe('127.0.0.1:8899');
    expect(accountName(account({ check: ok(null) }))).toBe('127.0.0.1:8899');
    expect(accountName(account({ check: ok({}) }))).toBe('127.0.0.1:8899');
    expect(accountName(account({ baseUrl: 'https://debate.example/api/' }))).toBe('debate.example');
  });

  it('never says "(no label)", and a label of spaces is no label', () => {
    expect(accountName(account({ label: '   ' }))).toBe('127.0.0.1:8899');
    expect(accountName(account({ label: '  Work ' }))).toBe('Work');
  });

  it('says whether the name is only the host', () => {
    expect(isNamedByHost(account())).toBe(true);
    expect(isNamedByHost(account({ check: ok({ handle: 'demo' }) }))).toBe(false);
    expect(isNamedByHost(account({ label: 'Work' }))).toBe(false);
  });
});

describe('personName', () => {
  it('names a person as "Display Name (@handle)"', () => {
    expect(personName({ handle: 'demo', displayName: 'Dana Demo' })).toBe('Dana Demo (@demo)');
  });

  it('does not repeat a handle given twice, nor double its @', () => {
    expect(personName({ handle: 'demo', displayName: 'demo' })).toBe('@demo');
    expect(personName({ handle: '@demo', displayName: '@Demo' })).toBe('@demo');
    expect(personName({ handle: '@demo' })).toBe('@demo');
  });

  it('is undefined when the platform named no one', () => {
    expect(personName(null)).toBeUndefined();
    expect(personName(undefined)).toBeUndefined();
    expect(personName({ handle: ' ', displayName: '' })).toBeUndefined();
  });
});

describe('hostName', () => {
  it('is the host and port of an address, or the text itself when it is no address', () => {
    expect(hostName('http://127.0.0.1:8899/')).toBe('127.0.0.1:8899');
    expect(hostName('https://debate.example')).toBe('debate.example');
    expect(hostName('not a url')).toBe('not a url');
  });
});
