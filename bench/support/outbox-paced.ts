import type { ClientRun } from './outbox-clients';
import { type Burst, theoreticalMinS } from './outbox-setup';
import type { Table } from './table';
import type { ProbedWrite } from './write-probe';

export const isAccepted = (w: ProbedWrite) => w.status !== undefined && w.status >= 200 && w.status < 300;
export const ms = (value: number | undefined) => (value === undefined ? '—' : Math.round(value));
export const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);

/**
 * Where a run without a 429 spent its time over the minimum: each window's writes go one at a time,
 * so the last window's take their round trips after the window opens; each window's turn waits for
 * the answer of the write leaving it (our log holds a write from its answer).
 */
export function pacedTimeline(run: ClientRun, burst: Burst): Table {
  const { writes: WRITES, budgetWrites: BUDGET_WRITES } = burst;
  const MIN_S = theoreticalMinS(burst);
  const accepted = run.probe.writes.filter(isAccepted);
  const windows = Math.ceil(WRITES / BUDGET_WRITES);
  const rows = Array.from({ length: windows }, (_, w) => {
    const batch = accepted.slice(w * BUDGET_WRITES, (w + 1) * BUDGET_WRITES);
    const first = batch[0];
    const last = batch.at(-1);
    const at = (time: number | undefined) => (time === undefined ? '—' : ((time - run.startedEpoch) / 1000).toFixed(3));
    const trips = batch.flatMap((write) => (write.answeredAt === undefined ? [] : [write.answeredAt - write.sentAt]));
    return [
      w + 1,
      batch.length,
      at(first?.sentAt),
      at(last?.answeredAt),
      ms(first === undefined || last?.answeredAt === undefined ? undefined : last.answeredAt - first.sentAt),
      mean(trips).toFixed(1),
    ];
  });
  const over = run.finishedS === null ? undefined : (run.finishedS - MIN_S) * 1000;
  return {
    title: `Outbox: where ${run.name} spent its time, window by window (no 429: paced by the announced budget)`,
    columns: [
      'window',
      'writes',
      'first sent s',
      'last answered s',
      'first sent → last answered ms',
      'round trip ms (mean)',
    ],
    rows,
    notes: [
      `Times in seconds from the burst. It finished ${ms(over)} ms after the theoretical minimum, which counts no request time: each window's writes go one at a time (two writes of one account in flight could land in either order), so the last window's last answer comes its "first sent → last answered" after that window opened, and each window opens when the write leaving it was *answered* + W (the Outbox times the window from answers, never before the platform counted the write).`,
    ],
  };
}
