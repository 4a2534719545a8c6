import { describe, expect, it } from 'vitest';
import { causesOf, summarize, type TraceEvent } from '@/bench/support/long-task-causes';

const OURS = 'chrome-extension://abcdef/link-bar.js';
const PAGE = 'http://127.0.0.1:4000/big.html';

/** A top-level task of `ms` at `at` ms, holding `inner` (each placed at the task's start). */
function task(at: number, ms: number, ...inner: Omit<TraceEvent, 'ts' | 'pid' | 'tid'>[]): TraceEvent[] {
  const ts = at * 1000;
  return [
    { name: 'RunTask', ph: 'X', ts, dur: ms * 1000, pid: 1, tid: 1 },
    ...inner.map((e) => ({ ...e, ts: ts + 1, pid: 1, tid: 1 })),
  ];
}
const script = (url: string, ms: number) => ({
  name: 'FunctionCall',
  ph: 'X',
  dur: ms * 1000,
  args: { data: { url } },
});
const write = { name: 'InvalidateLayout', ph: 'I' };
/** A frame: rendering of `ms` (half of it pre-paint). */
const frame = (ms: number) => [
  { name: 'Layout', ph: 'X', dur: (ms / 2) * 1000 },
  { name: 'PrePaint', ph: 'X', dur: (ms / 2) * 1000 },
];

const causes = (events: TraceEvent[], share = 0.05) => causesOf(summarize(events), share);

describe('causesOf', () => {
  it('puts events into the top-level task they start in, and skips events outside any task', () => {
    const tasks = summarize([
      { name: 'Layout', ph: 'X', ts: 0, dur: 5000, pid: 1, tid: 1 },
      ...task(10, 20, script(OURS, 3), script(PAGE, 4), ...frame(12)),
      ...task(40, 5, write),
    ]);
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({
      ourScript: 3,
      pageScript: true,
      rendering: 12,
      isFrame: true,
      laidOut: true,
      wrote: false,
    });
    expect(tasks[1]).toMatchObject({
      ourScript: 0,
      pageScript: false,
      rendering: 0,
      isFrame: false,
      laidOut: false,
      wrote: true,
    });
  });

  it("a task the extension's script makes long is the script's", () => {
    const run = causes(task(0, 55, script(OURS, 8), script(PAGE, 40)));
    expect(run.causes).toEqual({ script: 1, changes: 0, standing: 0, page: 0 });
    expect(run.withOurScript).toBe(1);
    expect(run.maxOurScriptMs).toBe(8);
  });

  it("a long frame after a task of the extension's own that wrote is the extension's changes", () => {
    const run = causes([...task(0, 2, script(OURS, 1), write), ...task(10, 70, ...frame(68))]);
    expect(run.causes.changes).toBe(1);
    expect(run.changeFrames).toBe(1);
    expect(run.longestChangeFrameMs).toBe(70);
    expect(run.attributed).toEqual([{ at: 0.01, ms: 70, script: 0, rendering: 68, cause: 'changes' }]);
  });

  it('only the first frame after such a task draws its changes', () => {
    const run = causes([
      ...task(0, 2, script(OURS, 1), write),
      ...task(10, 20, ...frame(18)),
      ...task(40, 70, ...frame(68)),
    ]);
    expect(run.changeFrames).toBe(1);
    expect(run.longestChangeFrameMs).toBe(20);
    expect(run.causes).toEqual({ script: 0, changes: 0, standing: 0, page: 1 });
  });

  it("the extension's script that wrote nothing, or wrote within the page's own task, does not make the next frame its changes", () => {
    const readOnly = causes([...task(0, 2, script(OURS, 1)), ...task(10, 52, ...frame(50))], 0);
    expect(readOnly.causes.page).toBe(1);
    expect(readOnly.changeFrames).toBe(0);
    const inPageTask = causes(
      [...task(0, 5, script(PAGE, 3), script(OURS, 1), write), ...task(10, 52, ...frame(50))],
      0,
    );
    expect(inPageTask.causes.page).toBe(1);
  });

  it("a page frame the standing share tips over 50 ms is the standing cost's; one it would not is the page's", () => {
    const events = [...task(0, 1, script(OURS, 0.1)), ...task(10, 52, ...frame(50)), ...task(100, 60, ...frame(58))];
    const run = causes(events, 0.05);
    // 52 - 5 % of 50 = 49.5: under 50; 60 - 5 % of 58 = 57.1: still long.
    expect(run.causes).toEqual({ script: 0, changes: 0, standing: 1, page: 1 });
    expect(run.attributed.map((t) => t.cause)).toEqual(['standing']);
  });

  it("takes no standing share of frames before the extension's first script (no bar yet)", () => {
    const run = causes([...task(0, 52, ...frame(50)), ...task(100, 1, script(OURS, 0.1))], 0.05);
    expect(run.causes).toEqual({ script: 0, changes: 0, standing: 0, page: 1 });
  });

  it('counts tasks under 50 ms as no long task, and adds up all of our script', () => {
    const run = causes([...task(0, 49, script(OURS, 2), ...frame(40)), ...task(60, 10, script(OURS, 3))]);
    expect(run.longTasks).toBe(0);
    expect(run.totalOurScriptMs).toBe(5);
  });
});
