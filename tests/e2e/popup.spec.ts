import { expect, test } from './fixtures';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { readPref } from './support/extension-client';
import { newAccountConfigured } from './support/new-account';

test('popup: without a key it says what is wrong and opens the options page', async ({ context, extensionPage }) => {
  const popup = new PopupPage(await extensionPage('popup.html'));
  await expect(popup.page.getByText("The platform's address is not set yet.")).toBeVisible();
  await expect(popup.postButton).toBeDisabled();
  const opened = context.waitForEvent('page');
  await popup.openOptions.click();
  const options = new OptionsPage(await opened);
  await expect(options.page).toHaveURL(/\/options\.html$/);
  await expect(options.baseUrl).toBeVisible();
});

test('popup: shows who the key acts for, posts with Ctrl+Enter, counts the Outbox, opens the side panel', async ({
  sandbox,
  context,
  extensionId,
  extensionPage,
}) => {
  const { control, key, account } = await newAccountConfigured(sandbox, extensionPage);

  // The key was never checked: the popup checks it and names the account.
  const popup = new PopupPage(await extensionPage('popup.html'));
  await expect(popup.page.getByText(/^Signed in as /)).toBeVisible();
  await expect(popup.page.getByText(`Key ending in ${key.slice(-4)}`)).toBeVisible();
  await expect(popup.outbox).toContainText('nothing waiting');

  await popup.quickPost.fill('Quick post from the toolbar: the library opens at 8 on Saturdays.');
  await popup.quickPost.press('Control+Enter');
  await expect(popup.page.getByText('Queued:', { exact: false })).toBeVisible();
  await expect(popup.quickPost).toHaveValue('');
  await expect(popup.outbox).toContainText('all sent');
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual([
    'Quick post from the toolbar: the library opens at 8 on Saturdays.',
  ]);

  // A draft survives closing the popup.
  await popup.quickPost.fill('Half a thought');
  // Saved once typing rests.
  await expect.poll(() => readPref(popup.page, 'quickPostDraft')).toBe('Half a thought');
  await popup.page.close();
  const again = new PopupPage(await extensionPage('popup.html'));
  await expect(again.quickPost).toHaveValue('Half a thought');

  // "Open side panel" opens the browser's real side panel with the extension's page.
  await again.openSidePanel.click();
  const cdp = await context.newCDPSession(again.page);
  await expect
    .poll(async () => {
      const { targetInfos } = await cdp.send('Target.getTargets');
      return targetInfos.some((target) => target.url === `chrome-extension://${extensionId}/sidepanel.html`);
    })
    .toBe(true);
  await cdp.detach();
});
