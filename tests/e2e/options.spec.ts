import { expect, test } from './fixtures';
import { OptionsPage } from './pages/options-page';

test('options: set the base URL and key, check the key, and never see the key again', async ({
  sandbox,
  extensionPage,
}) => {
  const options = new OptionsPage(await extensionPage('options.html'));
  await options.configure(sandbox.baseUrl, sandbox.testKey);
  await expect(options.feedback).toHaveText('Saved.');
  await expect(options.page.getByText(`ending in ${sandbox.testKey.slice(-4)}`)).toBeVisible();
  await expect(options.apiKey).toHaveValue('');

  await options.checkKey.click();
  await expect(options.feedback).toContainText('The key works: it acts for');
  await expect(options.page.getByRole('heading', { name: /^Account:/ })).toBeVisible();
  await expect(options.page.getByText('granted')).toHaveCount(3);

  // Reload: the page shows that a key is set, never the key.
  await options.page.reload();
  await expect(options.page.getByText(`ending in ${sandbox.testKey.slice(-4)}`)).toBeVisible();
  expect(await options.page.content()).not.toContain(sandbox.testKey);

  // Remove key (what PRIVACY.md tells users to press): gone from this browser, as the page says.
  await options.page.getByRole('button', { name: 'Remove key' }).click();
  await expect(options.feedback).toHaveText('The key is removed from this browser.');
  await expect(options.page.getByText('No key is set yet.')).toBeVisible();
  await expect(options.checkKey).toBeDisabled();
});

test('options: a key the platform does not accept is reported in words', async ({ sandbox, extensionPage }) => {
  const options = new OptionsPage(await extensionPage('options.html'));
  await options.configure(sandbox.baseUrl, 'dcp_this_key_does_not_exist_0000');
  await expect(options.feedback).toHaveText('Saved.');
  await options.checkKey.click();
  await expect(options.feedback).toHaveText('The key was not accepted. Check it on the options page.');
});

test('options: reaction buttons are edited, saved as they change and kept; the shortcut is shown', async ({
  extensionPage,
}) => {
  const options = new OptionsPage(await extensionPage('options.html'));
  await expect(options.reactionValue(1)).toHaveValue('well_sourced');
  await options.addReaction.click();
  await expect(options.reactionValue(2)).toBeFocused();
  await options.reactionValue(2).fill('Agree!');
  await expect(options.page.getByText('Lowercase letters, digits and _ only', { exact: false })).toBeVisible();
  await expect(options.reactionsSaveState).toHaveText('Not saved yet: fix what is marked.');
  await options.reactionValue(2).fill('agree');
  await options.reactionLabel(2).fill('Agree');
  await expect(options.reactionsSaveState).toHaveText('Saved.');

  // The browser reports the command's shortcut; the page says where to change it.
  await expect(options.page.getByRole('region', { name: 'Keyboard shortcut', exact: true }).locator('kbd')).toHaveText(
    'Alt+Shift+D',
  );
  await expect(options.page.getByText('chrome://extensions/shortcuts', { exact: false })).toBeVisible();

  await options.page.reload();
  await expect(options.reactionValue(2)).toHaveValue('agree');
  await expect(options.reactionLabel(2)).toHaveValue('Agree');
});
