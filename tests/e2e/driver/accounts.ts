import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from './types';
import { click, fill, role, waitForText } from './ui';

/**
 * The extension's accounts, as the flows with several of them see them: the options page's account
 * card (a row per account, the form that adds one) and the accounts as `getStatus` reports them.
 */

/** One account as `getStatus` reports it, as far as the flows look at it. */
export interface AccountStatus {
  id: string;
  name: string;
  isDefault: boolean;
  pending: number;
  reserve: number;
  pause: { rateLimitedUntil: number | null; disabled: unknown };
  pacedUntil?: number | null;
  budget?: { source: string; limit?: number } | null;
}

/** Every account, in the order the extension keeps them. */
export async function accountsOf(ext: ExtensionBrowser): Promise<AccountStatus[]> {
  return (await ext.call<{ accounts: AccountStatus[] }>('getStatus')).accounts;
}

/** The account labelled `name`. */
export async function accountNamed(ext: ExtensionBrowser, name: string): Promise<AccountStatus> {
  const found = (await accountsOf(ext)).find((account) => account.name === name);
  if (found === undefined) throw new Error(`No account ${name}`);
  return found;
}

/**
 * Removes every account (their writes not yet sent discarded): a test of a file that shares the
 * browser starts with the accounts it adds, and none of an earlier test's writes goes out under it.
 */
export async function removeEveryAccount(ext: ExtensionBrowser): Promise<void> {
  for (const account of await accountsOf(ext)) await ext.call('removeAccount', { id: account.id, waiting: 'discard' });
}

/** The row of the account labelled `name` on the options page. */
export function accountRow(name: string): string {
  return role('listitem', name, { exact: true });
}

/** Adds an account in the options page's form, as a user does; resolves once the page says it was added. */
export async function addAccountInForm(page: Page, baseUrl: string, key: string, label: string): Promise<void> {
  await fill(page, role('textbox', 'Address of the new account'), baseUrl);
  await fill(page, role('textbox', 'Key of the new account'), key);
  await fill(page, role('textbox', 'Label (optional)'), label);
  await click(page, role('button', 'Add account'));
  await waitForText(page, `Added ${label}.`);
}
