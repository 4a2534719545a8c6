import type { SandboxClient } from '../../tests/e2e/support/sandbox-client';
import type { BenchAccount, ClientRun } from './outbox-clients';

/** A burst of N writes against a budget of B writes per W seconds. */
export interface Burst {
  writes: number;
  budgetWrites: number;
  windowS: number;
}

/**
 * The burst named by `${prefix}_WRITES` (N) and `${prefix}_BUDGET` (`B/W`), else the defaults; throws
 * on anything but whole positive numbers.
 */
export function burstFromEnv(prefix: string, writes: number, budget: string): Burst {
  const n = Number(process.env[`${prefix}_WRITES`] ?? writes);
  const [b, w] = (process.env[`${prefix}_BUDGET`] ?? budget).split('/').map(Number);
  if (![n, b, w].every((x) => x !== undefined && Number.isSafeInteger(x) && x > 0)) {
    throw new Error(`${prefix}_WRITES must be a whole number and ${prefix}_BUDGET look like ${budget}.`);
  }
  return { writes: n, budgetWrites: b ?? 0, windowS: w ?? 0 };
}

/**
 * The least time any client can take, in seconds: the first window's B writes go at once, then one
 * window per B more (sliding-window log), ceil(N / B − 1) × W; request time not counted.
 */
export function theoreticalMinS({ writes, budgetWrites, windowS }: Burst): number {
  return Math.max(0, Math.ceil(writes / budgetWrites - 1)) * windowS;
}

/** A fresh account of the sandbox (a write budget nobody else spends) and a key that may read and write. */
export async function newBenchAccount(client: SandboxClient, handle: string): Promise<BenchAccount> {
  const { key, account } = await client.control<{ key: string; account: string }>('POST', '/keys', {
    scopes: ['posts:read', 'posts:write'],
    handle,
  });
  return { key, accountId: account };
}

/** What of a client's burst the sandbox published, read on the public timeline filtered by author. */
export interface Landed {
  /** Distinct bodies of the burst found. */
  distinct: number;
  /** Posts of the burst found more than once. */
  duplicates: number;
  /** Burst size − distinct bodies found. */
  lost: number;
  /** Whether they were published in the order of the burst. */
  inOrder: boolean;
}

/** Reads what landed of `run`'s burst, with the sandbox's test key. */
export async function landedOf(client: SandboxClient, testKey: string, run: ClientRun): Promise<Landed> {
  const landed = (await client.postsOf(testKey, run.account.accountId)).map((post) => post.body);
  const mine = new Set(run.bodies);
  const landedMine = landed.filter((body) => mine.has(body));
  const distinct = new Set(landedMine).size;
  const order = new Map(run.bodies.map((body, i) => [body, i]));
  const inOrder = landedMine.every(
    (body, i) => i === 0 || (order.get(body) ?? 0) > (order.get(landedMine[i - 1] ?? '') ?? 0),
  );
  return { distinct, duplicates: landedMine.length - distinct, lost: run.bodies.length - distinct, inOrder };
}
