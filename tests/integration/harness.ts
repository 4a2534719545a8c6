/**
 * The extension core (lib/api + lib/queue) wired exactly as the background wires it
 * (entrypoints/background/services.ts), but against a real sandbox over real HTTP, with a fetch that
 * records every exchange and an Outbox on the in-memory store.
 */
import { findLandedWith } from '../../entrypoints/background/find-landed';
import { writeSender } from '../../entrypoints/background/write-sender';
import { type ApiClient, createApiClient, type FetchLike } from '../../lib/api/client';
import type { BackoffOptions, OutboxStore, WriteSender } from '../../lib/queue';
import {
  createReadWithRetry,
  MemoryOutboxStore,
  Outbox,
  type ReadRetryOptions,
  type ReadWithRetry,
} from '../../lib/queue';
import { ALL_SCOPES, T0, type TestSandbox } from '../sandbox/helpers.js';

/** One HTTP exchange of the client under test, as the fetch it was given saw it. */
export interface Exchange {
  method: string;
  /** `127.0.0.1:PORT`: which sandbox. */
  host: string;
  path: string;
  /** Clock time when the client called fetch. */
  sentAt: number;
  /** Clock time when fetch resolved (headers in) or rejected. */
  answeredAt: number;
  /** null: no answer at all (connection dropped, aborted, timed out). */
  status: number | null;
  retryAfter: string | null;
}

/** A fetch that passes everything to the real one and records each exchange with the given clock. */
export class Recorder {
  readonly log: Exchange[] = [];

  constructor(private readonly now: () => number) {}

  readonly fetch: FetchLike = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const exchange: Exchange = {
      method: request.method,
      host: new URL(request.url).host,
      path: new URL(request.url).pathname,
      sentAt: this.now(),
      answeredAt: Number.NaN,
      status: null,
      retryAfter: null,
    };
    this.log.push(exchange);
    try {
      const response = await globalThis.fetch(input, init);
      exchange.status = response.status;
      exchange.retryAfter = response.headers.get('retry-after');
      return response;
    } finally {
      exchange.answeredAt = this.now();
    }
  };

  /** The writes (POSTs) sent so far. */
  writes(): Exchange[] {
    return this.log.filter((e) => e.method === 'POST');
  }
}

/**
 * The Outbox's clock following the sandbox's. Only for a sandbox started with `TestSandbox.start()`'s
 * frozen `now` (T0): its time moves only through `POST /__sandbox/clock`, and this clock reads back the
 * time the sandbox reports.
 */
export class SandboxClock {
  private current = T0;

  constructor(private readonly sb: TestSandbox) {}

  readonly now = (): number => this.current;

  /** Moves sandbox time (and so this clock) forward to `at`; never backward. */
  async advanceTo(at: number): Promise<void> {
    if (at <= this.current) return;
    const { now } = await this.sb.advance(at - this.current);
    this.current = now;
  }
}

/** How to build a rig. */
export interface RigOptions {
  /** The clock of the Outbox, the client and the recorder (default Date.now). */
  clock?: () => number;
  disabledProbe?: BackoffOptions;
  /** Per-attempt timeout of the client (default: the client's). */
  timeoutMs?: number;
  /** The Outbox's store (default: a new MemoryOutboxStore); share one to model a worker restart. */
  store?: OutboxStore;
  /** Wraps the background's sender, e.g. to model a worker that stops mid-send. */
  wrapSender?: (send: WriteSender) => WriteSender;
  /** The recorder to log into (default: a new one on the rig's clock). */
  recorder?: Recorder;
  /** Options of the read path the settle lookup uses (default: the background's, `createReadWithRetry()`). */
  readRetry?: ReadRetryOptions;
}

/** The client, the recorder and the Outbox of one account, wired as in the background. */
export interface Rig {
  client: ApiClient;
  recorder: Recorder;
  outbox: Outbox;
  store: OutboxStore;
  /** The Outbox's account string: the normalized base URL, as the background uses it. */
  account: string;
}

/** One platform the Outbox writes to: a sandbox and the key saved for it. */
export interface Target {
  sb: TestSandbox;
  key: string;
}

/** One Outbox for several platforms (one account each, named by base URL as in the background). */
export async function createRigs(
  targets: readonly Target[],
  options: RigOptions = {},
): Promise<{ outbox: Outbox; store: OutboxStore; recorder: Recorder; clients: ApiClient[] }> {
  const clock = options.clock ?? Date.now;
  const recorder = options.recorder ?? new Recorder(clock);
  const apis = new Map<string, { client: ApiClient; read: ReadWithRetry }>();
  const clients = targets.map(({ sb, key }) => {
    const client = createApiClient({
      baseUrl: sb.base,
      getKey: async () => key,
      fetch: recorder.fetch,
      now: clock,
      isOnline: () => true,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    // As BackgroundServices.api: one client and one read path per base URL.
    apis.set(client.baseUrl, { client, read: createReadWithRetry(options.readRetry) });
    return client;
  });
  const lookup = (account: string) => {
    const api = apis.get(account);
    if (api === undefined) throw new Error(`no client for ${account}`);
    return api;
  };
  const send = writeSender(async (account) => lookup(account).client);
  const store = options.store ?? new MemoryOutboxStore();
  const outbox = await Outbox.open({
    store,
    sender: options.wrapSender === undefined ? send : options.wrapSender(send),
    findLanded: findLandedWith(async (account) => lookup(account)),
    clock,
    ...(options.disabledProbe === undefined ? {} : { disabledProbe: options.disabledProbe }),
  });
  return { outbox, store, recorder, clients };
}

/** One Outbox writing to one sandbox with `key`. */
export async function createRig(sb: TestSandbox, options: RigOptions & { key: string }): Promise<Rig> {
  const { outbox, store, recorder, clients } = await createRigs([{ sb, key: options.key }], options);
  const [client] = clients;
  if (client === undefined) throw new Error('unreachable');
  return { client, recorder, outbox, store, account: client.baseUrl };
}

/**
 * Drains the way the background does: again and again at the time each pass names (`nextWakeAt`),
 * moving time there with `advanceTo`, until nothing is pending. Returns the wake-up times it used.
 */
export async function drainToIdle(
  outbox: Outbox,
  advanceTo: (at: number) => Promise<void>,
  maxPasses = 100,
): Promise<number[]> {
  const wakes: number[] = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    const { nextWakeAt } = await outbox.drain();
    if (nextWakeAt === null) return wakes;
    wakes.push(nextWakeAt);
    await advanceTo(nextWakeAt);
  }
  throw new Error(`still pending after ${maxPasses} passes`);
}

/** Real time: waits until `Date.now() >= at`. */
export async function sleepUntil(at: number): Promise<void> {
  for (let wait = at - Date.now(); wait > 0; wait = at - Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** A post as the timeline shows it (only what the tests look at). */
export interface TimelinePost {
  id: string;
  body: string;
  authorId: string;
  commentCount: number;
}

/** The whole public timeline by one author, oldest first, paged through with the test key (no recorder). */
export async function postsBy(sb: TestSandbox, authorId: string): Promise<TimelinePost[]> {
  const reader = createApiClient({ baseUrl: sb.base, getKey: async () => sb.key, isOnline: () => true });
  const all: TimelinePost[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await reader.timeline(cursor === undefined ? { limit: 100 } : { limit: 100, cursor });
    for (const post of page.items) {
      all.push({
        id: post.id,
        body: post.body ?? '',
        authorId: post.author?.id ?? '',
        commentCount: post.commentCount ?? -1,
      });
    }
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return all.filter((p) => p.authorId === authorId).reverse();
}

/** Row counts of the sandbox (`GET /__sandbox/stats`). */
export interface Stats {
  posts: number;
  publishedPosts: number;
  comments: number;
  reactions: number;
  budgetWrites: number;
}

export function stats(sb: TestSandbox): Promise<Stats> {
  return sb.control<Stats>('GET', '/stats');
}

/** A new account with a key holding `scopes` (all by default) and, when given, its own budget. */
export async function newAccount(
  sb: TestSandbox,
  options: { scopes?: string[]; budget?: { writes: number; windowSeconds: number } } = {},
): Promise<{ key: string; account: string }> {
  const { key, account } = await sb.newKey(options.scopes ?? ALL_SCOPES);
  if (options.budget !== undefined) await sb.control('POST', '/budget', { account, ...options.budget });
  return { key, account };
}

/** Items of the Outbox by status name, for readable assertions. */
export function statuses(outbox: Outbox): string[] {
  return outbox.list().map((item) => item.state.status);
}
