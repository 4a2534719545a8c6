import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PopupPage } from './pages/popup-page';
import { expectAccessible } from './support/axe';
import { extensionIdOf, launchChromium, openExtensionPage, removeProfile, welcomePage } from './support/chromium';
import { USER_SCOPES } from './support/new-account';
import { SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

/** The welcome page's account card, and its one live line. */
const card = (page: Page) => page.locator('section[aria-labelledby="connect-title"]');
const keyLine = (page: Page) => card(page).getByRole('status');

// A new user installs the extension: the welcome page opens by itself, they paste the sandbox's
// address and a key its "My apps" would give, hear that it works, and a post from the popup lands
// with that key. Then the page never opens by itself again, and options bring it back, saying ready.
test('welcome: opens on install, takes a real key, and a post from the popup lands with it', async ({ sandbox }) => {
  test.setTimeout(scaled(120_000));
  const { context, userDataDir } = await launchChromium({ keepWelcome: true });
  const control = new SandboxClient(sandbox.baseUrl);
  const { key, account } = await control.newKey(USER_SCOPES);
  try {
    const welcome = await welcomePage(context);
    await expect(welcome.getByRole('heading', { name: 'Welcome to Debate Companion' })).toBeVisible();
    await expect(welcome.getByRole('heading', { name: 'Connect your account' })).toBeVisible();
    await expect(welcome.getByRole('heading', { name: 'Keyboard shortcut' })).toBeVisible();
    await expect(welcome.getByText('Alt+Shift+D')).toBeVisible();
    await expect(welcome.getByRole('button', { name: 'Allow on all sites' })).toBeEnabled();
    await expectAccessible(welcome, 'welcome page, first run');

    await welcome.getByRole('textbox', { name: 'API base URL' }).fill(sandbox.baseUrl);
    await welcome.getByLabel('API key').fill(key);
    await welcome.getByRole('button', { name: 'Save and check the key' }).click();
    await expect(keyLine(welcome)).toHaveText('Key works');
    await expect(welcome.getByRole('heading', { name: 'Your account' })).toBeFocused();
    await expect(card(welcome)).toContainText(`You are ready: the extension acts as`);
    await expect(card(welcome)).toContainText(new URL(sandbox.baseUrl).host);
    await expect(welcome.getByLabel('API key')).toHaveCount(0);
    await expectAccessible(welcome, 'welcome page, ready', { include: ['section[aria-labelledby="connect-title"]'] });

    const extensionId = await extensionIdOf(context);
    const popup = new PopupPage(await openExtensionPage(context, extensionId, 'popup.html'));
    await expect(popup.page.getByText(`Key ending in ${key.slice(-4)}`)).toBeVisible();
    const body = 'Set up from the welcome page: the reading group meets on Thursdays.';
    await popup.post(body);
    await expect
      .poll(async () => (await control.postsOf(key, account)).map((post) => post.body), {
        timeout: scaled(30_000),
      })
      .toEqual([body]);
  } finally {
    await context.close();
  }

  // The same profile again: no install, so no welcome page of its own accord; options link to it.
  const again = await launchChromium({ userDataDir, keepWelcome: true });
  try {
    const options = await openExtensionPage(again.context, await extensionIdOf(again.context), 'options.html');
    await expect(options.getByRole('textbox', { name: 'API base URL' })).toHaveValue(sandbox.baseUrl);
    expect(again.context.pages().filter((page) => page.url().endsWith('/welcome.html'))).toEqual([]);
    const opened = again.context.waitForEvent('page');
    await options.getByRole('link', { name: 'Show the welcome page' }).click();
    const shown = await opened;
    await expect(shown).toHaveURL(/\/welcome\.html$/);
    await expect(keyLine(shown)).toHaveText('Key works');
    await expect(card(shown)).toContainText('You are ready');
    await expect(shown.getByLabel('API key')).toHaveCount(0);
  } finally {
    await again.context.close();
    removeProfile(userDataDir);
  }
});

test('welcome: a key the platform does not accept is named, and a good key for the same account fixes it', async ({
  sandbox,
}) => {
  test.setTimeout(scaled(120_000));
  const { context, userDataDir } = await launchChromium({ keepWelcome: true });
  const control = new SandboxClient(sandbox.baseUrl);
  try {
    const welcome = await welcomePage(context);
    await welcome.getByRole('textbox', { name: 'API base URL' }).fill(sandbox.baseUrl);
    await welcome.getByLabel('API key').fill('dcp_not_a_key_the_sandbox_issued');
    await welcome.getByRole('button', { name: 'Save and check the key' }).click();
    await expect(keyLine(welcome)).toHaveText('Key not accepted by the platform');
    await expect(card(welcome)).toContainText('needs your attention');
    await expectAccessible(welcome, 'welcome page, key not accepted', {
      include: ['section[aria-labelledby="connect-title"]'],
    });

    const { key } = await control.newKey(['posts:read', 'posts:write']);
    await welcome.getByLabel('A key for this account').fill(key);
    await welcome.getByRole('button', { name: 'Save and check the key' }).click();
    await expect(keyLine(welcome)).toHaveText('Key works, but lacks reactions:write');
    // Still one account: the new key went to the account the first attempt made.
    const options = await openExtensionPage(context, await extensionIdOf(context), 'options.html');
    await expect(options.locator('.account-row')).toHaveCount(1);
  } finally {
    await context.close();
    removeProfile(userDataDir);
  }
});
