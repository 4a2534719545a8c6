import type { Page } from '@playwright/test';
import { startSandbox } from '../../sandbox/server';
import { expect, test } from './fixtures';
import { waitFor } from './support/closed-shadow';
import { call } from './support/extension-client';
import { SandboxClient } from './support/sandbox-client';

const LIMIT = 3;
const WINDOW_S = 10;
const RESERVE = 1;
const BURST = 6;

interface WriteLog {
  budget: { writes: number; windowSeconds: number };
  writes: { at: number; channel: 'api' | 'website'; kind: string | null }[];
}

interface AccountStatus {
  name: string;
  reserve: number;
  pacedUntil?: number | null;
  budget?: { source: string; limit?: number } | null;
}

async function demoAccount(page: Page): Promise<AccountStatus> {
  const { accounts } = await call<{ accounts: AccountStatus[] }>(page, 'getStatus');
  const found = accounts.find((account) => account.name === 'Demo');
  if (found === undefined) throw new Error('no Demo account');
  return found;
}

// The platform announces its budget (the sandbox's standard dialect sends the IETF RateLimit fields):
// with a reserve of R, the extension never takes the last R writes of any window, so the website,
// which shares the account's budget, can still write while the extension has a burst to send.
test('a reserve keeps the last writes of every window free for the website', async ({ extensionPage }) => {
  test.setTimeout(120_000);
  const platform = await startSandbox({ seed: true });
  try {
    const control = new SandboxClient(platform.baseUrl);
    await control.setBudget(platform.account, LIMIT, WINDOW_S);
    const options = await extensionPage('options.html');
    await options.getByRole('textbox', { name: 'Address of the new account' }).fill(platform.baseUrl);
    await options.getByRole('textbox', { name: 'Key of the new account' }).fill(platform.testKey);
    await options.getByRole('textbox', { name: 'Label (optional)' }).fill('Demo');
    await options.getByRole('button', { name: 'Add account' }).click();
    const row = options.getByRole('listitem', { name: 'Demo' });
    await expect(row).toContainText('Key works');
    const reserve = row.getByRole('spinbutton', { name: /Keep free for the website/ });
    await reserve.fill(String(RESERVE));
    await reserve.press('Tab');
    await expect.poll(async () => (await demoAccount(options)).reserve).toBe(RESERVE);

    const since = Date.now();
    for (let n = 0; n < BURST; n += 1) {
      await call(options, 'enqueueWrite', { kind: 'post', body: `Reserve burst ${n + 1} of ${BURST}, ${since}` });
    }
    // The first window's share went; the rest waits so that the website keeps its write.
    const paced = await waitFor(async () => {
      const account = await demoAccount(options);
      return account.pacedUntil ? account : undefined;
    }, 'pacing for the reserve');
    expect(paced.budget).toMatchObject({ source: 'announced', limit: LIMIT });
    await expect(row).toContainText(`Keeping ${RESERVE} free for the website`);

    // A write on the website, in that window: it is not refused.
    const website = await fetch(`${platform.baseUrl}/posts`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: platform.baseUrl },
      body: new URLSearchParams({ body: 'Written on the website while the extension paced itself.' }).toString(),
    });
    expect(website.status).toBeGreaterThanOrEqual(300);
    expect(website.status).toBeLessThan(400);

    await expect
      .poll(
        async () =>
          (await control.postsOf(platform.testKey, platform.account)).filter((post) => post.body.endsWith(`, ${since}`))
            .length,
        { timeout: 90_000 },
      )
      .toBe(BURST);

    const log = await control.control<WriteLog>('GET', `/accounts/${platform.account}/writes?since=${since - 1000}`);
    const ours = log.writes.filter((write) => write.channel === 'api');
    expect(ours).toHaveLength(BURST);
    expect(log.writes.filter((write) => write.channel === 'website')).toHaveLength(1);
    // Never more than LIMIT − RESERVE of ours in any window: the last RESERVE stayed free.
    for (const write of ours) {
      const inWindow = ours.filter((other) => other.at > write.at - WINDOW_S * 1000 && other.at <= write.at);
      expect(inWindow.length, `writes in the window ending at ${write.at}`).toBeLessThanOrEqual(LIMIT - RESERVE);
    }
    // And pacing, not refusals, did it: no write of the extension was answered 429.
    const refused = (await control.writeLog(platform.account)).filter((entry) => entry.status === 429);
    expect(refused).toEqual([]);
  } finally {
    await platform.close();
  }
});
