import type { Page } from 'puppeteer-core';
import { removeEveryAccount } from '../driver/accounts';
import { expectAccessible, schemeColours, useScheme } from '../driver/axe';
import { configure } from '../driver/extension';
import { SCENE, stageOutboxScene } from '../driver/outbox-scene';
import { waitForFocus } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { click, fieldValue, fill, find, role, waitForText } from '../driver/ui';
import { OptionsScreen } from '../screens/options';
import { OutboxScreen } from '../screens/outbox';
import { PopupScreen } from '../screens/popup';
import { SidePanelScreen } from '../screens/side-panel';
import { scaled } from '../support/time';

// axe-core in both browsers, light and dark: each test audits several views of a page.
test.describe.configure({ timeout: scaled(180_000) });

/** Asserts that the page's colours follow the scheme: the dark theme is not the light one. */
async function expectDarkMode(ext: ExtensionBrowser, page: Page, what: string): Promise<void> {
  const light = await schemeColours(ext, page, 'light');
  const dark = await schemeColours(ext, page, 'dark');
  await useScheme(ext, page, null);
  expect(dark.background, `${what}: the background in dark mode`).not.toBe(light.background);
  expect(dark.text, `${what}: the text in dark mode`).not.toBe(light.text);
  // The dark theme's background is dark, its text light (rgb(21, 24, 28) on rgb(232, 234, 237)).
  expect(dark).toEqual({ background: 'rgb(21, 24, 28)', text: 'rgb(232, 234, 237)' });
  expect(light).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(26, 29, 33)' });
}

// The first test of the file meets the extension as installed: nothing configured.
test('options page and popup, not configured: accessible, and dark in dark mode', async ({ ext }) => {
  const options = await OptionsScreen.open(ext);
  await find(options.page, role('heading', 'Keyboard shortcut', { exact: true }));
  await expectAccessible(ext, options.page, 'options, not configured');
  await expectDarkMode(ext, options.page, 'options');

  const popup = await PopupScreen.open(ext);
  await waitForText(popup.page, "The platform's address is not set yet.");
  await expectAccessible(ext, popup.page, 'popup, not configured');
  await expectDarkMode(ext, popup.page, 'popup');
});

test('configured: options with every section filled in and field errors, popup and side panel with every Outbox state', async ({
  ext,
  control,
}) => {
  await stageOutboxScene(ext, control);
  const options = await OptionsScreen.open(ext);
  await find(options.page, role('heading', /^Account:/));
  expect(await fieldValue(options.page, OptionsScreen.reactionValue(3))).toBe('convincing');
  // Errors shown in the page count too.
  await fill(options.page, OptionsScreen.reactionValue(3), 'Not valid');
  await fill(options.page, role('textbox', 'Post-link patterns'), 'https://riverton.example/p/');
  await expectAccessible(ext, options.page, 'options, configured, with field errors', { include: ['main'] });

  const popup = await PopupScreen.open(ext);
  await waitForText(popup.page, 'Writes resume in', { selector: PopupScreen.banner });
  await expectAccessible(ext, popup.page, 'popup, rate-limited');

  const panel = await SidePanelScreen.open(ext);
  const page = panel.page;
  await ext.setViewport(page, { width: 360, height: 800 });
  await panel.firstArticle();
  await expectAccessible(ext, page, 'side panel, timeline');
  await expectDarkMode(ext, page, 'side panel');
  const outbox = new OutboxScreen(page);
  await outbox.open();
  await find(page, OutboxScreen.group('Needs your decision'));
  await waitForText(page, 'Writes resume in', { selector: OutboxScreen.banner });
  // The tab strip and the banner were audited with the timeline; what changed is the Outbox panel.
  await expectAccessible(ext, page, 'side panel, Outbox', { include: ['#panel-outbox'] });
  await (await find(await outbox.item(SCENE.unknownKind.label), role('button', 'Discard'))).focus();
  await expectAccessible(ext, page, 'side panel, Outbox, focus on an action', {
    include: ['.outbox-entry:has(:focus)'],
  });
});

test('Outbox: a failed post with the inline editor open, and a disabled key', async ({ ext, control }) => {
  // The scene's account (paused for its rate limit, writes waiting) goes: this test's writes are
  // its own account's, behind nobody's pause.
  await removeEveryAccount(ext);
  const { key } = await control.newKey(['posts:read']);
  await configure(ext, control.baseUrl, key);
  await ext.call('checkKey');
  const panel = await SidePanelScreen.open(ext);
  const page = panel.page;
  await ext.setViewport(page, { width: 360, height: 800 });
  await ext.call('enqueueWrite', { kind: 'post', body: 'A post this key may not make.' });
  const outbox = new OutboxScreen(page);
  await outbox.open();
  const failed = await outbox.item('A post this key may not make.', /failed/i);
  await click(failed, role('button', 'Edit and resend'));
  await waitForFocus(page, role('textbox', 'Edited text'));
  await expectAccessible(ext, page, 'Outbox, editor open', { include: ['.outbox-entry:has(:focus)'] });

  const writer = await control.newKey(['posts:read', 'posts:write']);
  await configure(ext, control.baseUrl, writer.key);
  await ext.call('checkKey');
  await control.disableKey(writer.key, 'Unusual activity');
  await ext.call('enqueueWrite', { kind: 'post', body: 'Held while the key is disabled.' });
  await waitForText(page, 'Reason: Unusual activity.', { selector: OutboxScreen.banner });
  await expectAccessible(ext, page, 'Outbox, key disabled', { include: ['.pause-banner'] });
  const popup = await PopupScreen.open(ext);
  await waitForText(popup.page, 'The platform has disabled the key: Unusual activity');
  await expectAccessible(ext, popup.page, 'popup, key disabled');
});
