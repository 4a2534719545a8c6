import type { DemoAccount } from './context.js';
import { SCOPES } from './scopes.js';
import type { AccountStore } from './store/accounts.js';
import type { SettingsStore } from './store/settings.js';

/** The demo account's handle and name. */
export const DEMO_HANDLE = 'demo';
const DEMO_NAME = 'Dana Demo';

/**
 * Finds or creates the demo account and its every-scope test key. The key's clear text lives only in
 * the `cli_test_key_cleartext` setting (a convenience for the CLI, which prints the same key after a
 * restart); the `keys` table holds its hash like any other key.
 */
export function ensureDemo(settings: SettingsStore, accounts: AccountStore): DemoAccount {
  let accountId = settings.get('demo_account_id');
  if (!accountId || !accounts.getAccount(accountId)) {
    const existing = accounts.findByHandle(DEMO_HANDLE);
    accountId = (existing ?? accounts.createAccount({ handle: DEMO_HANDLE, displayName: DEMO_NAME })).id;
    settings.set('demo_account_id', accountId);
  }
  const stored = settings.get('cli_test_key_cleartext');
  const record = stored ? accounts.findByClearKey(stored) : undefined;
  if (stored && record && record.accountId === accountId) {
    accounts.setScopes(record.id, SCOPES);
    return { accountId, keyId: record.id, testKey: stored };
  }
  const issued = accounts.issueKey(accountId, SCOPES, 'Debate Companion (test app)');
  settings.set('cli_test_key_cleartext', issued.key);
  return { accountId, keyId: issued.keyId, testKey: issued.key };
}
