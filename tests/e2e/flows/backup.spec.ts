import type { ElementHandle, Page } from 'puppeteer-core';
import { accountsOf, removeEveryAccount } from '../driver/accounts';
import { expectAccessible } from '../driver/axe';
import { captureDownload, pickFile } from '../driver/downloads';
import { listOutbox, newAccount } from '../driver/extension';
import { reload } from '../driver/pages';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { click, fieldValue, find, findAll, role, textOf, until, waitForText, withText } from '../driver/ui';
import { scaled } from '../support/time';

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

const card = role('region', 'Backup', { exact: true });
const cardAlert = `${card} [role="alert"]`;
const history = role('region', 'Outbox history', { exact: true });

async function firstAccount(ext: ExtensionBrowser) {
  const [account] = await accountsOf(ext);
  if (account === undefined) throw new Error('no account');
  return account;
}

/** The file field labelled `label` (a file field has no role: found by its label, as a user reads it). */
async function fileField(page: Page, label: string): Promise<ElementHandle> {
  return until(async () => {
    const handle = await page.evaluateHandle(
      (label) =>
        [...document.querySelectorAll('input[type="file"]')].find((input) =>
          [...((input as HTMLInputElement).labels ?? [])].some((l) => l.textContent?.trim() === label),
        ) ?? null,
      label,
    );
    return handle.asElement() ?? undefined;
  }, `the file field "${label}"`) as Promise<ElementHandle>;
}

/** Waits until the element `selector` finds has the focus. */
function untilFocused(page: Page, selector: string): Promise<true> {
  return until(
    async () =>
      (await (await find(page, selector)).evaluate((el) => el === document.activeElement)) ? true : undefined,
    `the focus on ${selector}`,
  );
}

// Each test audits a card twice (light and dark) besides its steps: more than the default limit on a busy machine.
test.beforeEach(() => test.setTimeout(scaled(150_000)));

test('backup: export, change everything, import: the settings come back exactly; a bad file changes nothing', async ({
  ext,
  control,
}) => {
  await removeEveryAccount(ext);
  const { key } = await newAccount(ext, control);
  await ext.call('saveSettings', CHOSEN);
  await ext.call('updateAccount', { id: (await firstAccount(ext)).id, reserve: 3 });
  const page = await ext.open('options.html');
  const before = await ext.call('getSettings');

  const saved = await captureDownload(ext, () => click(page, `${card} ${role('button', 'Export settings')}`));
  expect(saved.name).toMatch(/^debate-companion-backup-\d{4}-\d\d-\d\d\.json$/);
  const text = saved.text;
  expect(text).not.toContain(key);
  expect(text).not.toContain(key.slice(-4));
  expect(JSON.parse(text)).toMatchObject({ format: 'debate-companion-backup', version: 3, settings: CHOSEN });

  // Everything changes, then the page is opened again as a user would find it.
  await ext.call('saveSettings', OTHER);
  await ext.call('updateAccount', { id: (await firstAccount(ext)).id, reserve: 0 });
  await reload(ext, page);
  const changed = await ext.call('getSettings');
  expect(changed).toMatchObject(OTHER);

  // A damaged file: the field is named, nothing changes.
  const field = () => fileField(page, 'Import settings from a file');
  await pickFile(await field(), 'damaged.json', text.replace('"keepSent": 750', '"keepSent": "750"'));
  await waitForText(page, '\u201csettings.keepSent\u201d has the wrong type', { selector: cardAlert });
  await expectAccessible(ext, page, 'backup card, a damaged file', {
    include: ['section[aria-labelledby="backup-title"]'],
  });
  expect(await ext.call('getSettings')).toEqual(changed);
  await pickFile(await field(), 'photo.json', Buffer.from('\x89PNG'));
  await waitForText(page, 'it is not JSON', { selector: cardAlert });
  expect(await ext.call('getSettings')).toEqual(changed);

  // The real file: what changes is shown, and saved on confirm.
  await pickFile(await field(), 'backup.json', text);
  await untilFocused(page, `${card} ${role('heading', 'What importing backup.json changes', { exact: true })}`);
  await withText(page, `${card} li`, 'Sent writes kept: was 20, becomes 750');
  const changes = await Promise.all((await findAll(page, `${card} li`)).map(async (li) => (await textOf(li)).trim()));
  expect(changes).toContainEqual(expect.stringMatching(/^Reserve of .*: was 0, becomes 3 writes per window$/));
  await expectAccessible(ext, page, 'backup card, what an import changes', {
    include: ['section[aria-labelledby="backup-title"]'],
  });
  expect(await ext.call('getSettings')).toEqual(changed);
  await click(page, `${card} ${role('button', 'Import these settings')}`);
  await waitForText(page, /^Imported: your settings now match the backup\.$/, { selector: `${card} [role="status"]` });
  expect(await ext.call('getSettings')).toEqual(before);
  expect((await firstAccount(ext)).reserve).toBe(3);
  // The other cards show the imported values at once.
  await expect.poll(() => fieldValue(page, role('spinbutton', /Sent writes to keep/))).toBe('750');
  await expect
    .poll(() => fieldValue(page, role('textbox', 'Value of reaction 3', { exact: true })))
    .toBe('needs_source');
});

test('backup: the Outbox history exports every write as CSV and JSON, formulas neutralised', async ({
  ext,
  control,
}) => {
  await removeEveryAccount(ext);
  // An address without a key: writes wait in the Outbox, more than one page of listOutbox.
  await ext.call('saveSettings', { baseUrl: control.baseUrl });
  const formula = '=HYPERLINK("https://evil.example","click")';
  const multiline = 'First line, with "quotes"\nSecond line';
  await ext.call('enqueueWrite', { kind: 'post', body: formula });
  await ext.call('enqueueWrite', { kind: 'post', body: multiline });
  for (let i = 0; i < 201; i++) await ext.call('enqueueWrite', { kind: 'post', body: `Post number ${i}` });
  const items = await listOutbox(ext);
  expect(items).toHaveLength(203);
  const page = await ext.open('options.html');

  const csvFile = await captureDownload(ext, () =>
    click(page, `${history} ${role('button', 'Export history as CSV')}`),
  );
  expect(csvFile.name).toMatch(/^debate-companion-outbox-\d{4}-\d\d-\d\d\.csv$/);
  const csv = csvFile.text;
  expect(csv.startsWith('\uFEFFid,account,kind,post_id,reaction,body,state,')).toBe(true);
  expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
  expect(csv).toContain('"First line, with ""quotes""\nSecond line"');
  await until(async () => {
    const statuses = await findAll(page, `${history} ${role('status')}`);
    const last = statuses.at(-1);
    return last !== undefined && (await textOf(last)).includes('203 writes saved as') ? true : undefined;
  }, 'the history saying 203 writes saved');

  const jsonFile = await captureDownload(ext, () =>
    click(page, `${history} ${role('button', 'Export history as JSON')}`),
  );
  const json = JSON.parse(jsonFile.text);
  expect(json.format).toBe('debate-companion-outbox');
  expect(json.items).toHaveLength(203);
  expect(json.items.map((row: { id: string }) => row.id).sort()).toEqual(items.map((item) => item.id).sort());
  expect(json.items.find((row: { body: string }) => row.body === formula)).toMatchObject({
    kind: 'post',
    state: 'queued',
  });
  await expectAccessible(ext, page, 'Outbox history with its export', {
    include: ['section[aria-labelledby="history-title"]'],
  });
});
