import { expect, test } from '../driver/test';
import { click, fill, role, textOf, waitForText } from '../driver/ui';

test('the driver: opens an extension page, finds by role, sends a message, reads the badge', async ({
  ext,
  sandbox,
}) => {
  const options = await ext.open('options.html');
  await fill(options, role('textbox', 'API base URL'), sandbox.baseUrl);
  await fill(options, role('textbox', 'API key'), sandbox.testKey);
  await click(options, role('button', 'Save', { exact: true }));
  await waitForText(options, 'Saved.');
  const status = await ext.call<{ baseUrl: string }>('getStatus');
  expect(status.baseUrl).toBe(sandbox.baseUrl);
  const site = await ext.openTab(`${sandbox.baseUrl}/`);
  expect(await textOf(site)).toContain('Debate');
  const badge = await ext.badge(site);
  expect(badge.title).toContain('Debate Companion');
});

test('the driver: the real side panel opens from the popup and stays open across navigation', async ({
  ext,
  sandbox,
}) => {
  await ext.call('saveSettings', { baseUrl: sandbox.baseUrl });
  await ext.call('saveKey', { key: sandbox.testKey });
  const site = await ext.openTab(`${sandbox.baseUrl}/`);
  const popup = await ext.open('popup.html');
  const panel = await ext.openSidePanel(() => click(popup, role('button', 'Open side panel')));
  await expect.poll(() => panel.evaluate((doc) => doc.querySelectorAll('article').length)).toBeGreaterThan(0);
  await ext.goto(site, `${sandbox.baseUrl}/?again`);
  expect(await ext.sidePanelOpen()).toBe(true);
});
