/**
 * Reading a Chromium trace of a page with the extension: which long task was whose. Pure functions
 * over the trace's events, so the attribution that decides the content benchmark's target is
 * unit-tested (tests/unit/bench/long-task-causes.test.ts).
 */

/** One event of a Chromium trace (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string }; beginData?: { totalObjects?: number } };
}

/** What a rendering frame is made of, in a trace (the renderer's main thread). */
export const RENDERING = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize']);
/** Instant trace events of a task that changed the page's style or layout. */
export const WRITES = new Set(['ScheduleStyleRecalculation', 'InvalidateLayout']);

/** The thread (pid:tid) the page's frames are drawn on: the one with the most PrePaint. */
export function mainThreadOf(events: TraceEvent[]): string {
  const time = new Map<string, number>();
  for (const e of events) {
    if (e.name === 'PrePaint') time.set(`${e.pid}:${e.tid}`, (time.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  }
  return [...time].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

/**
 * Why a long task was long. `script`: it would be under 50 ms without the extension's script in
 * it. `changes`: a frame that draws what the extension changed (a task of its own wrote to the page
 * since the frame before). `standing`: a frame of the page's own change that would be under 50 ms
 * without the bars' standing share of its rendering (every box the bars keep in the page is walked
 * again when the page moves). `page`: none of these.
 */
export type Cause = 'script' | 'changes' | 'standing' | 'page';

/** Long tasks of a traced run, each with its cause, and how much of the extension's own script ran inside each. */
export interface TracedRun {
  longTasks: number;
  /** Long tasks in which the extension's script ran 5 ms or more. */
  withOurScript: number;
  /** Long tasks by cause. */
  causes: Record<Cause, number>;
  /** Each long task not the page's alone: when it started (s into the trace), how long it was, our script and its rendering in it (ms). */
  attributed: { at: number; ms: number; script: number; rendering: number; cause: Cause; run?: number }[];
  /** Frames drawing what the extension changed (long or not), and the longest of them, ms. */
  changeFrames: number;
  longestChangeFrameMs: number;
  /** The most extension script inside any one long task, ms. */
  maxOurScriptMs: number;
  /** All the extension's script on the page's main thread over the run, ms. */
  totalOurScriptMs: number;
}

/** What one top-level task of the page's main thread held. */
export interface TaskSummary {
  task: TraceEvent;
  /** The extension's script in it, ms. */
  ourScript: number;
  pageScript: boolean;
  /** Its rendering, ms. */
  rendering: number;
  isFrame: boolean;
  /** Whether it laid out the page (a `Layout` in it). */
  laidOut: boolean;
  /** Whether it changed the page's style or layout (`ScheduleStyleRecalculation`, `InvalidateLayout`). */
  wrote: boolean;
}

const isScript = (e: TraceEvent) => e.name === 'FunctionCall' || e.name === 'EvaluateScript';
const isOurs = (e: TraceEvent) => isScript(e) && (e.args?.data?.url ?? '').startsWith('chrome-extension://');

/** The main thread's top-level tasks in order, each with what it held (one pass over the events). */
export function summarize(onMain: TraceEvent[]): TaskSummary[] {
  const sorted = [...onMain].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: TaskSummary[] = [];
  let current: TaskSummary | undefined;
  for (const e of sorted) {
    if (current === undefined || e.ts >= current.task.ts + (current.task.dur ?? 0)) {
      if (e.name !== 'RunTask') continue;
      current = {
        task: e,
        ourScript: 0,
        pageScript: false,
        rendering: 0,
        isFrame: false,
        laidOut: false,
        wrote: false,
      };
      tasks.push(current);
      continue;
    }
    if (isOurs(e)) current.ourScript += (e.dur ?? 0) / 1000;
    else if (isScript(e)) current.pageScript = true;
    if (RENDERING.has(e.name)) current.rendering += (e.dur ?? 0) / 1000;
    if (e.name === 'PrePaint') current.isFrame = true;
    if (e.name === 'Layout') current.laidOut = true;
    if (WRITES.has(e.name)) current.wrote = true;
  }
  return tasks;
}

/** The long tasks the extension caused: its script made them long, or they drew what it changed. */
export const extensionCaused = (run: TracedRun) => run.causes.script + run.causes.changes;

/**
 * Gives each long task (50 ms or more) of the main thread's tasks a {@link Cause}: the first that
 * applies, in the order `script`, `changes`, `standing`. `standingShare` is the bars' share of a
 * frame's rendering; none is taken of frames before the extension's first script (no bar yet).
 */
export function causesOf(tasks: TaskSummary[], standingShare: number): TracedRun {
  const start = tasks[0]?.task.ts ?? 0;
  const firstOurs = tasks.find((t) => t.ourScript > 0)?.task.ts ?? Number.POSITIVE_INFINITY;
  const causes: Record<Cause, number> = { script: 0, changes: 0, standing: 0, page: 0 };
  const attributed: TracedRun['attributed'] = [];
  let longTasks = 0;
  let withOurScript = 0;
  let maxOurScriptMs = 0;
  let changeFrames = 0;
  let longestChangeFrameMs = 0;
  // Whether a task of the extension's own (no page script in it) wrote to the page since the last frame.
  let ourChanges = false;
  for (const summary of tasks) {
    const { task, ourScript: script, rendering, isFrame } = summary;
    const taskMs = (task.dur ?? 0) / 1000;
    if (taskMs >= 50) {
      const share = task.ts >= firstOurs ? standingShare : 0;
      const cause: Cause =
        taskMs - script < 50
          ? 'script'
          : isFrame && ourChanges
            ? 'changes'
            : isFrame && taskMs - script - share * rendering < 50
              ? 'standing'
              : 'page';
      longTasks += 1;
      causes[cause] += 1;
      if (cause !== 'page') attributed.push({ at: (task.ts - start) / 1e6, ms: taskMs, script, rendering, cause });
      if (script >= 5) withOurScript += 1;
      maxOurScriptMs = Math.max(maxOurScriptMs, script);
    }
    if (isFrame && ourChanges) {
      changeFrames += 1;
      longestChangeFrameMs = Math.max(longestChangeFrameMs, taskMs);
    }
    if (isFrame) ourChanges = false;
    else if (script > 0 && !summary.pageScript && summary.wrote) ourChanges = true;
  }
  return {
    longTasks,
    withOurScript,
    causes,
    attributed,
    changeFrames,
    longestChangeFrameMs,
    maxOurScriptMs,
    totalOurScriptMs: tasks.reduce((sum, t) => sum + t.ourScript, 0),
  };
}
