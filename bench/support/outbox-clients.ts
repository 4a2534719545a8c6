import ky from 'ky';
import { findLandedWith } from '@/entrypoints/background/find-landed';
import { writeSender } from '@/entrypoints/background/write-sender';
import { createApiClient } from '@/lib/api/client';
import { createReadWithRetry, MemoryOutboxStore, Outbox } from '@/lib/queue';
import type { WriteProbe } from './write-probe';
import { createWriteProbe } from './write-probe';

/** A fresh account of the sandbox and a key for it (its own write budget). */
export interface BenchAccount {
  accountId: string;
  key: string;
}

/** The three clients the Outbox benchmark sets side by side, each sending one burst of posts. */

/** What one client did, before the sandbox is asked what landed. */
export interface ClientRun {
  name: string;
  account: BenchAccount;
  bodies: string[];
  probe: WriteProbe;
  /** Wall-clock start, `Date.now()`. */
  startedEpoch: number;
  /** Seconds from the burst to the client's last answer; null when it did not finish before its deadline. */
  finishedS: number | null;
  /** Writes the client itself gave up on or could not finish (failed, uncertain, still pending). */
  failed: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The burst's distinct post bodies for one client. */
export function bodiesFor(client: string, writes: number): string[] {
  return Array.from(
    { length: writes },
    (_, i) => `Outbox bench (${client}) write ${i + 1} of ${writes}: does a burst respect the write budget?`,
  );
}

/**
 * Ours: the real Outbox (in memory) and API client, the sender as the background's, and a loop that
 * does what the background's Waker does: drain, then sleep until the `nextWakeAt` the drain returned.
 */
export async function runOurs(
  baseUrl: string,
  account: BenchAccount,
  bodies: string[],
  deadlineMs: number,
): Promise<ClientRun> {
  const probe = createWriteProbe();
  const client = createApiClient({
    baseUrl,
    getKey: async () => account.key,
    fetch: probe.fetch,
    isOnline: () => true,
  });
  const read = createReadWithRetry();
  const outbox = await Outbox.open({
    store: new MemoryOutboxStore(),
    sender: writeSender(async () => client),
    findLanded: findLandedWith(async () => ({ client, read })),
  });
  const queue = client.baseUrl; // the background's Outbox account: the API base URL
  const pending = () => outbox.list(queue).filter((i) => i.state.status === 'queued' || i.state.status === 'waiting');

  let timer: ReturnType<typeof setTimeout> | undefined;
  let enqueued = 0;
  let finish: (at: number) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<number>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const wake = async (): Promise<void> => {
    try {
      const { nextWakeAt } = await outbox.drain();
      clearTimeout(timer);
      timer = undefined;
      if (nextWakeAt === null) {
        if (enqueued === bodies.length && pending().length === 0) finish(performance.now());
        return;
      }
      timer = setTimeout(() => void wake(), Math.max(0, nextWakeAt - Date.now()));
    } catch (error) {
      fail(error);
    }
  };

  const startedEpoch = Date.now();
  const startedAt = performance.now();
  // The burst: 200 enqueue messages at once, each answered once durable, each followed by a wake-up.
  await Promise.all(
    bodies.map(async (body) => {
      await outbox.enqueue(queue, { kind: 'post', body });
      enqueued++;
      void wake();
    }),
  );
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const end = await Promise.race([
    finished,
    new Promise<null>((resolve) => {
      deadline = setTimeout(() => resolve(null), deadlineMs);
    }),
  ]);
  clearTimeout(deadline);
  clearTimeout(timer);
  const failed = outbox.list(queue).filter((i) => i.state.status !== 'sent').length;
  return {
    name: 'ours (Outbox + lib/api)',
    account,
    bodies,
    probe,
    startedEpoch,
    finishedS: end === null ? null : (end - startedAt) / 1000,
    failed,
  };
}

/** (a) A naive ky client: every write POSTed at once, ky's defaults (which never retry a POST). */
export async function runNaive(baseUrl: string, account: BenchAccount, bodies: string[]): Promise<ClientRun> {
  const probe = createWriteProbe();
  const api = ky.create({
    prefixUrl: baseUrl,
    headers: { Authorization: `Bearer ${account.key}` },
    fetch: probe.fetch,
  });
  const startedEpoch = Date.now();
  const startedAt = performance.now();
  const results = await Promise.allSettled(bodies.map((body) => api.post('v1/posts', { json: { body } }).json()));
  return {
    name: '(a) naive ky, all at once',
    account,
    bodies,
    probe,
    startedEpoch,
    finishedS: (performance.now() - startedAt) / 1000,
    failed: results.filter((r) => r.status === 'rejected').length,
  };
}

/**
 * (b) One write every second on a fixed tick, one at a time, Retry-After ignored: a write that got a
 * 429 is sent again at the next tick; any other failure is counted and the client moves on.
 */
export async function runFixed(
  baseUrl: string,
  account: BenchAccount,
  bodies: string[],
  spacingMs: number,
): Promise<ClientRun> {
  const probe = createWriteProbe();
  const api = ky.create({
    prefixUrl: baseUrl,
    headers: { Authorization: `Bearer ${account.key}` },
    fetch: probe.fetch,
    retry: 0,
    throwHttpErrors: false,
  });
  const startedEpoch = Date.now();
  const startedAt = performance.now();
  const maxTicks = bodies.length * 3 + 60;
  let next = 0;
  let failed = 0;
  let lastAnswer = startedAt;
  for (let tick = 0; next < bodies.length && tick < maxTicks; tick++) {
    await sleep(startedAt + tick * spacingMs - performance.now());
    let status = 0;
    try {
      const response = await api.post('v1/posts', { json: { body: bodies[next] } });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // network error: counted as failed below
    }
    lastAnswer = performance.now();
    if (status === 429) continue;
    if (status < 200 || status >= 300) failed++;
    next++;
  }
  return {
    name: `(b) fixed ${spacingMs / 1000} s spacing`,
    account,
    bodies,
    probe,
    startedEpoch,
    finishedS: next < bodies.length ? null : (lastAnswer - startedAt) / 1000,
    failed: failed + (bodies.length - next),
  };
}
