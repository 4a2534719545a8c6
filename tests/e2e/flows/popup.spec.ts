import { configure, readPref, USER_SCOPES } from '../driver/extension';
import { expect, test } from '../driver/test';
import { click, fieldValue, fill, find, isDisabled, press, until, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { PopupScreen } from '../screens/popup';

// The first test of the file meets the extension as installed: no address, no key.
test('popup: without a key it says what is wrong and opens the options page', async ({ ext }) => {
  const popup = await PopupScreen.open(ext);
  await waitForText(popup.page, "The platform's address is not set yet.");
  expect(await isDisabled(popup.page, PopupScreen.postButton)).toBe(true);
  await click(popup.page, PopupScreen.openOptions);
  const options = await ext.waitForPage('options.html');
  await find(options, OptionsScreen.baseUrl);
});

test('popup: shows who the key acts for, posts with Ctrl+Enter, counts the Outbox, opens the side panel', async ({
  ext,
  control,
}) => {
  const { key, account } = await control.newKey(USER_SCOPES);
  await configure(ext, control.baseUrl, key);

  // The key was never checked: the popup checks it and names the account.
  const popup = await PopupScreen.open(ext);
  await waitForText(popup.page, /Signed in as /);
  await waitForText(popup.page, `Key ending in ${key.slice(-4)}`);
  await waitForText(popup.page, 'nothing waiting', { selector: PopupScreen.outbox });

  await fill(popup.page, PopupScreen.quickPost, 'Quick post from the toolbar: the library opens at 8 on Saturdays.');
  await press(popup.page, 'Control+Enter');
  await waitForText(popup.page, 'Queued:');
  expect(await fieldValue(popup.page, PopupScreen.quickPost)).toBe('');
  await waitForText(popup.page, 'all sent', { selector: PopupScreen.outbox });
  expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual([
    'Quick post from the toolbar: the library opens at 8 on Saturdays.',
  ]);

  // A draft survives closing the popup (saved once typing rests).
  await fill(popup.page, PopupScreen.quickPost, 'Half a thought');
  await until(
    async () => ((await readPref(popup.page, 'quickPostDraft')) === 'Half a thought' ? true : undefined),
    'the draft saved',
  );
  await popup.page.close();
  const again = await PopupScreen.open(ext);
  await until(
    async () => ((await fieldValue(again.page, PopupScreen.quickPost)) === 'Half a thought' ? true : undefined),
    'the draft back in the box',
  );

  // "Open side panel" opens the browser's real side panel (Firefox: its sidebar) with the extension's page.
  const panel = await ext.openSidePanel(() => click(again.page, PopupScreen.openSidePanel));
  expect(await panel.evaluate((doc) => doc.location.pathname)).toBe('/sidepanel.html');
  expect(await ext.sidePanelOpen()).toBe(true);
});

test('popup: "Open side panel" clicked the moment it shows opens the panel, however late the window is known', async ({
  ext,
}) => {
  const page = await ext.newTab();
  if (ext.engine === 'chromium') {
    // A busy browser: which window the popup is in is answered only after the user's click (the
    // popup once asked first, and a quick click found no window to open the panel in). Firefox's
    // sidebar opens without a window's id, and Firefox runs no driver's script before ours.
    await page.evaluateOnNewDocument(() => {
      type Windows = { getCurrent(...args: unknown[]): Promise<unknown> };
      const windows = (globalThis as unknown as { chrome: { windows: Windows } }).chrome.windows;
      const answer = windows.getCurrent.bind(windows);
      const clicked = new Promise((resolve) => document.addEventListener('click', resolve, { capture: true }));
      windows.getCurrent = (...args) => clicked.then(() => answer(...args));
    });
  }
  await ext.goto(page, ext.url('popup.html'));
  const panel = await ext.openSidePanel(() => click(page, PopupScreen.openSidePanel));
  expect(await panel.evaluate((doc) => doc.location.pathname)).toBe('/sidepanel.html');
  expect(await ext.sidePanelOpen()).toBe(true);
});
