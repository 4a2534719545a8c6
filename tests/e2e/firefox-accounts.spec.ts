import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'puppeteer-core';
import { type RunningSandbox, startSandbox } from '../../sandbox/server';
import { aria, launchFirefox, openFirefoxExtensionPage } from './support/firefox';
import { message } from './support/firefox-ui';
import { USER_SCOPES } from './support/new-account';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

/** Adds an account in the options page's form, typing as a user does. */
async function addAccount(page: Page, baseUrl: string, key: string, label: string): Promise<void> {
  await (await page.waitForSelector(aria('textbox', 'Address of the new account'), { timeout: scaled(15_000) }))?.type(
    baseUrl,
  );
  // A password field has no ARIA role in Firefox: found by its name alone.
  await (await page.waitForSelector('::-p-aria(Key of the new account)'))?.type(key);
  await (await page.waitForSelector(aria('textbox', 'Label (optional)')))?.type(label);
  await (await page.waitForSelector(aria('button', 'Add account')))?.click();
  await page.waitForFunction(
    (text) => document.body?.innerText.includes(text),
    { timeout: scaled(15_000) },
    `Added ${label}.`,
  );
}

// Firefox ESR (the MV2 build): two accounts, one write each, each lands as its own account.
test.describe('Firefox ESR: several accounts', () => {
  let browser: Browser;
  let sandbox: RunningSandbox;

  test.beforeAll(async () => {
    browser = await launchFirefox();
    sandbox = await startSandbox({ seed: true });
  });

  test.afterAll(async () => {
    await browser?.close();
    await sandbox?.close();
  });

  test('two accounts, one write each: both land, each with its own key', async () => {
    test.setTimeout(scaled(90_000));
    const control = new SandboxClient(sandbox.baseUrl);
    const first = await control.newKey(USER_SCOPES);
    const second = await control.newKey(USER_SCOPES);
    const options = await openFirefoxExtensionPage(browser, 'options.html');
    await addAccount(options, sandbox.baseUrl, first.key, 'First');
    await addAccount(options, sandbox.baseUrl, second.key, 'Second');
    const { accounts } = await message<{ accounts: { id: string; name: string; isDefault: boolean }[] }>(
      options,
      'getStatus',
    );
    expect(accounts.map((account) => [account.name, account.isDefault])).toEqual([
      ['First', true],
      ['Second', false],
    ]);
    const stamp = Date.now().toString(36);
    const [one, two] = accounts;
    await message(options, 'enqueueWrite', { kind: 'post', body: `From Firefox as First ${stamp}`, as: one?.id });
    await message(options, 'enqueueWrite', { kind: 'post', body: `From Firefox as Second ${stamp}`, as: two?.id });
    await expect
      .poll(async () => (await control.postsOf(first.key, first.account)).map((post) => post.body), {
        timeout: scaled(30_000),
      })
      .toContain(`From Firefox as First ${stamp}`);
    await expect
      .poll(async () => (await control.postsOf(second.key, second.account)).map((post) => post.body), {
        timeout: scaled(30_000),
      })
      .toContain(`From Firefox as Second ${stamp}`);
    // Each write went once, with its own account's key.
    expect((await control.writeLog(first.account)).filter((entry) => entry.path === '/v1/posts')).toHaveLength(1);
    expect((await control.writeLog(second.account)).filter((entry) => entry.path === '/v1/posts')).toHaveLength(1);
    expect(await options.content()).not.toContain(first.key);
  });
});
