import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { call, configure, listOutbox } from './support/extension-client';
import { scaled } from './support/time';

/** Every setting a backup holds, set to values unlike the defaults. */
const CHOSEN = {
  reactionKinds: [
    { value: 'agree', label: 'Agree' },
    { value: 'well_sourced', label: 'Well sourced' },
    { value: 'needs_source', label: 'Needs a source' },
  ],
  linkPatterns: ['https://mirror.example/p/{id}', 'https://archive.example/posts/{id}'],
  decorateAllSites: true,
  excludedHosts: ['mail.example.com', 'news.example.org'],
  keepSent: 750,
  keepSentDays: 45,
};

/** The same settings, every one of them changed again. */
const OTHER = {
  reactionKinds: [{ value: 'funny', label: 'Funny' }],
  linkPatterns: [],
  decorateAllSites: false,
  excludedHosts: ['other.example'],
  keepSent: 20,
  keepSentDays: 2,
};

interface AccountRow {
  id: string;
  reserve: number;
}

const firstAccount = async (page: Page) => {
  const [account] = (await call<{ accounts: AccountRow[] }>(page, 'getStatus')).accounts;
  if (account === undefined) throw new Error('no account');
  return account;
};

// Each test audits a card twice (light and dark) besides its steps: more than the default limit on a busy machine.
test.beforeEach(() => test.setTimeout(scaled(150_000)));

const card = (page: Page) => page.getByRole('region', { name: 'Backup' });
const fileField = (page: Page) => page.getByLabel('Import settings from a file');

test('backup: export, change everything, import: the settings come back exactly; a bad file changes nothing', async ({
  sandbox,
  extensionPage,
}) => {
  const page = await extensionPage('options.html');
  await configure(page, sandbox.baseUrl, sandbox.testKey);
  await call(page, 'saveSettings', CHOSEN);
  await call(page, 'updateAccount', { id: (await firstAccount(page)).id, reserve: 3 });
  await page.reload();
  const before = await call(page, 'getSettings');

  const downloading = page.waitForEvent('download');
  await card(page).getByRole('button', { name: 'Export settings' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^debate-companion-backup-\d{4}-\d\d-\d\d\.json$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text).not.toContain(sandbox.testKey);
  expect(text).not.toContain(sandbox.testKey.slice(-4));
  expect(JSON.parse(text)).toMatchObject({ format: 'debate-companion-backup', version: 2, settings: CHOSEN });

  // Everything changes, then the page is opened again as a user would find it.
  await call(page, 'saveSettings', OTHER);
  await call(page, 'updateAccount', { id: (await firstAccount(page)).id, reserve: 0 });
  await page.reload();
  const changed = await call(page, 'getSettings');
  expect(changed).toMatchObject(OTHER);

  // A damaged file: the field is named, nothing changes.
  await fileField(page).setInputFiles({
    name: 'damaged.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text.replace('"keepSent": 750', '"keepSent": "750"')),
  });
  await expect(card(page).getByRole('alert')).toContainText('\u201csettings.keepSent\u201d has the wrong type');
  await expectAccessible(page, 'backup card, a damaged file', { include: ['section[aria-labelledby="backup-title"]'] });
  expect(await call(page, 'getSettings')).toEqual(changed);
  await fileField(page).setInputFiles({
    name: 'photo.json',
    mimeType: 'application/json',
    buffer: Buffer.from('\x89PNG'),
  });
  await expect(card(page).getByRole('alert')).toContainText('it is not JSON');
  expect(await call(page, 'getSettings')).toEqual(changed);

  // The real file: what changes is shown, and saved on confirm.
  await fileField(page).setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(card(page).getByRole('heading', { name: 'What importing backup.json changes' })).toBeFocused();
  await expect(card(page).getByText('Sent writes kept: was 20, becomes 750')).toBeVisible();
  await expect(card(page).getByText(/^Reserve of .*: was 0, becomes 3 writes per window$/)).toBeVisible();
  await expectAccessible(page, 'backup card, what an import changes', {
    include: ['section[aria-labelledby="backup-title"]'],
  });
  expect(await call(page, 'getSettings')).toEqual(changed);
  await card(page).getByRole('button', { name: 'Import these settings' }).click();
  await expect(card(page).getByRole('status')).toHaveText('Imported: your settings now match the backup.');
  expect(await call(page, 'getSettings')).toEqual(before);
  expect((await firstAccount(page)).reserve).toBe(3);
  // The other cards show the imported values at once.
  await expect(page.getByRole('spinbutton', { name: /Sent writes to keep/ })).toHaveValue('750');
  await expect(page.getByRole('textbox', { name: 'Value of reaction 3' })).toHaveValue('needs_source');
});

test('backup: the Outbox history exports every write as CSV and JSON, formulas neutralised', async ({
  sandbox,
  extensionPage,
}) => {
  const page = await extensionPage('options.html');
  // An address without a key: writes wait in the Outbox, more than one page of listOutbox.
  await call(page, 'saveSettings', { baseUrl: sandbox.baseUrl });
  const formula = '=HYPERLINK("https://evil.example","click")';
  const multiline = 'First line, with "quotes"\nSecond line';
  await call(page, 'enqueueWrite', { kind: 'post', body: formula });
  await call(page, 'enqueueWrite', { kind: 'post', body: multiline });
  for (let i = 0; i < 201; i++) await call(page, 'enqueueWrite', { kind: 'post', body: `Post number ${i}` });
  const items = await listOutbox(page);
  expect(items).toHaveLength(203);
  await page.reload();

  const history = page.getByRole('region', { name: 'Outbox history' });
  const csvDownload = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Export history as CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^debate-companion-outbox-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync(await csvFile.path(), 'utf8');
  expect(csv.startsWith('\uFEFFid,account,kind,post_id,reaction,body,state,')).toBe(true);
  expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
  expect(csv).toContain('"First line, with ""quotes""\nSecond line"');
  await expect(history.getByRole('status').last()).toContainText('203 writes saved as');

  const jsonDownload = page.waitForEvent('download');
  await history.getByRole('button', { name: 'Export history as JSON' }).click();
  const json = JSON.parse(readFileSync(await (await jsonDownload).path(), 'utf8'));
  expect(json.format).toBe('debate-companion-outbox');
  expect(json.items).toHaveLength(203);
  expect(json.items.map((row: { id: string }) => row.id).sort()).toEqual(items.map((item) => item.id).sort());
  expect(json.items.find((row: { body: string }) => row.body === formula)).toMatchObject({
    kind: 'post',
    state: 'queued',
  });
  await expectAccessible(page, 'Outbox history with its export', {
    include: ['section[aria-labelledby="history-title"]'],
  });
});
