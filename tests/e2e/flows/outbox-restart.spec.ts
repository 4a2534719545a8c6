import { listOutbox, newAccount } from '../driver/extension';
import { expect, test } from '../driver/test';
import { until } from '../driver/ui';
import { lastStoredRefusal, workerStopper } from '../driver/worker-drill';
import { earlySends } from '../support/sandbox-client';
import { scaled } from '../support/time';

// The core promise, in a real browser: every write lands exactly once, in order, never before the
// platform allows it, although the browser stops the worker and is itself restarted mid-queue.

/** The budget: 5 writes per window; the window as short as still leaves a restart inside a wait. */
const PER_WINDOW = 5;
const WINDOW_S = 3;
/** What a 429's wait must still have left when the browser closes: no send may start mid-close. */
const CLOSE_MARGIN_MS = 1_500;

test(`Outbox drill: 30 writes at ${PER_WINDOW} per ${WINDOW_S} s survive three worker stops (Chromium's worker) and a browser restart`, async ({
  ext,
  control,
}) => {
  test.setTimeout(scaled(300_000));
  const { key, account } = await newAccount(ext, control);
  await control.setSilentBudget(account, PER_WINDOW, WINDOW_S);
  const postsLanded = async () => (await control.postsOf(key, account)).map((post) => post.body);
  const landedCount = async () => (await postsLanded()).length;

  const bodies = Array.from({ length: 30 }, (_, i) => `Drill write ${i + 1} of 30: keyset pagination holds up.`);
  for (const body of bodies) await ext.call('enqueueWrite', { kind: 'post', body });

  if (ext.engine === 'chromium') {
    // Stop the worker each time it has just heard a 429 (stored it; nothing is in flight then): only
    // the alarm can wake it to send the next write. No extension page talks to it meanwhile (the
    // stopper's tab and the driver's probe are `manifest.json`: no script).
    const stopper = await workerStopper(ext);
    try {
      let heard = 0;
      for (let stop = 1; stop <= 3; stop++) {
        heard = await until(
          async () => {
            const at = await lastStoredRefusal(stopper.page);
            return at > heard ? at : undefined;
          },
          `429 number ${stop} heard by the worker`,
          scaled(30_000),
        );
        await stopper.stop(scaled(10_000));
      }
    } finally {
      await stopper.close();
    }
  }
  // Firefox: no stops. Its MV2 background is a persistent page that never stops (`stopBackground`
  // throws there); the restart below is what both browsers go through.

  // At least 5 windows of waits, and every stop waits for its alarm: a generous limit.
  await expect.poll(landedCount, { timeout: scaled(120_000), intervals: [500] }).toBe(30);
  expect(await postsLanded()).toEqual(bodies);

  // Ten more while the budget is spent; the browser closes while they wait on a 429.
  const later = Array.from({ length: 10 }, (_, i) => `After the restart ${i + 1} of 10.`);
  for (const body of later) await ext.call('enqueueWrite', { kind: 'post', body });
  const ours = new Set([...bodies, ...later]);
  const waiting = await until(
    async () => {
      const items = (await listOutbox(ext)).filter((item) => ours.has(item.request.body ?? ''));
      const now = Date.now();
      if (items.some((item) => item.state.status === 'sending')) return undefined;
      const held = items.filter(
        (item) => item.state.status === 'waiting' && (item.state.until ?? 0) - now > CLOSE_MARGIN_MS,
      );
      return held.length > 0 ? items.filter((item) => item.state.status !== 'sent') : undefined;
    },
    'a later write waiting on a 429, with time left to close the browser',
    scaled(30_000),
  );
  expect(waiting.length).toBeGreaterThan(0);
  const landedBeforeRestart = await landedCount();
  expect(landedBeforeRestart).toBeLessThan(40);

  await ext.restart();
  await expect.poll(landedCount, { timeout: scaled(60_000), intervals: [500] }).toBe(40);
  expect(await postsLanded()).toEqual([...bodies, ...later]);

  const log = await control.writeLog(account);
  // Never a send before the platform allowed it, and each write once: 40 answers 201, no more.
  expect(earlySends(log)).toEqual([]);
  expect(log.filter((entry) => entry.status === 201)).toHaveLength(40);
  expect(log.filter((entry) => entry.status === 429).length).toBeGreaterThan(0);
  // Nothing left uncertain or failed after the restart: the Outbox holds every one of them as sent.
  const items = (await listOutbox(ext)).filter((item) => ours.has(item.request.body ?? ''));
  expect(items.map((item) => item.state.status)).toEqual(Array(40).fill('sent'));
  // How few 429s a drain meets depends on the machine's speed: `npm run bench -- outbox` measures it.
});
