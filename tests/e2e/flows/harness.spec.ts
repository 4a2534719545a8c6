import { listOutbox, newAccount } from '../driver/extension';
import { untilLivePanel } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import { click, fill, role, textOf, until, waitForText } from '../driver/ui';
import { untilWrites } from '../driver/writes';

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
  await untilLivePanel(panel);
  await ext.goto(site, `${sandbox.baseUrl}/?again`);
  expect(await ext.sidePanelOpen()).toBe(true);
});

test('the driver: reset makes the extension a new install again, in the same browser', async ({ ext, control }) => {
  const { account } = await newAccount(ext, control);
  await ext.call('enqueueWrite', { kind: 'post', body: `Left behind ${Date.now()}` });
  await until(async () => ((await listOutbox(ext)).length > 0 ? true : undefined), 'the write queued');
  const panel = await ext.open('sidepanel.html');
  await panel.evaluate(() => localStorage.setItem('left', 'behind'));
  const browser = ext.browser;

  expect(await ext.reset()).toBe(true);

  expect(ext.browser).toBe(browser);
  const status = await ext.call<{ key: { set: boolean }; accounts: { account: string }[] }>('getStatus');
  expect(status.key.set).toBe(false);
  expect(status.accounts.map((a) => a.account)).not.toContain(account);
  expect(await listOutbox(ext)).toEqual([]);
  const left = await ext.inExtension(async () => {
    const api =
      (globalThis as unknown as { browser?: ExtensionApi }).browser ??
      (globalThis as unknown as { chrome: ExtensionApi }).chrome;
    return {
      local: Object.keys(await api.storage.local.get(null)).length,
      alarms: (await api.alarms.getAll()).length,
      page: localStorage.getItem('left'),
      sandbox: await api.permissions.contains({ origins: ['http://127.0.0.1/*'] }),
    };
  });
  expect(left).toEqual({ local: 0, alarms: 0, page: null, sandbox: true });
  // And it works as a new install does: configured again, a post lands.
  const again = await newAccount(ext, control);
  await ext.call('enqueueWrite', { kind: 'post', body: 'After the reset' });
  await untilWrites(control, again.account, 'post.created', 1);
});

interface ExtensionApi {
  storage: { local: { get(keys: null): Promise<object> } };
  alarms: { getAll(): Promise<unknown[]> };
  permissions: { contains(p: { origins: string[] }): Promise<boolean> };
}
