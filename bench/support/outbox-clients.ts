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

/** One account of the shared Outbox: its name there, its sandbox account and key, and its burst. */
export interface OutboxLane {
  /** The Outbox's account string (the background uses an account id). */
  queue: string;
  account: BenchAccount;
  bodies: string[];
  /** The row's name in the tables. */
  name: string;
}

/**
 * Ours: one real Outbox (in memory) shared by every lane, each lane with its own API client (its key,
 * its own probed fetch), the sender and `findLanded` as the background's, and a loop that does what
 * the background's Waker does: drain, then sleep until the `nextWakeAt` the drain returned. The
 * lanes' bursts are enqueued at once, interleaved. A lane finishes when the Outbox durably records
 * its last write done (its last accepted answer); the run ends when every lane has or at the deadline.
 */
export async function runOutbox(baseUrl: string, lanes: OutboxLane[], deadlineMs: number): Promise<ClientRun[]> {
  const apis = new Map(
    lanes.map((lane) => {
      const probe = createWriteProbe();
      const client = createApiClient({
        baseUrl,
        getKey: async () => lane.account.key,
        fetch: probe.fetch,
        isOnline: () => true,
      });
      return [lane.queue, { probe, client, read: createReadWithRetry() }] as const;
    }),
  );
  const apiFor = async (queue: string) => {
    const api = apis.get(queue);
    if (api === undefined) throw new Error(`No bench lane for the Outbox account ${queue}.`);
    return api;
  };
  const outbox = await Outbox.open({
    store: new MemoryOutboxStore(),
    sender: writeSender(async (queue) => (await apiFor(queue)).client),
    findLanded: findLandedWith(apiFor),
  });
  const total = lanes.reduce((n, lane) => n + lane.bodies.length, 0);
  const enqueued = new Map(lanes.map((lane) => [lane.queue, 0]));
  const finishedAt = new Map<string, number>();
  const unfinished = (queue: string) =>
    outbox.list(queue).some((i) => ['queued', 'waiting', 'sending'].includes(i.state.status));

  let timer: ReturnType<typeof setTimeout> | undefined;
  let allDone: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    allDone = resolve;
    fail = reject;
  });
  // Checked after every durable change, and after each enqueue and drain (a lane's last write
  // could go before its last enqueue answered).
  const check = () => {
    const now = performance.now();
    for (const lane of lanes) {
      if (finishedAt.has(lane.queue) || enqueued.get(lane.queue) !== lane.bodies.length) continue;
      if (!unfinished(lane.queue)) finishedAt.set(lane.queue, now);
    }
    if (finishedAt.size === lanes.length) allDone();
  };
  const unsubscribe = outbox.subscribe(check);
  const wake = async (): Promise<void> => {
    try {
      const { nextWakeAt } = await outbox.drain();
      check();
      clearTimeout(timer);
      timer = nextWakeAt === null ? undefined : setTimeout(() => void wake(), Math.max(0, nextWakeAt - Date.now()));
    } catch (error) {
      fail(error);
    }
  };

  // The bursts, interleaved: every enqueue message at once, each answered once durable, each
  // followed by a wake-up.
  const burst = Array.from({ length: Math.max(...lanes.map((lane) => lane.bodies.length)) }, (_, i) =>
    lanes.flatMap((lane) => (i < lane.bodies.length ? [{ queue: lane.queue, body: lane.bodies[i] ?? '' }] : [])),
  ).flat();
  if (burst.length !== total) throw new Error('The interleaved burst lost a write.');
  const startedEpoch = Date.now();
  const startedAt = performance.now();
  await Promise.all(
    burst.map(async ({ queue, body }) => {
      await outbox.enqueue(queue, { kind: 'post', body });
      enqueued.set(queue, (enqueued.get(queue) ?? 0) + 1);
      check();
      void wake();
    }),
  );
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<void>((resolve) => {
    deadline = setTimeout(resolve, deadlineMs);
  });
  await Promise.race([done, timedOut]);
  clearTimeout(deadline);
  clearTimeout(timer);
  unsubscribe();
  return lanes.map((lane) => {
    const end = finishedAt.get(lane.queue);
    return {
      name: lane.name,
      account: lane.account,
      bodies: lane.bodies,
      probe: apis.get(lane.queue)?.probe ?? createWriteProbe(),
      startedEpoch,
      finishedS: end === undefined ? null : (end - startedAt) / 1000,
      failed: outbox.list(lane.queue).filter((i) => i.state.status !== 'sent').length,
    };
  });
}

/** Ours on one account: {@link runOutbox} with a single lane. */
export async function runOurs(
  baseUrl: string,
  account: BenchAccount,
  bodies: string[],
  deadlineMs: number,
  name = 'ours (Outbox + lib/api)',
): Promise<ClientRun> {
  const [run] = await runOutbox(baseUrl, [{ queue: 'acct-bench-ours', account, bodies, name }], deadlineMs);
  if (run === undefined) throw new Error('The Outbox run returned no lane.');
  return run;
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
