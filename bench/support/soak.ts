import { findLandedWith } from '@/entrypoints/background/find-landed';
import { writeSender } from '@/entrypoints/background/write-sender';
import { createApiClient } from '@/lib/api/client';
import { createReadWithRetry, MemoryOutboxStore, Outbox } from '@/lib/queue';
import type { OutboxItem, SendResult, WriteSender } from '@/lib/queue/types';
import { earlySends, type SandboxClient, type WriteLogEntry } from '../../tests/e2e/support/sandbox-client';
import { seededRandom } from '../../tests/support/seeded-random';
import { fencedStore, Generation, never } from '../../tests/support/worker-life';
import type { SoakOptions, SoakResult } from './soak-figures';

export type { SoakOptions, SoakResult };

/**
 * A week of use, compressed: the real Outbox (the background's sender and `findLanded`, an API
 * client per account) against a real sandbox, on a clock both share that jumps to the next thing
 * due (the sandbox's `/__sandbox/clock` moves with it), through simulated days of writes by three
 * accounts, with worker stops (the Outbox opened again from its store, sends in flight cut off),
 * browser restarts, offline spells, 429 and 503 storms, and a key disabled then enabled again.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const heapMb = () => Math.round((process.memoryUsage().heapUsed / 1_048_576) * 10) / 10;

export async function soak(baseUrl: string, control: SandboxClient, options: SoakOptions): Promise<SoakResult> {
  const started = performance.now();
  const rand = seededRandom(options.seed);
  const heapStart = heapMb();
  // The shared clock: the soak's and the sandbox's move forward together.
  let offset = 0;
  const now = () => Date.now() + offset;
  const advance = async (ms: number) => {
    if (ms <= 0) return;
    await control.control('POST', '/clock', { advanceMs: Math.ceil(ms) });
    offset += Math.ceil(ms);
  };

  const accounts = await Promise.all(
    ['a', 'b', 'c'].map(async (name, index) => {
      const { key, account } = await control.newKey(['posts:read', 'posts:write', 'reactions:write']);
      // Budgets unlike each other: 30, 20 and 10 writes an hour.
      await control.setBudget(account, 30 - index * 10, 3600);
      return { name, key, account, queue: `acct-soak-${name}` };
    }),
  );
  let offline = false;
  const apis = new Map(
    accounts.map((entry) => {
      const client = createApiClient({
        baseUrl,
        getKey: async () => entry.key,
        now,
        isOnline: () => !offline,
        fetch: (input, init) =>
          offline ? Promise.reject(new TypeError('Failed to fetch (offline)')) : globalThis.fetch(input, init),
      });
      return [entry.queue, { client, read: createReadWithRetry() }] as const;
    }),
  );
  const apiFor = async (queue: string) => {
    const api = apis.get(queue);
    if (api === undefined) throw new Error(`No soak account ${queue}`);
    return api;
  };

  // A worker life (tests/support/worker-life.ts): once it is stopped (its process gone) it sends
  // nothing more, hears no answer and writes nothing to the store, though a request already on its
  // way may reach the platform.
  const realSend = writeSender(async (queue) => (await apiFor(queue)).client);
  const store = new MemoryOutboxStore();
  let life = new Generation();
  const open = async (): Promise<Outbox> => {
    life.dead = true;
    const gen = new Generation();
    life = gen;
    const sender: WriteSender = (item, hooks) =>
      gen.dead
        ? never()
        : realSend(item, hooks).then(
            (result: SendResult) => (gen.dead ? never() : result),
            (error: unknown) => (gen.dead ? never() : Promise.reject(error)),
          );
    const outbox = await Outbox.open({
      store: fencedStore(store, gen),
      sender,
      findLanded: findLandedWith(apiFor),
      clock: now,
      random: rand,
    });
    await outbox.recoverInterrupted();
    return outbox;
  };
  let outbox = await open();
  let stopInDrain = false;

  const events: Record<string, number> = {};
  const count = (name: string) => {
    events[name] = (events[name] ?? 0) + 1;
  };
  const bodies = new Map<string, string>();
  const log = new Map<string, WriteLogEntry>();
  const collectLog = async () => {
    const { requests } = await control.control<{ requests: WriteLogEntry[] }>('GET', '/requests');
    for (const entry of requests) {
      if (entry.method !== 'POST' || entry.account === null) continue;
      log.set(`${entry.at}|${entry.path}|${entry.account}|${entry.durationMs}|${entry.status}`, entry);
    }
  };

  // The week's schedule: writes at random times, and the trouble.
  const start = now();
  const end = start + options.days * DAY;
  type Planned = { at: number; run: () => Promise<void> };
  const plan: Planned[] = [];
  for (let i = 0; i < options.writes; i += 1) {
    const at = start + rand() * (end - start - HOUR);
    plan.push({
      at,
      run: async () => {
        const who = accounts[Math.floor(rand() * accounts.length)] ?? accounts[0];
        if (who === undefined) return;
        const body = `Soak write ${i + 1} by ${who.name}, seed ${options.seed}`;
        bodies.set(body, who.account);
        await outbox.enqueue(who.queue, { kind: 'post', body });
      },
    });
  }
  for (let day = 0; day < options.days; day += 1) {
    const at = (hours: number) => start + day * DAY + hours * HOUR;
    const stops = 3 + Math.floor(rand() * 4);
    for (let s = 0; s < stops; s += 1) {
      plan.push({
        at: at(rand() * 24),
        run: async () => {
          // Half of the stops fall in the middle of the next drain, with a write on its way.
          if (rand() < 0.5) stopInDrain = true;
          else {
            count(rand() < 0.3 ? 'browser restarts' : 'worker stops');
            outbox = await open();
          }
        },
      });
    }
    const offAt = at(rand() * 22);
    plan.push({
      at: offAt,
      run: async () => {
        offline = true;
        count('offline spells');
      },
    });
    plan.push({
      at: offAt + (5 + rand() * 40) * 60_000,
      run: async () => {
        offline = false;
        // The browser's "online" event: writes held for the network go now.
        await outbox.resumeOnline();
      },
    });
    plan.push({
      at: at(rand() * 23),
      run: async () => {
        count('503 storms');
        await control.control('POST', '/faults', { status: 503, retryAfterSeconds: 30, count: 15, method: 'POST' });
      },
    });
    if (day === 1 || day === Math.floor(options.days / 2)) {
      const who = accounts[day % accounts.length];
      const disableAt = at(6 + rand() * 10);
      if (who !== undefined) {
        plan.push({
          at: disableAt,
          run: async () => {
            count('keys disabled and enabled');
            await control.disableKey(who.key, 'Paused by the soak');
          },
        });
        plan.push({ at: disableAt + 2 * HOUR, run: async () => void (await control.enableKey(who.key)) });
      }
    }
    // The day's end: history pruned to the user's bounds, as the background does; the log collected.
    plan.push({
      at: at(24) - 1,
      run: async () => {
        await outbox.pruneSent({ keep: options.keepSent, maxAgeMs: options.keepSentDays * DAY });
        await collectLog();
        const items = outbox.list();
        options.onDay?.(day + 1, {
          pending: items.filter((item) => ['queued', 'waiting', 'sending'].includes(item.state.status)).length,
          stored: items.length,
        });
      },
    });
  }
  plan.sort((a, b) => a.at - b.at);

  // The loop: whatever is due runs, the Outbox drains, then the clock jumps to the next thing due.
  const pendingCount = () =>
    outbox.list().filter((item) => ['queued', 'waiting', 'sending'].includes(item.state.status)).length;
  let next = 0;
  for (let guard = 0; guard < 1_000_000; guard += 1) {
    while (next < plan.length && (plan[next]?.at ?? Infinity) <= now()) {
      await plan[next]?.run();
      next += 1;
    }
    if (stopInDrain && pendingCount() > 0) {
      stopInDrain = false;
      count('stops in the middle of a send');
      void outbox.drain();
      await new Promise((resolve) => setTimeout(resolve, rand() * 15));
      outbox = await open();
    }
    const { nextWakeAt } = await outbox.drain();
    if (next >= plan.length && pendingCount() === 0) break;
    const due = Math.min(nextWakeAt ?? Infinity, plan[next]?.at ?? Infinity);
    if (due === Infinity) {
      // Nothing due and nothing planned: writes wait for something that will not come.
      if (pendingCount() > 0) throw new Error(`Soak stuck with ${pendingCount()} writes pending and nothing due.`);
      break;
    }
    await advance(due - now());
  }
  await collectLog();
  // The background prunes after every pass: the history as the user's bounds keep it.
  await outbox.pruneSent({ keep: options.keepSent, maxAgeMs: options.keepSentDays * DAY });

  // What landed, by body, per account (read through the public timeline).
  const landedBodies = new Map<string, number>();
  for (const entry of accounts) {
    for (const post of await control.postsOf(entry.key, entry.account)) {
      landedBodies.set(post.body, (landedBodies.get(post.body) ?? 0) + 1);
    }
  }
  const items = outbox.list();
  const askedBodies = new Set(
    items
      .filter((item) => item.state.status === 'failed' || item.state.status === 'uncertain')
      .map((item: OutboxItem) => (item.request.kind === 'reaction' ? '' : item.request.body)),
  );
  const duplicated = [...landedBodies.values()].filter((n) => n > 1).length;
  const lost = [...bodies.keys()].filter((body) => !landedBodies.has(body) && !askedBodies.has(body)).length;
  const writesLog = [...log.values()].sort((a, b) => a.at - b.at);
  const early = accounts.reduce(
    (sum, entry) => sum + earlySends(writesLog.filter((row) => row.account === entry.account)).length,
    0,
  );
  const sent = items.filter((item) => item.state.status === 'sent');
  const tooOld = sent.filter(
    (item) => item.state.status === 'sent' && now() - item.state.at > options.keepSentDays * DAY,
  );
  globalThis.gc?.();
  return {
    enqueued: bodies.size,
    landed: [...bodies.keys()].filter((body) => landedBodies.has(body)).length,
    lost,
    asked: askedBodies.size,
    duplicated,
    early,
    events,
    stored: { items: items.length, sent: sent.length, bytes: JSON.stringify(items).length },
    beyondBounds: Math.max(0, sent.length - options.keepSent) + tooOld.length,
    heapMb: { start: heapStart, end: heapMb() },
    simulatedDays: Math.round(((now() - start) / DAY) * 10) / 10,
    realSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
