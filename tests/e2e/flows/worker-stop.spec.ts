import type { WorkerStopper } from '../driver/chromium-worker';
import { listOutbox, newAccount } from '../driver/extension';
import { expect, test } from '../driver/test';
import { lastRefusal, quietFor, workerStopper } from '../driver/worker-drill';
import { earlySends } from '../support/sandbox-client';
import { scaled } from '../support/time';

// Stopping the background as the browser does when idle: Chromium's MV3 service worker only.
test.skip(({ engine }) => engine === 'firefox', 'Firefox runs the background as a persistent page: it never stops');

// The drill relies on stopping the worker for real; this shows the stop happens and that a
// message starts it again with its state intact (nothing that matters lives only in memory).
test('a stopped service worker starts again on the next message, with its settings and key', async ({
  ext,
  control,
}) => {
  await newAccount(ext, control);
  await ext.stopBackground();
  const status = await ext.call<{ baseUrl: string; key: { set: boolean } }>('getStatus');
  expect(status.baseUrl).toBe(control.baseUrl);
  expect(status.key.set).toBe(true);
  const page1 = await ext.call<{ items: unknown[] }>('getTimelinePage', { limit: 3 });
  expect(page1.items).toHaveLength(3);
});

const WRITES = 50;
const STOPS = 10;
/** Stops made right after the platform answered 429, at a random 0–50 ms after the worker heard it. */
const STOPS_AFTER_429 = 4;
/** The budget: 6 writes per 2 s, so 50 writes meet a 429 in about eight windows, some 16 s of drain. */
const PER_WINDOW = 6;
const WINDOW_S = 2;
/** A random stop is made only when the queue will send nothing for at least this long. */
const QUIET_MS = 250;

interface Stop {
  kind: 'after429' | 'random';
  /** Milliseconds from the 429's answer leaving the sandbox to the stop command (after429 only). */
  afterLogMs?: number;
  /** Milliseconds from the worker having stored that 429 to the stop command (after429 only). */
  afterHeardMs?: number;
  /** Milliseconds the 429's wait still had to run at the stop command (after429 only). */
  pauseLeftMs?: number;
}

// The spec's one hard rule under the worst timing: the worker is stopped ten times while 50 writes
// drain against a small budget, four of them within 50 ms of a 429, and only its alarms wake it
// again (no extension page talks to it). Judged on the sandbox's request log.
test('Outbox stop drill: 50 writes, ten worker stops (four just after a 429), woken only by alarms', async ({
  ext,
  control,
  sandbox,
}) => {
  test.setTimeout(scaled(300_000));
  const { key, account } = await newAccount(ext, control);
  await control.setSilentBudget(account, PER_WINDOW, WINDOW_S);
  const bodies = Array.from({ length: WRITES }, (_, i) => `Stop drill ${i + 1} of ${WRITES}: cursors stay opaque.`);

  const stops: Stop[] = [];
  let stopping: Promise<void> | null = null;
  let after429Left = STOPS_AFTER_429;
  let stopper: WorkerStopper | undefined;
  /** Stops the worker unless a stop is under way; true when this stop was made. */
  const stopNow = (stop: Stop): boolean => {
    if (stopper === undefined || stopping !== null || stops.length >= STOPS) return false;
    stops.push(stop);
    stopping = stopper.stop(scaled(10_000)).finally(() => {
      stopping = null;
    });
    return true;
  };
  let lastHeard = 0;
  /**
   * A stop 0–50 ms after the 429, once the worker has heard it (its refusal is in its IndexedDB;
   * read without waking it). A stop before the answer reaches the worker is a lost answer, not a
   * refusal the extension could know: that path is the fallback wait's (unit property test).
   */
  const stopAfterHeard = async (seen: number): Promise<boolean> => {
    // DRILL_RAW=1 (by hand, not in npm test): stop the moment the answer left, heard or not, to
    // measure how often a stop beats the answer to the worker.
    if (process.env.DRILL_RAW === '1') return stopNow({ kind: 'after429', afterLogMs: Date.now() - seen });
    const delay = Math.floor(Math.random() * 51);
    const deadline = Date.now() + scaled(5_000);
    let heard = { at: lastHeard, until: 0 };
    while (heard.at <= lastHeard && Date.now() < deadline && stopper !== undefined) {
      heard = await lastRefusal(stopper.page);
      if (heard.at <= lastHeard) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (heard.at <= lastHeard) return false;
    lastHeard = heard.at;
    const heardAt = Date.now();
    const wait = seen + delay - heardAt;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const now = Date.now();
    return stopNow({
      kind: 'after429',
      afterLogMs: now - seen,
      afterHeardMs: now - heardAt,
      pauseLeftMs: heard.until - now,
    });
  };
  const unsubscribe = sandbox.onRequest((entry) => {
    if (entry.account !== account || entry.status !== 429 || after429Left === 0 || stopping !== null) return;
    after429Left -= 1;
    void stopAfterHeard(Date.now()).then((made) => {
      if (!made) after429Left += 1;
    });
  });

  try {
    for (const body of bodies) await ext.call('enqueueWrite', { kind: 'post', body });
    // From here no extension page sends the worker a message (the driver's probe and the stopper's
    // tab are `manifest.json`: no script); only its timers and alarms run it.
    stopper = await workerStopper(ext);

    const landed = async () => (await control.postsOf(key, account)).length;
    // The rest of the stops at random moments (0.3–1.5 s apart) while the queue drains.
    for (let made = 0; made < STOPS - STOPS_AFTER_429 && (await landed()) < WRITES; ) {
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1_200));
      // Not while a write is in flight or about to leave: a stop there loses its answer (a lost
      // answer, by design "uncertain" when not found: the unit property test's subject), not a
      // refusal the drill judges. So only while the queue waits (a 429's time, or paced) for at
      // least QUIET_MS more: the read and the stop take a few ms of it.
      if (stopper !== undefined && !(await quietFor(stopper.page, scaled(QUIET_MS)))) continue;
      if (stopNow({ kind: 'random' })) made += 1;
      await stopping;
    }
    try {
      await expect.poll(landed, { timeout: scaled(120_000), intervals: [500] }).toBe(WRITES);
    } catch (error) {
      // Say which writes did not land and why (this message wakes the worker: the drill is over).
      const stuck = (await listOutbox(ext)).filter((item) => item.state.status !== 'sent');
      console.log('stop drill: stops', JSON.stringify(stops), 'not sent:', JSON.stringify(stuck));
      throw error;
    }

    const log = await control.writeLog(account);
    // 50/50 once, in order; never a send before any Retry-After.
    expect((await control.postsOf(key, account)).map((post) => post.body)).toEqual(bodies);
    expect(log.filter((entry) => entry.status === 201)).toHaveLength(WRITES);
    expect(earlySends(log)).toEqual([]);
    const after429 = stops.filter((stop) => stop.kind === 'after429');
    console.log(
      `stop drill: ${stops.length} stops, ${after429.length} of them after a 429 (ms after its answer left / after the worker stored it / of its wait left: ${after429.map((s) => `${s.afterLogMs}/${s.afterHeardMs}/${s.pauseLeftMs}`).join(', ')}); ${log.filter((e) => e.status === 429).length} answers 429`,
    );
    expect(stops).toHaveLength(STOPS);
    expect(after429.length).toBeGreaterThanOrEqual(3);
    // Each fell in the wait that 429 began (aimed at 0–50 ms after the worker heard it; a busy
    // machine's timers may slip, which is no fault of the extension: the wait is what matters).
    if (process.env.DRILL_RAW !== '1') for (const stop of after429) expect(stop.pauseLeftMs).toBeGreaterThan(0);

    // Nothing left uncertain or failed: every write the platform refused went back to the queue.
    const ours = new Set(bodies);
    const items = (await listOutbox(ext)).filter((item) => ours.has(item.request.body ?? ''));
    expect(items.map((item) => item.state.status)).toEqual(Array(WRITES).fill('sent'));
  } finally {
    unsubscribe();
    await stopper?.close();
  }
});
