import { SandboxClient } from '../tests/e2e/support/sandbox-client';
import { runAccountsBench } from './support/outbox-accounts';
import { bodiesFor, type ClientRun, runFixed, runNaive, runOurs } from './support/outbox-clients';
import { isAccepted, mean, ms, pacedTimeline } from './support/outbox-paced';
import { burstFromEnv, landedOf, newBenchAccount, theoreticalMinS } from './support/outbox-setup';
import { spawnSandbox } from './support/sandbox-process';
import { fmt, type Table } from './support/table';
import type { ProbedWrite } from './support/write-probe';

const BURST = burstFromEnv('BENCH_OUTBOX', 200, '50/20');
const { writes: WRITES, budgetWrites: BUDGET_WRITES, windowS: WINDOW_S } = BURST;
const SPACING_MS = 1_000;

/** The least time any client can take: the first window's B writes go at once, then one window per B more. */
const MIN_S = theoreticalMinS(BURST);

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** One 429 ours received, set against the sliding window's exact state. */
interface Limit {
  write: ProbedWrite;
  /** Writes accepted before it. */
  accepted: number;
  /**
   * When the budget had room again, exactly: the server time of the accepted write that must leave the
   * window (B accepted writes back) + W.
   */
  exactFreeAt?: number;
  /** Its answer time + Retry-After: the earliest time it allows. */
  namedAt?: number;
  /** The next write sent after it. */
  next?: ProbedWrite;
}

function limitsOf(writes: readonly ProbedWrite[]): Limit[] {
  const limits: Limit[] = [];
  const accepted: ProbedWrite[] = [];
  writes.forEach((write, i) => {
    if (isAccepted(write)) accepted.push(write);
    if (write.status !== 429) return;
    const leaving = accepted[accepted.length - BUDGET_WRITES]?.serverAt;
    const next = writes[i + 1];
    limits.push({
      write,
      accepted: accepted.length,
      ...(leaving === undefined ? {} : { exactFreeAt: leaving + WINDOW_S * 1000 }),
      ...(write.answeredAt === undefined ? {} : { namedAt: write.answeredAt + (write.retryAfterMs ?? 0) }),
      ...(next === undefined ? {} : { next }),
    });
  });
  return limits;
}

/**
 * Replays ours with Retry-After exact to the millisecond: the same accepted writes, each costing its
 * measured round trip plus the mean client time, sent one at a time as soon as the previous one is
 * done and the write B accepted writes earlier has left the window. Returns the replayed finish
 * (with ours' measured tail after its last answer), or undefined when not every write was accepted.
 */
function finishWithExactRetryAfter(
  writes: readonly ProbedWrite[],
  clientMs: number,
  finishAt: number,
): number | undefined {
  const accepted = writes.filter(isAccepted);
  const first = writes[0];
  const last = accepted.at(-1);
  if (accepted.length !== WRITES || first === undefined || last?.answeredAt === undefined) return undefined;
  const sends: number[] = [];
  let free = first.sentAt;
  let done = free;
  for (const [k, write] of accepted.entries()) {
    const leaving = sends[k - BUDGET_WRITES];
    const send = Math.max(free, leaving === undefined ? free : leaving + WINDOW_S * 1000);
    sends.push(send);
    done = send + ((write.answeredAt ?? write.sentAt) - write.sentAt);
    free = done + clientMs;
  }
  return done + (finishAt - last.answeredAt);
}

/** Where ours spent its time: one row per 429, and its time over the minimum taken apart. */
function oursTimeline(run: ClientRun): Table {
  if (run.probe.rateLimited() === 0) return pacedTimeline(run, BURST);
  const origin = run.startedEpoch;
  const at = (time: number | undefined) => (time === undefined ? '—' : ((time - origin) / 1000).toFixed(2));
  const limits = limitsOf(run.probe.writes);
  const rows = limits.map((limit, i) => [
    i + 1,
    limit.accepted,
    at(limit.write.sentAt),
    at(limit.write.answeredAt),
    limit.write.retryAfterMs === undefined ? '—' : (limit.write.retryAfterMs / 1000).toFixed(0),
    at(limit.exactFreeAt),
    at(limit.namedAt),
    ms(limit.namedAt === undefined || limit.exactFreeAt === undefined ? undefined : limit.namedAt - limit.exactFreeAt),
    ms(limit.namedAt === undefined || limit.next === undefined ? undefined : limit.next.sentAt - limit.namedAt),
  ]);
  const notes = [
    'Times in seconds from the burst. "Room again exactly": the sandbox time (`createdAt`) of the accepted write that must leave the sliding window, B accepted writes back, + W. The sandbox answers Retry-After = ceil((that) − now) in whole seconds, at least 1, so the time a 429 names is later than the exact one by "named − exact" (rounding up, plus the answer\'s trip back). "Wake-up": next send − named time (a negative value would be an early send).',
  ];

  const finishAt = run.finishedS === null ? undefined : origin + run.finishedS * 1000;
  const writes = run.probe.writes;
  if (finishAt !== undefined && writes.length > 0 && MIN_S > 0) {
    const rounding = sum(
      limits.flatMap((l) =>
        l.namedAt !== undefined && l.exactFreeAt !== undefined ? [l.namedAt - l.exactFreeAt] : [],
      ),
    );
    const wakeUps = sum(
      limits.flatMap((l) => (l.namedAt !== undefined && l.next !== undefined ? [l.next.sentAt - l.namedAt] : [])),
    );
    const limitTrips = sum(
      limits.flatMap((l) => (l.write.answeredAt === undefined ? [] : [l.write.answeredAt - l.write.sentAt])),
    );
    const roundTrips = writes
      .filter(isAccepted)
      .flatMap((w) => (w.answeredAt === undefined ? [] : [w.answeredAt - w.sentAt]));
    // Client time: from one answer to the next send, where no pause lay in between.
    const gaps = writes.slice(1).flatMap((write, i) => {
      const previous = writes[i];
      return previous === undefined || previous.status === 429 || previous.answeredAt === undefined
        ? []
        : [write.sentAt - previous.answeredAt];
    });
    const overhead = finishAt - origin - MIN_S * 1000;
    const exactFinish = finishWithExactRetryAfter(writes, mean(gaps), finishAt);
    const sending = exactFinish === undefined ? undefined : exactFinish - origin - MIN_S * 1000;
    notes.push(
      `One accepted write took ${mean(roundTrips).toFixed(1)} ms round trip to the sandbox (to the answer's headers) + ${mean(gaps).toFixed(1)} ms in the client and Outbox until the next send (reading and parsing the answer, two store writes), on average.`,
      `Ours finished ${ms(overhead)} ms after the theoretical minimum. The same one-at-a-time client with these per-write costs, had Retry-After been exact to the millisecond, would have finished ${ms(sending)} ms after it (replayed: each write sent as soon as the previous one is done and the write B earlier has left the window): that is the cost of sending one write at a time, which the minimum does not count. The other ${ms(sending === undefined ? undefined : overhead - sending)} ms is the cost of whole-second Retry-After — the sandbox rounds each wait up, to at least 1 s, so a wait ends up to 1 s after the budget had room (sum of "named − exact": ${ms(rounding)} ms, an overestimate where later slots would have freed only later anyway) — including ${ms(wakeUps)} ms of wake-up latency and ${ms(limitTrips)} ms for the ${limits.length} requests answered 429.`,
    );
  }
  return {
    title: `Outbox: where ${run.name} spent its time, one row per 429 it received`,
    columns: [
      '429',
      'writes accepted before it',
      'sent s',
      'answered s',
      'Retry-After s',
      'room again exactly s',
      'time it named s',
      'named − exact ms',
      'wake-up ms',
    ],
    rows,
    notes,
  };
}

function naiveEarlyNote(run: ClientRun): string {
  const first429 = Math.min(
    ...run.probe.writes.flatMap((w) => (w.status === 429 && w.answeredAt ? [w.answeredAt] : [])),
  );
  const lastSend = Math.max(...run.probe.writes.map((w) => w.sentAt));
  if (!Number.isFinite(first429)) return 'It received no 429.';
  return lastSend < first429
    ? `All its requests had left before its first 429 came back, so none counts as early: what did not fit the budget is simply lost.`
    : `Its last request left ${ms(lastSend - first429)} ms after its first 429 came back.`;
}

function fixedNote(run: ClientRun): string {
  const rule = `(b) sends one write per ${SPACING_MS / 1000} s tick, one at a time, ignoring Retry-After: a write answered 429 is sent again at the next tick; any other failure is counted and it moves on.`;
  if (run.probe.rateLimited() > 0) {
    return `${rule} It met ${run.probe.rateLimited()} 429s and sent ${run.probe.early()} writes before the time they named.`;
  }
  return `${rule} This budget (${(BUDGET_WRITES / WINDOW_S).toFixed(1)} writes/s) is more than its 1 write/s, so it met no 429: safe, but it needs N × ${SPACING_MS / 1000} s whatever the budget allows (with B < W, e.g. the sandbox default 30/60, it would meet 429s and send again before Retry-After).`;
}

/** The Outbox figure: a burst of writes against a small budget, ours side by side with two naive clients. */
export async function runOutboxBench(): Promise<Table[]> {
  const benchStarted = performance.now();
  const sandbox = await spawnSandbox(['--budget', `${BUDGET_WRITES}/${WINDOW_S}`, '--quiet']);
  try {
    const stamp = Date.now().toString(36);
    const client = new SandboxClient(sandbox.baseUrl);
    // Each client on a fresh account: a write budget nobody else spends.
    const [oursAccount, naiveAccount, fixedAccount, silentAccount] = await Promise.all(
      ['ours', 'naive', 'fixed', 'silent'].map((name) => newBenchAccount(client, `bench_${name}_${stamp}`)),
    );
    if (!oursAccount || !naiveAccount || !fixedAccount || !silentAccount) {
      throw new Error('Could not create the bench accounts.');
    }
    // The naive burst first, alone (its 200 parallel requests would slow the others' first window);
    // then ours and the fixed-spacing client side by side (one request a second costs ours nothing).
    const naive = await runNaive(sandbox.baseUrl, naiveAccount, bodiesFor('naive', WRITES));
    const [ours, fixed] = await Promise.all([
      runOurs(
        sandbox.baseUrl,
        oursAccount,
        bodiesFor('ours', WRITES),
        (MIN_S * 3 + 60) * 1000,
        'ours (Outbox + lib/api), budget announced',
      ),
      runFixed(sandbox.baseUrl, fixedAccount, bodiesFor('fixed', WRITES), SPACING_MS),
    ]);
    // Ours again, alone, where answers announce nothing: only 429s say when the budget is spent.
    await client.budgetHeaders('none');
    const silent = await runOurs(
      sandbox.baseUrl,
      silentAccount,
      bodiesFor('silent', WRITES),
      (MIN_S * 3 + 60) * 1000,
      'ours, nothing announced (429 only)',
    ).finally(() => client.budgetHeaders(null));
    const runs = [ours, silent, naive, fixed];
    await Promise.all(runs.map((run) => run.probe.settled()));

    const rows: (string | number)[][] = [];
    for (const run of runs) {
      const landed = await landedOf(client, sandbox.testKey, run);
      rows.push([
        run.name,
        run.finishedS === null ? 'did not finish' : run.finishedS.toFixed(2),
        landed.distinct,
        landed.lost === run.failed ? landed.lost : `${landed.lost} (client says ${run.failed})`,
        landed.duplicates,
        landed.inOrder ? 'yes' : 'no',
        run.probe.writes.length,
        run.probe.rateLimited(),
        run.probe.early(),
        (run === ours || run === silent) && run.finishedS !== null && MIN_S > 0
          ? `${(((run.finishedS - MIN_S) / MIN_S) * 100).toFixed(1)} %`
          : '—',
      ]);
    }
    const totalS = (performance.now() - benchStarted) / 1000;
    // Then several accounts, alone on the sandbox (nothing else runs beside them).
    const accounts = await runAccountsBench(sandbox, client);
    return [
      {
        title: `Outbox: a burst of ${WRITES} posts against a budget of ${BUDGET_WRITES} writes per ${WINDOW_S} s (sandbox on loopback, one fresh account per client)`,
        columns: [
          'client',
          'time to finish s',
          'writes landed',
          'lost or failed',
          'duplicates',
          'in order',
          'write requests',
          '429s received',
          'sends before Retry-After',
          'over theoretical minimum',
        ],
        rows,
        notes: [
          `Theoretical minimum = ceil(N / B − 1) × W = ceil(${WRITES} / ${BUDGET_WRITES} − 1) × ${WINDOW_S} s = ${MIN_S} s: the first B writes go at once, each further B wait one window (sliding-window log); request time not counted.`,
          '"Writes landed" counts distinct bodies of that client found on the public timeline (filtered by author id); "lost or failed" = burst size − writes landed. A send is "before Retry-After" when it leaves before the latest time named by a 429 that client had received (answer time + Retry-After, measured in a wrapped fetch).',
          `(a) sends all writes at once with \`Promise.allSettled\` over \`ky.post(…).json()\` (a naive \`Promise.all\` sends the same requests; allSettled only lets the bench count them), ky left at its defaults: retry limit 2, but ky never retries a POST, so each 429 is a thrown HTTPError and that write is dropped. ${naiveEarlyNote(naive)}`,
          fixedNote(fixed),
          `Ours and (b) ran at the same time on separate accounts, (a) alone before them. These three runs, with the sandbox's start: ${fmt(totalS)} s.`,
        ],
      },
      oursTimeline(ours),
      oursTimeline(silent),
      accounts,
    ];
  } finally {
    await sandbox.stop();
  }
}
