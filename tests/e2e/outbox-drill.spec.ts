import { startSandbox } from '../../sandbox/server';
import { expect, test } from './fixtures';
import { extensionIdOf, launchChromium, openExtensionPage, stopServiceWorker } from './support/chromium';
import { call, configure, listOutbox } from './support/extension-client';
import { earlySends, SandboxClient } from './support/sandbox-client';
import { scaled } from './support/time';

const SCOPES = ['posts:read', 'posts:write', 'reactions:write'];

// The core promise, in a real browser: every write lands exactly once, in order, never before the
// platform allows it, although the browser stops the worker and is itself restarted mid-queue.
test('Outbox drill: 30 writes at 5 per 5 s survive three worker stops and a browser restart', async ({
  context,
  userDataDir,
  extensionId,
}) => {
  test.setTimeout(scaled(480_000));
  const sandbox = await startSandbox();
  const control = new SandboxClient(sandbox.baseUrl);
  const { key, account } = await control.newKey(SCOPES);
  await control.setBudget(account, 5, 5);
  const postsLanded = async () => (await control.postsOf(key, account)).map((post) => post.body);
  const rateLimits = async () => (await control.writeLog(account)).filter((entry) => entry.status === 429).length;

  try {
    const page = await openExtensionPage(context, extensionId, 'options.html');
    await configure(page, sandbox.baseUrl, key);
    const bodies = Array.from({ length: 30 }, (_, i) => `Drill write ${i + 1} of 30: keyset pagination holds up.`);
    for (const body of bodies) await call(page, 'enqueueWrite', { kind: 'post', body });
    await page.close();

    // Stop the worker each time the platform has just said 429 (nothing is in flight then): only the
    // alarm can wake it to send the next write. No extension page is open to wake it otherwise.
    for (let stop = 1; stop <= 3; stop++) {
      await expect.poll(rateLimits, { timeout: scaled(30_000), intervals: [200] }).toBeGreaterThanOrEqual(stop);
      await stopServiceWorker(context, extensionId);
    }
    // At least 25 s of budget windows, and each stop may wait out a 30 s alarm: a generous limit.
    await expect
      .poll(async () => (await postsLanded()).length, { timeout: scaled(240_000), intervals: [1_000] })
      .toBe(30);
    expect(await postsLanded()).toEqual(bodies);

    // Ten more while the budget is spent, then close the browser with them still waiting.
    const later = Array.from({ length: 10 }, (_, i) => `After the restart ${i + 1} of 10.`);
    const again = await openExtensionPage(context, extensionId, 'options.html');
    for (const body of later) await call(again, 'enqueueWrite', { kind: 'post', body });
    const waiting = (await listOutbox(again)).filter((item) => item.state.status !== 'sent');
    expect(waiting.length).toBeGreaterThan(0);
    await context.close();

    const reopened = await launchChromium({ userDataDir });
    try {
      expect(await extensionIdOf(reopened.context)).toBe(extensionId);
      await expect
        .poll(async () => (await postsLanded()).length, { timeout: scaled(150_000), intervals: [1_000] })
        .toBe(40);
      expect(await postsLanded()).toEqual([...bodies, ...later]);
    } finally {
      await reopened.context.close();
    }

    const log = await control.writeLog(account);
    expect(earlySends(log)).toEqual([]);
    // At most one 429 per budget window: the Outbox waits instead of hammering.
    expect(log.filter((entry) => entry.status === 201)).toHaveLength(40);
    // How few 429s a drain meets depends on the machine's speed: `npm run bench -- outbox` measures it.
  } finally {
    await sandbox.close();
  }
});
