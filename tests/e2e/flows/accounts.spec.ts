import { startSandbox } from '../../../sandbox/server';
import { accountNamed, accountRow, accountsOf, addAccountInForm, removeEveryAccount } from '../driver/accounts';
import { barMarkup, clickBarButton, waitForBars } from '../driver/bars';
import { listOutbox, USER_SCOPES } from '../driver/extension';
import { SANDBOX_SITE_MATCHES, waitForRegistration } from '../driver/link-scripts';
import { expect, test } from '../driver/test';
import type { ExtensionBrowser } from '../driver/types';
import { click, fieldValue, fill, find, findAll, role, uniqueTag, until, waitForText } from '../driver/ui';
import { SidePanelScreen } from '../screens/side-panel';
import { earlySends, SandboxClient } from '../support/sandbox-client';
import { scaled } from '../support/time';

// Every test adds the accounts it needs through the options page's form, after removing those an
// earlier test of the browser left (with their writes not yet sent).
test.beforeEach(async ({ ext }) => {
  test.setTimeout(scaled(120_000));
  await removeEveryAccount(ext);
});

const unique = (label: string) => `${label} ${uniqueTag()}`;

/** The bodies of the posts an account published on a sandbox. */
async function published(client: SandboxClient, key: string, account: string): Promise<string[]> {
  return (await client.postsOf(key, account)).map((post) => post.body);
}

/** The names of the accounts, in the extension's order. */
async function names(ext: ExtensionBrowser): Promise<string[]> {
  return (await accountsOf(ext)).map((account) => account.name);
}

test('accounts: each added with its key; the panel says who speaks, a post as another lands as it, another platform gets its own', async ({
  ext,
  control,
}) => {
  const platform2 = await startSandbox({ seed: true });
  try {
    const two = new SandboxClient(platform2.baseUrl);
    const a = await control.newKey(USER_SCOPES);
    const b = await control.newKey(USER_SCOPES);
    const c = await two.newKey(USER_SCOPES);

    const options = await ext.open('options.html');
    await addAccountInForm(options, control.baseUrl, a.key, 'Alpha');
    await addAccountInForm(options, control.baseUrl, b.key, 'Beta');
    await addAccountInForm(options, platform2.baseUrl, c.key, 'Gamma');
    await waitForText(options, 'Default', { selector: accountRow('Alpha') });
    for (const name of ['Alpha', 'Beta', 'Gamma'])
      await waitForText(options, 'Key works', { selector: accountRow(name) });
    const alpha = await accountNamed(ext, 'Alpha');
    const beta = await accountNamed(ext, 'Beta');
    const gamma = await accountNamed(ext, 'Gamma');
    expect(await options.evaluate(() => location.href)).toContain('options.html');
    const html = await options.content();
    for (const key of [a.key, b.key, c.key]) expect(html).not.toContain(key);

    // The panel says who speaks and lets the user switch: a post as Beta lands as Beta.
    const panel = await SidePanelScreen.open(ext);
    const chooser = role('combobox', 'Posting as');
    await expect.poll(() => fieldValue(panel.page, chooser)).toBe(alpha.id);
    await (await find(panel.page, chooser)).select(beta.id);
    const asBeta = unique('Posted as Beta');
    await fill(panel.page, SidePanelScreen.newPost, asBeta);
    await click(panel.page, SidePanelScreen.postButton);
    await expect.poll(() => published(control, b.key, b.account)).toContain(asBeta);
    expect(await published(control, a.key, a.account)).not.toContain(asBeta);

    // Another platform: a write as Gamma goes there, with Gamma's key, and nowhere else.
    const asGamma = unique('Posted as Gamma');
    await ext.call('enqueueWrite', { kind: 'post', body: asGamma, as: gamma.id });
    await expect.poll(() => published(two, c.key, c.account)).toContain(asGamma);
    expect((await control.writeLog(c.account)).length).toBe(0);
  } finally {
    await removeEveryAccount(ext).catch(() => undefined);
    await platform2.close();
  }
});

test('accounts: each its own budget: one waits for its rate limit while another writes at once', async ({
  ext,
  control,
}) => {
  const a = await control.newKey(USER_SCOPES);
  const b = await control.newKey(USER_SCOPES);
  // A may write twice a window: its third write must wait; B's budget is its own. The test never
  // waits for the window (A's last writes are discarded after it), so it is long enough for B's
  // writes to land, and be checked, well inside it on a busy machine.
  await control.setSilentBudget(a.account, 2, 60);
  const options = await ext.open('options.html');
  await addAccountInForm(options, control.baseUrl, a.key, 'Alpha');
  await addAccountInForm(options, control.baseUrl, b.key, 'Beta');
  const alpha = await accountNamed(ext, 'Alpha');
  const beta = await accountNamed(ext, 'Beta');

  // A's budget runs out: A waits with its countdown while B's writes land at once.
  for (let n = 0; n < 4; n += 1) {
    await ext.call('enqueueWrite', { kind: 'post', body: unique(`Alpha ${n}`), as: alpha.id });
  }
  const paused = await until(async () => {
    const now = await accountNamed(ext, 'Alpha');
    return now.pause.rateLimitedUntil !== null ? now : undefined;
  }, 'Alpha rate-limited');
  const betaBodies = [unique('Beta one'), unique('Beta two')];
  for (const body of betaBodies) await ext.call('enqueueWrite', { kind: 'post', body, as: beta.id });
  await expect
    .poll(async () => (await published(control, b.key, b.account)).filter((x) => betaBodies.includes(x)))
    .toHaveLength(2);
  // Still before A's time: B did not wait for A.
  expect(Date.now()).toBeLessThan(paused.pause.rateLimitedUntil ?? 0);
  expect((await accountNamed(ext, 'Alpha')).pending).toBe(2);
  await waitForText(options, /Writes wait for the rate limit: \d:\d\d/, { selector: accountRow('Alpha') });
  expect(earlySends(await control.writeLog(a.account))).toEqual([]);
});

test('accounts: the inline bar reacts as the default and says so; Make default switches it; removing one with a write waiting asks first', async ({
  ext,
  control,
}) => {
  const a = await control.newKey(USER_SCOPES);
  const b = await control.newKey(USER_SCOPES);
  const c = await control.newKey(USER_SCOPES);
  const options = await ext.open('options.html');
  await addAccountInForm(options, control.baseUrl, a.key, 'Alpha');
  await addAccountInForm(options, control.baseUrl, b.key, 'Beta');
  await addAccountInForm(options, control.baseUrl, c.key, 'Gamma');
  const alpha = await accountNamed(ext, 'Alpha');
  const beta = await accountNamed(ext, 'Beta');

  // The inline bar reacts as the default account and says so; switching the default switches it.
  await waitForRegistration(ext, SANDBOX_SITE_MATCHES);
  const [first, second] = (
    await control.control<{ ids: string[] }>('POST', '/posts', {
      posts: [{ body: unique('Bar target one') }, { body: unique('Bar target two') }],
    })
  ).ids;
  if (first === undefined || second === undefined) throw new Error('no posts');
  // Each reaction in a tab of its own: the pointer comes to its bar from outside, as a user's does.
  const reactOn = async (postId: string, speaker: string) => {
    const page = await ext.openTab(`${control.baseUrl}/posts/${postId}`);
    await until(
      async () => ((await waitForBars(ext, page, 1)).some((bar) => bar.postId === postId) ? true : undefined),
      `the bar of ${postId}`,
    );
    expect(await barMarkup(ext, page, { postId })).toContain(`reacting as ${speaker}`);
    await clickBarButton(ext, page, { postId }, 'Well sourced');
    return until(async () => {
      const items = await listOutbox(ext);
      return items.find((item) => item.request.kind === 'reaction' && item.request.postId === postId);
    }, `the reaction on ${postId}`);
  };
  const asAlpha = await reactOn(first, 'Alpha');
  expect(asAlpha.account).toBe(alpha.id);
  // The options tab in front again: a background tab draws no frames, and a click waits for one.
  await options.bringToFront();
  await click(options, `${accountRow('Beta')} ${role('button', 'Make default')}`);
  await waitForText(options, 'Default', { selector: accountRow('Beta') });
  const asBetaReaction = await reactOn(second, 'Beta');
  expect(asBetaReaction.account).toBe(beta.id);
  await expect
    .poll(async () => (await control.writeLog(b.account)).some((entry) => entry.path.includes(`${second}/reactions`)))
    .toBe(true);

  // Removing Beta while one of its writes waits asks first; discarding removes both.
  await control.disableKey(b.key, 'Held for the test');
  await ext.call('enqueueWrite', { kind: 'post', body: unique('Beta waits'), as: beta.id });
  await until(async () => ((await accountNamed(ext, 'Beta')).pause.disabled ? true : undefined), 'Beta paused');
  await options.bringToFront();
  await click(options, `${accountRow('Beta')} ${role('button', 'Remove Beta')}`);
  await waitForText(options, '1 write of this account is not sent yet', { selector: accountRow('Beta') });
  expect(await names(ext)).toContain('Beta');
  await click(options, `${accountRow('Beta')} ${role('button', 'Discard them and remove')}`);
  await until(
    async () => ((await findAll(options, accountRow('Beta'))).length === 0 ? true : undefined),
    'the row of Beta gone',
  );
  expect(await names(ext)).toEqual(['Alpha', 'Gamma']);
  expect((await accountsOf(ext)).find((x) => x.name === 'Alpha')?.isDefault).toBe(true);
});

test('accounts: two accounts, one write each: both land, once each, each with its own key', async ({
  ext,
  control,
}) => {
  const first = await control.newKey(USER_SCOPES);
  const second = await control.newKey(USER_SCOPES);
  const options = await ext.open('options.html');
  await addAccountInForm(options, control.baseUrl, first.key, 'First');
  await addAccountInForm(options, control.baseUrl, second.key, 'Second');
  const accounts = await accountsOf(ext);
  expect(accounts.map((account) => [account.name, account.isDefault])).toEqual([
    ['First', true],
    ['Second', false],
  ]);
  const stamp = uniqueTag();
  const [one, two] = accounts;
  await ext.call('enqueueWrite', { kind: 'post', body: `As First ${stamp}`, as: one?.id });
  await ext.call('enqueueWrite', { kind: 'post', body: `As Second ${stamp}`, as: two?.id });
  await expect
    .poll(() => published(control, first.key, first.account), { timeout: scaled(30_000) })
    .toContain(`As First ${stamp}`);
  await expect
    .poll(() => published(control, second.key, second.account), { timeout: scaled(30_000) })
    .toContain(`As Second ${stamp}`);
  // Each write went once, with its own account's key.
  expect((await control.writeLog(first.account)).filter((entry) => entry.path === '/v1/posts')).toHaveLength(1);
  expect((await control.writeLog(second.account)).filter((entry) => entry.path === '/v1/posts')).toHaveLength(1);
  expect(await options.content()).not.toContain(first.key);
});
