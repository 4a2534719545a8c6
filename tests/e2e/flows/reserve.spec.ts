import { startSandbox } from '../../../sandbox/server';
import { accountNamed, accountRow, addAccountInForm, removeEveryAccount } from '../driver/accounts';
import { expect, test } from '../driver/test';
import { fill, press, role, until, waitForText } from '../driver/ui';
import { SandboxClient } from '../support/sandbox-client';
import { scaled } from '../support/time';

const LIMIT = 3;
/** As short as lets a test see the pacing between two windows (the row's line, the website's write). */
const WINDOW_S = 6;
const RESERVE = 1;
const BURST = 6;

interface WriteLog {
  budget: { writes: number; windowSeconds: number };
  writes: { at: number; channel: 'api' | 'website'; kind: string | null }[];
}

// The platform announces its budget (the sandbox's standard dialect sends the IETF RateLimit fields):
// with a reserve of R, the extension never takes the last R writes of any window, so the website,
// which shares the account's budget, can still write while the extension has a burst to send.
test('a reserve keeps the last writes of every window free for the website', async ({ ext }) => {
  test.setTimeout(scaled(120_000));
  // A platform of the test's own: the website is signed in as its demo account, whose budget this sets.
  const platform = await startSandbox({ seed: true });
  try {
    const control = new SandboxClient(platform.baseUrl);
    await control.setBudget(platform.account, LIMIT, WINDOW_S);
    await removeEveryAccount(ext);
    const options = await ext.open('options.html');
    await addAccountInForm(options, platform.baseUrl, platform.testKey, 'Demo');
    const row = accountRow('Demo');
    await waitForText(options, 'Key works', { selector: row });
    const reserve = `${row} ${role('spinbutton', /Keep free for the website/)}`;
    await fill(options, reserve, String(RESERVE));
    await press(options, 'Tab');
    await expect.poll(async () => (await accountNamed(ext, 'Demo')).reserve).toBe(RESERVE);

    const since = Date.now();
    for (let n = 0; n < BURST; n += 1) {
      await ext.call('enqueueWrite', { kind: 'post', body: `Reserve burst ${n + 1} of ${BURST}, ${since}` });
    }
    // The first window's share went; the rest waits so that the website keeps its write.
    const paced = await until(async () => {
      const account = await accountNamed(ext, 'Demo');
      return account.pacedUntil ? account : undefined;
    }, 'pacing for the reserve');
    expect(paced.budget).toMatchObject({ source: 'announced', limit: LIMIT });
    await waitForText(options, `Keeping ${RESERVE} free for the website`, { selector: row });

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
        { timeout: scaled(60_000) },
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
    // Its account goes with the platform: nothing of it is left to the next test of the browser.
    await removeEveryAccount(ext).catch(() => undefined);
    await platform.close();
  }
});
