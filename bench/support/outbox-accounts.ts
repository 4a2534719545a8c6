import type { SandboxClient } from '../../tests/e2e/support/sandbox-client';
import { bodiesFor, type ClientRun, type OutboxLane, runOutbox } from './outbox-clients';
import { type Burst, burstFromEnv, landedOf, newBenchAccount, theoreticalMinS } from './outbox-setup';
import type { SandboxProcess } from './sandbox-process';
import { fmt, type Table } from './table';

/** Account A's burst and budget (`BENCH_OUTBOX_A_WRITES`, `BENCH_OUTBOX_A_BUDGET`), and B's. */
const A = burstFromEnv('BENCH_OUTBOX_A', 60, '20/10');
const B = burstFromEnv('BENCH_OUTBOX_B', 30, '10/10');

const describe = (burst: Burst) => `${burst.writes} writes, ${burst.budgetWrites} per ${burst.windowS} s`;

/** A fresh sandbox account with the burst's budget, as a lane of the shared Outbox. */
async function laneFor(
  client: SandboxClient,
  burst: Burst,
  queue: string,
  name: string,
  stamp: string,
): Promise<OutboxLane> {
  const account = await newBenchAccount(client, `bench_${name.toLowerCase().replaceAll(' ', '_')}_${stamp}`);
  await client.setBudget(account.accountId, burst.budgetWrites, burst.windowS);
  return { queue, account, bodies: bodiesFor(`${name}, ${stamp}`, burst.writes), name };
}

/** One row: the run's finish against its own minimum, and what the sandbox published of it. */
async function rowOf(
  client: SandboxClient,
  testKey: string,
  run: ClientRun,
  burst: Burst,
  alone?: ClientRun,
): Promise<(string | number)[]> {
  const landed = await landedOf(client, testKey, run);
  const minS = theoreticalMinS(burst);
  const finished = run.finishedS;
  const over = finished === null ? undefined : finished - minS;
  return [
    run.name,
    describe(burst),
    finished === null ? 'did not finish' : finished.toFixed(2),
    minS,
    over === undefined ? '—' : over.toFixed(2),
    over === undefined || minS === 0 ? '—' : `${((over / minS) * 100).toFixed(1)} %`,
    landed.lost === run.failed ? landed.distinct : `${landed.distinct} (client says ${run.failed} failed)`,
    landed.duplicates,
    run.probe.writes.length,
    run.probe.rateLimited(),
    run.probe.early(),
    alone?.finishedS == null || finished === null ? '—' : (finished / alone.finishedS).toFixed(3),
  ];
}

/** Each part runs twice: the budget announced in every answer (IETF fields), then only 429s. */
const HEADER_RUNS = [
  { style: null, label: 'announced' },
  { style: 'none', label: 'nothing announced' },
] as const;

/** A alone, then A beside B, on fresh accounts: the table's three rows, named with `label`. */
async function accountsRun(sandbox: SandboxProcess, client: SandboxClient, label: string) {
  const stamp = Date.now().toString(36);
  const deadlineMs = (Math.max(theoreticalMinS(A), theoreticalMinS(B)) * 3 + 60) * 1000;
  const aloneLane = await laneFor(client, A, 'acct-bench-a', 'A alone', stamp);
  const [alone] = await runOutbox(sandbox.baseUrl, [aloneLane], deadlineMs);
  const lanes = [
    await laneFor(client, A, 'acct-bench-a', 'A beside B', stamp),
    await laneFor(client, B, 'acct-bench-b', 'B beside A', stamp),
  ];
  const [withB, withA] = await runOutbox(sandbox.baseUrl, lanes, deadlineMs);
  if (alone === undefined || withB === undefined || withA === undefined) throw new Error('An Outbox lane is missing.');
  await Promise.all([alone, withB, withA].map((run) => run.probe.settled()));
  const rows = [
    await rowOf(client, sandbox.testKey, alone, A),
    await rowOf(client, sandbox.testKey, withB, A, alone),
    await rowOf(client, sandbox.testKey, withA, B),
  ];
  for (const row of rows) row[0] = `${row[0]}, ${label}`;
  return rows;
}

/**
 * Several accounts in one Outbox, each with its own key and budget: A alone first (the same-run
 * baseline), then A and B in parallel, their bursts enqueued at once, interleaved. Each account's
 * time to finish is set against its own theoretical minimum.
 */
export async function runAccountsBench(sandbox: SandboxProcess, client: SandboxClient): Promise<Table> {
  const started = performance.now();
  const rows: (string | number)[][] = [];
  for (const headers of HEADER_RUNS) {
    await client.budgetHeaders(headers.style);
    try {
      rows.push(...(await accountsRun(sandbox, client, headers.label)));
    } finally {
      await client.budgetHeaders(null);
    }
  }
  const totalS = (performance.now() - started) / 1000;
  return {
    title: 'Outbox: several accounts, each with its own key and budget, in one Outbox (sandbox on loopback)',
    columns: [
      'run',
      'burst and budget',
      'time to finish s',
      'theoretical minimum s',
      'over minimum s',
      'over minimum',
      'writes landed',
      'duplicates',
      'write requests',
      '429s received',
      'sends before Retry-After',
      'with B / alone',
    ],
    rows,
    notes: [
      `One real Outbox (\`MemoryOutboxStore\`) with the background's sender and \`findLanded\`, an API client per account (its own key), and a loop that drains and sleeps until the \`nextWakeAt\` the drain returns, as the background's Waker does. Each account is a fresh sandbox account with its own budget (\`POST /__sandbox/budget\`). Twice: first with the budget announced in every answer (the sandbox's standard dialect: \`RateLimit-Policy\`/\`RateLimit\`), then with nothing announced (\`POST /__sandbox/budget-headers {"style":"none"}\`: only 429 with Retry-After, all the spec promises). Each time "A alone" ran first, on an account of its own with A's burst and budget, in an Outbox with nothing else in it: the same run's baseline. Then A and B in one Outbox, both bursts enqueued at once, interleaved (A1, B1, A2, B2, …).`,
      "Theoretical minimum = ceil(N / B − 1) × W for that account's own burst and budget: the first B writes go at once, each further B wait one window (sliding-window log); request time not counted. The accounts' budgets are separate, so beside each other each has the same minimum as alone. \"Time to finish\": from the burst to the moment the Outbox recorded the account's last write sent (its last accepted answer).",
      '"Writes landed": distinct bodies of that run found on the public timeline filtered by the account\'s author id. "429s received" and "sends before Retry-After" are counted by the account\'s own wrapped fetch (a send is early when it leaves before the latest time a 429 of that account named). "With B / alone": A\'s time to finish beside B over A\'s time alone; 1 means B cost A nothing.',
      `Set the bursts with BENCH_OUTBOX_A_WRITES / BENCH_OUTBOX_A_BUDGET (\`B/W\`, now ${describe(A)}) and BENCH_OUTBOX_B_WRITES / BENCH_OUTBOX_B_BUDGET (now ${describe(B)}). This part: ${fmt(totalS)} s.`,
    ],
  };
}
