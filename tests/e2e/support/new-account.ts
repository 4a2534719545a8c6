import { expect, type Page } from '@playwright/test';
import { OptionsPage } from '../pages/options-page';
import { SandboxClient } from './sandbox-client';

/** The scopes a user who reads, writes and reacts has. */
export const USER_SCOPES = ['posts:read', 'posts:write', 'reactions:write'];

/**
 * A new account on the sandbox (its own key, so its budget and writes are the test's alone) and the
 * options page saved with it, as a user would do it.
 */
export async function newAccountConfigured(
  sandbox: { baseUrl: string },
  extensionPage: (path: string) => Promise<Page>,
  scopes: string[] = USER_SCOPES,
) {
  const control = new SandboxClient(sandbox.baseUrl);
  const { key, account } = await control.newKey(scopes);
  const options = new OptionsPage(await extensionPage('options.html'));
  await options.configure(sandbox.baseUrl, key);
  await expect(options.feedback).toHaveText('Saved.');
  return { control, key, account, options };
}
