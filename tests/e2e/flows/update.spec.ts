import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountsOf } from '../driver/accounts';
import { listOutbox, newAccount } from '../driver/extension';
import { extensionTabPaths } from '../driver/extension-tabs';
import { waitForStatus } from '../driver/outbox';
import { seedPosts } from '../driver/side-panel';
import { expect, test } from '../driver/test';
import type { Engine } from '../driver/types';
import { fieldValue, until } from '../driver/ui';
import { SidePanelScreen } from '../screens/side-panel';
import { CHROME_BUILD, FIREFOX_BUILD } from '../support/browsers';
import { earlySends } from '../support/sandbox-client';
import { scaled } from '../support/time';

/**
 * An update with work in flight, as a user meets it: a profile made by the installed version
 * holds writes waiting on a 429, a failed one, an uncertain one, one on its way, drafts, two
 * accounts and settings; the browser restarts with a newer version of the extension in the same
 * place (same id, same profile), as it applies a pending update. Judged on the sandbox's log: every
 * write lands once and never before a Retry-After. The data layout this release reads is its own
 * (layout 2, the oldest still supported); the unit tests open every released layout's fixture
 * (tests/unit/storage/layouts.test.ts).
 */

/** The `runtime` API as the version read uses it. */
interface Runtime {
  runtime: { getManifest(): { version: string } };
}

/** Sets the version in the manifest of the build in `dir`. */
function setVersion(dir: string, version: string): void {
  const manifest = path.join(dir, 'manifest.json');
  writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version }));
}

/** The build copied to a folder of its own, at `version`: where the browser loads it from. */
function buildAt(dir: string, engine: Engine, version: string): void {
  cpSync(engine === 'chromium' ? CHROME_BUILD : FIREFOX_BUILD, dir, { recursive: true });
  setVersion(dir, version);
}

const folders: string[] = [];
test.afterAll(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test.use({
  freshBrowser: true,
  launch: async ({ engine }, use) => {
    const dir = mkdtempSync(path.join(tmpdir(), `dc-update-${engine}-`));
    folders.push(dir);
    buildAt(dir, engine, '0.9.0');
    await use({ extensionDir: dir });
  },
});

test.describe.configure({ timeout: scaled(150_000) });

test('an update with writes waiting, failed, uncertain and in flight: each lands once, never early; drafts, accounts, settings and keys stay', async ({
  ext,
  control,
  launch,
}) => {
  // Two accounts: the default with every scope, and "Second", whose key may not react.
  const main = await newAccount(ext, control);
  const other = await control.newKey(['posts:read', 'posts:write']);
  const second = await ext.call<{ id: string }>('addAccount', {
    baseUrl: control.baseUrl,
    key: other.key,
    label: 'Second',
  });
  await ext.call('saveSettings', { mutedWords: ['spoiler'] });
  const [postId] = await seedPosts(control, ['Riverton’s bus lanes, one year on.']);

  // A draft in the side panel's composer, saved as the panel closes.
  const panel = await SidePanelScreen.open(ext);
  const draft = 'A post I will finish after the update';
  await panel.page.type(SidePanelScreen.newPost, draft);
  await panel.page.close();

  // A failed write (the key may not react), then an uncertain one (a 500 for a post never found).
  const queue = async (write: object) => (await ext.call<{ id: string }>('enqueueWrite', write)).id;
  const stateOf = async (id: string) => (await listOutbox(ext)).find((item) => item.id === id)?.state.status;
  const reaction = await queue({ kind: 'reaction', postId, reaction: 'well_sourced', as: second.id });
  await waitForStatus(ext, reaction, 'failed', scaled(20_000));
  await control.control('POST', '/faults', { status: 500, count: 1, method: 'POST', path: '/v1/posts' });
  const uncertain = await queue({ kind: 'post', body: 'Answered 500: uncertain' });
  await waitForStatus(ext, uncertain, 'uncertain', scaled(20_000));

  // Writes waiting on a 429: two writes per 5 s, three posts; the third waits.
  await control.setSilentBudget(main.account, 2, 5);
  for (const body of ['Before the update, 1', 'Before the update, 2', 'Before the update, 3']) {
    await ext.call('enqueueWrite', { kind: 'post', body });
  }
  await until(
    async () => ((await listOutbox(ext)).some((item) => item.state.status === 'waiting') ? true : undefined),
    'a write waiting for its Retry-After',
    scaled(20_000),
  );
  // One on its way as the browser goes down: the sandbox takes 3 s to answer, and commits it.
  await control.control('POST', '/faults', { latencyMs: 3_000, count: 1, method: 'POST', path: '/v1/posts' });
  const inFlight = await queue({ kind: 'post', body: 'In flight during the update', as: second.id });
  await waitForStatus(ext, inFlight, 'sending');

  // The update: version 1.0.0 in the same folder (only the manifest differs), applied as the
  // browser starts again, on the same profile; the write on its way is cut off with the browser.
  setVersion(launch.extensionDir as string, '1.0.0');
  await ext.restart({});
  const version = await ext.inExtension(() => {
    const api =
      (globalThis as unknown as { browser?: Runtime; chrome?: Runtime }).browser ??
      (globalThis as unknown as { chrome: Runtime }).chrome;
    return api.runtime.getManifest().version;
  });
  expect(version).toBe('1.0.0');

  // Every write lands once, none before a Retry-After; the one cut off in flight is found, not sent again.
  await expect
    .poll(async () => (await control.postsOf(main.key, main.account)).map((post) => post.body), {
      timeout: scaled(60_000),
    })
    .toEqual(['Before the update, 1', 'Before the update, 2', 'Before the update, 3']);
  expect(earlySends(await control.writeLog(main.account))).toEqual([]);
  // The write cut off in flight is settled as after a worker stop: sent when the platform has it
  // (found, never sent again), else uncertain, asking the user; never still "sending".
  const settled = await until(async () => {
    const status = await stateOf(inFlight);
    return status === 'sent' || status === 'uncertain' ? status : undefined;
  }, 'the write cut off in flight settled');
  const landed = (await control.postsOf(other.key, other.account)).map((post) => post.body);
  expect(landed).toEqual(settled === 'sent' ? ['In flight during the update'] : []);
  // The failed and the uncertain one still ask the user.
  expect(await stateOf(reaction)).toBe('failed');
  expect(await stateOf(uncertain)).toBe('uncertain');

  // No welcome page for an update; accounts, keys, settings and the draft are there.
  expect(await extensionTabPaths(ext)).not.toContain('/welcome.html');
  const accounts = await accountsOf(ext);
  expect(accounts.map((account) => account.name)).toEqual([expect.any(String), 'Second']);
  const status = await ext.call<{ accounts: { key: { set: boolean } }[] }>('getStatus');
  expect(status.accounts.map((account) => account.key.set)).toEqual([true, true]);
  expect((await ext.call<{ mutedWords: string[] }>('getSettings')).mutedWords).toEqual(['spoiler']);
  const reopened = await SidePanelScreen.open(ext);
  await until(
    async () => ((await fieldValue(reopened.page, SidePanelScreen.newPost)) === draft ? true : undefined),
    'the draft',
  );
  // Keys still work: a new post lands. (The second account waits out the fallback time of the write
  // whose answer the update cut off: a 429 it may have missed.)
  await ext.call('enqueueWrite', { kind: 'post', body: 'After the update' });
  await expect
    .poll(async () => (await control.postsOf(main.key, main.account)).map((post) => post.body), {
      timeout: scaled(30_000),
    })
    .toEqual(['Before the update, 1', 'Before the update, 2', 'Before the update, 3', 'After the update']);
  expect(earlySends(await control.writeLog(main.account))).toEqual([]);
});
