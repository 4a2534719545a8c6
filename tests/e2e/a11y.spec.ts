import { startSandbox } from '../../sandbox/server';
import { expect, test } from './fixtures';
import { OutboxPage } from './pages/outbox-page';
import { expectAccessible } from './support/axe';
import { call, configure } from './support/extension-client';
import { stageOutboxScene } from './support/outbox-scene';
import { SandboxClient } from './support/sandbox-client';

test.describe('accessibility (axe-core, light and dark)', () => {
  // Each test stages its own sandbox: the scene spends the demo account's budget.
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  test.beforeEach(async () => {
    sandbox = await startSandbox({ seed: true });
  });
  test.afterEach(async () => {
    await sandbox.close();
  });

  test('options page: empty, and configured with every section filled in', async ({ extensionPage }) => {
    const page = await extensionPage('options.html');
    await expect(page.getByRole('heading', { name: 'Keyboard shortcut', exact: true })).toBeVisible();
    await expectAccessible(page, 'options, not configured');
    await stageOutboxScene(page, sandbox);
    await page.reload();
    await expect(page.getByRole('heading', { name: /^Account:/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Value of reaction 3' })).toHaveValue('convincing');
    // Errors shown in the page count too.
    await page.getByRole('textbox', { name: 'Value of reaction 3' }).fill('Not valid');
    await page.getByRole('textbox', { name: 'Post-link patterns' }).fill('https://riverton.example/p/');
    await expectAccessible(page, 'options, configured, with field errors', { include: ['main'] });
  });

  test('popup: not configured, and with an Outbox and a rate limit', async ({ extensionPage }) => {
    const page = await extensionPage('popup.html');
    await expect(page.getByText("The platform's address is not set yet.")).toBeVisible();
    await expectAccessible(page, 'popup, not configured');
    await stageOutboxScene(page, sandbox);
    await page.reload();
    await expect(page.locator('.pause-banner')).toContainText('Writes resume in');
    await expectAccessible(page, 'popup, rate-limited');
  });

  test('side panel: timeline and Outbox tabs, with every Outbox state and the rate-limit banner', async ({
    extensionPage,
  }) => {
    const page = await extensionPage('sidepanel.html');
    await page.setViewportSize({ width: 360, height: 800 });
    await stageOutboxScene(page, sandbox);
    await page.reload();
    await expect(page.getByRole('feed', { name: 'Public timeline' }).getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'side panel, timeline');

    const outbox = new OutboxPage(page);
    await outbox.open();
    await expect(outbox.group('Needs your decision')).toBeVisible();
    await expect(outbox.banner).toContainText('Writes resume in');
    // The tab strip and the banner were audited with the timeline; what changed is the Outbox panel.
    await expectAccessible(page, 'side panel, Outbox', { include: ['#panel-outbox'] });
    await outbox.item('Convincing').getByRole('button', { name: 'Discard' }).focus();
    await expectAccessible(page, 'side panel, Outbox, focus on an action', {
      include: ['.outbox-entry:has(:focus)'],
    });
  });

  test('Outbox: a failed post with the inline editor open, and a disabled key', async ({ extensionPage }) => {
    const control = new SandboxClient(sandbox.baseUrl);
    const { key } = await control.newKey(['posts:read']);
    const page = await extensionPage('sidepanel.html');
    await page.setViewportSize({ width: 360, height: 800 });
    await configure(page, sandbox.baseUrl, key);
    await call(page, 'enqueueWrite', { kind: 'post', body: 'A post this key may not make.' });
    const outbox = new OutboxPage(page);
    await outbox.open();
    const failed = outbox.item('A post this key may not make.');
    await expect(failed).toContainText('Failed');
    await failed.getByRole('button', { name: 'Edit and resend' }).click();
    await expect(page.getByRole('textbox', { name: 'Edited text' })).toBeFocused();
    await expectAccessible(page, 'Outbox, editor open', { include: ['.outbox-entry:has(:focus)'] });

    const writer = await control.newKey(['posts:read', 'posts:write']);
    await configure(page, sandbox.baseUrl, writer.key);
    await control.disableKey(writer.key, 'Unusual activity');
    await call(page, 'enqueueWrite', { kind: 'post', body: 'Held while the key is disabled.' });
    await expect(outbox.banner).toContainText('Reason: Unusual activity.');
    await expectAccessible(page, 'Outbox, key disabled', { include: ['.pause-banner'] });
    const popup = await extensionPage('popup.html');
    await expect(popup.getByText('The platform has disabled the key: Unusual activity')).toBeVisible();
    await expectAccessible(popup, 'popup, key disabled');
  });
});
