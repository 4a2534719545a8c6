import type { Page } from '@playwright/test';
import { startSandbox } from '../../sandbox/server';
import { expect, test } from './fixtures';
import { SidePanelPage } from './pages/sidepanel-page';
import { barMarkup, domSession, findBars, realClick, waitFor } from './support/closed-shadow';
import { call, listOutbox } from './support/extension-client';
import { waitForRegistration } from './support/link-bars';
import { USER_SCOPES } from './support/new-account';
import { earlySends, SandboxClient } from './support/sandbox-client';

interface AccountRow {
  id: string;
  name: string;
  isDefault: boolean;
  pending: number;
  pause: { rateLimitedUntil: number | null; disabled: unknown };
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function accounts(page: Page): Promise<AccountRow[]> {
  return (await call<{ accounts: AccountRow[] }>(page, 'getStatus')).accounts;
}

async function accountNamed(page: Page, name: string): Promise<AccountRow> {
  const found = (await accounts(page)).find((account) => account.name === name);
  if (found === undefined) throw new Error(`No account ${name}`);
  return found;
}

/** Adds an account in the options page's form, as a user does. */
async function addAccount(options: Page, baseUrl: string, key: string, label: string): Promise<void> {
  await options.getByRole('textbox', { name: 'Address of the new account' }).fill(baseUrl);
  await options.getByRole('textbox', { name: 'Key of the new account' }).fill(key);
  await options.getByRole('textbox', { name: 'Label (optional)' }).fill(label);
  await options.getByRole('button', { name: 'Add account' }).click();
  await expect(options.getByText(`Added ${label}.`)).toBeVisible();
}

/** The bodies of the posts an account published on a sandbox. */
async function published(client: SandboxClient, key: string, account: string): Promise<string[]> {
  return (await client.postsOf(key, account)).map((post) => post.body);
}

test('several accounts: each its key and budget, who speaks is chosen, the bar reacts as the default', async ({
  context,
  sandbox,
  extensionPage,
}) => {
  test.setTimeout(180_000);
  const one = new SandboxClient(sandbox.baseUrl);
  const platform2 = await startSandbox({ seed: true });
  try {
    const two = new SandboxClient(platform2.baseUrl);
    const a = await one.newKey(USER_SCOPES);
    const b = await one.newKey(USER_SCOPES);
    const c = await two.newKey(USER_SCOPES);
    // A may write twice a minute: its third write must wait; B's budget is its own.
    await one.setBudget(a.account, 2, 60);

    const options = await extensionPage('options.html');
    await addAccount(options, sandbox.baseUrl, a.key, 'Alpha');
    await addAccount(options, sandbox.baseUrl, b.key, 'Beta');
    await addAccount(options, platform2.baseUrl, c.key, 'Gamma');
    const rowOf = (name: string) => options.getByRole('listitem', { name });
    await expect(rowOf('Alpha')).toContainText('Default');
    for (const name of ['Alpha', 'Beta', 'Gamma']) await expect(rowOf(name)).toContainText('Key works');
    const [alpha, beta, gamma] = await Promise.all(['Alpha', 'Beta', 'Gamma'].map((n) => accountNamed(options, n)));
    if (alpha === undefined || beta === undefined || gamma === undefined) throw new Error('accounts');
    expect(options.url()).toContain('options.html');
    expect(await options.content()).not.toContain(a.key);

    // The panel says who speaks and lets the user switch: a post as Beta lands as Beta.
    const panel = new SidePanelPage(await extensionPage('sidepanel.html'));
    const chooser = panel.page.getByRole('combobox', { name: 'Posting as' });
    await expect(chooser).toHaveValue(alpha.id);
    await chooser.selectOption(beta.id);
    const asBeta = unique('Posted as Beta');
    await panel.newPost.fill(asBeta);
    await panel.postButton.click();
    await expect.poll(() => published(one, b.key, b.account)).toContain(asBeta);

    // A's budget runs out: A waits with its countdown while B's writes land at once.
    for (let n = 0; n < 4; n += 1) {
      await call(options, 'enqueueWrite', { kind: 'post', body: unique(`Alpha ${n}`), as: alpha.id });
    }
    const paused = await waitFor(async () => {
      const now = await accountNamed(options, 'Alpha');
      return now.pause.rateLimitedUntil !== null ? now : undefined;
    }, 'Alpha rate-limited');
    const betaBodies = [unique('Beta one'), unique('Beta two')];
    for (const body of betaBodies) await call(options, 'enqueueWrite', { kind: 'post', body, as: beta.id });
    await expect
      .poll(async () => (await published(one, b.key, b.account)).filter((x) => betaBodies.includes(x)))
      .toHaveLength(2);
    // Still before A's time: B did not wait for A.
    expect(Date.now()).toBeLessThan(paused.pause.rateLimitedUntil ?? 0);
    expect((await accountNamed(options, 'Alpha')).pending).toBe(2);
    await expect(rowOf('Alpha')).toContainText(/Writes wait for the rate limit: \d:\d\d/);
    expect(earlySends(await one.writeLog(a.account))).toEqual([]);

    // Another platform: a write as Gamma goes there, with Gamma's key, and nowhere else.
    const asGamma = unique('Posted as Gamma');
    await call(options, 'enqueueWrite', { kind: 'post', body: asGamma, as: gamma.id });
    await expect.poll(() => published(two, c.key, c.account)).toContain(asGamma);
    expect((await one.writeLog(c.account)).length).toBe(0);

    // The inline bar reacts as the default account and says so; switching the default switches it.
    await waitForRegistration(context, ['http://127.0.0.1/*']);
    const [first, second] = (
      await one.control<{ ids: string[] }>('POST', '/posts', {
        posts: [{ body: unique('Bar target one') }, { body: unique('Bar target two') }],
      })
    ).ids;
    const site = await context.newPage();
    const cdp = await domSession(site);
    const reactOn = async (postId: string | undefined, speaker: string) => {
      await site.goto(`${sandbox.baseUrl}/posts/${postId}`);
      const bar = await waitFor(async () => (await findBars(cdp))[0], 'the bar');
      expect(await barMarkup(cdp, bar.hostNodeId)).toContain(`reacting as ${speaker}`);
      const button = bar.buttons.find((found) => found.label === 'Well sourced');
      if (button === undefined) throw new Error('no reaction button');
      await realClick(site, cdp, button.nodeId);
      return waitFor(async () => {
        const items = await listOutbox(options);
        return items.find((item) => item.request.kind === 'reaction' && item.request.postId === postId);
      }, `the reaction on ${postId}`);
    };
    const asAlpha = await reactOn(first, 'Alpha');
    expect(asAlpha.account).toBe(alpha.id);
    await rowOf('Beta').getByRole('button', { name: 'Make default' }).click();
    await expect(rowOf('Beta')).toContainText('Default');
    const asBetaReaction = await reactOn(second, 'Beta');
    expect(asBetaReaction.account).toBe(beta.id);
    await expect
      .poll(async () => (await one.writeLog(b.account)).some((entry) => entry.path.includes(`${second}/reactions`)))
      .toBe(true);

    // Removing Beta while one of its writes waits asks first; discarding removes both.
    await one.disableKey(b.key, 'Held for the test');
    await call(options, 'enqueueWrite', { kind: 'post', body: unique('Beta waits'), as: beta.id });
    await waitFor(async () => ((await accountNamed(options, 'Beta')).pause.disabled ? true : undefined), 'Beta paused');
    await rowOf('Beta').getByRole('button', { name: 'Remove Beta' }).click();
    await expect(rowOf('Beta')).toContainText('1 write of this account is not sent yet');
    expect((await accounts(options)).map((x) => x.name)).toContain('Beta');
    await rowOf('Beta').getByRole('button', { name: 'Discard them and remove' }).click();
    await expect(rowOf('Beta')).toHaveCount(0);
    expect((await accounts(options)).map((x) => x.name)).toEqual(['Alpha', 'Gamma']);
    expect((await accounts(options)).find((x) => x.name === 'Alpha')?.isDefault).toBe(true);
  } finally {
    await platform2.close();
  }
});
