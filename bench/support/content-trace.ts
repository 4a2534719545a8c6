/**
 * The traced measurements of the content-script benchmark: the bars' share of a rendering frame on
 * the still page, and the big page under a CDP trace with each long task given a cause
 * (long-task-causes.ts).
 */

import type { BrowserContext, Page } from '@playwright/test';
import { launch, type Mode, sleep } from './content-browser';
import { POST_LINKS } from './content-pages';
import { untilScrolled } from './content-runs';
import {
  type Cause,
  causesOf,
  extensionCaused,
  mainThreadOf,
  summarize,
  type TracedRun,
  type TraceEvent,
  WRITES,
} from './long-task-causes';
import { percentile } from './table';

/** Records a CDP trace of the page's renderer while `action` runs; returns its complete events. */
async function traceWhile(context: BrowserContext, page: Page, action: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
    transferMode: 'ReportEvents',
  });
  await action();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  // Complete events (with a duration), and the instant events that tell a task changed the page.
  return events.filter((e) => (e.ph === 'X' && e.dur !== undefined) || WRITES.has(e.name));
}

/** Blocks of frames per browser for the rendering share, and frames per block (each: a paragraph added at the top). */
export const SHARE_BLOCKS = 8;
export const SHARE_FRAMES = 12;

/**
 * The rendering time of each frame that lays out a paragraph added at the top of the still page, for
 * `frames` frames; and the layout objects of the page at the last of them (every such frame walks them all).
 */
async function paragraphFrames(
  context: BrowserContext,
  page: Page,
  frames: number,
): Promise<{ times: number[]; objects: number }> {
  const events = await traceWhile(context, page, () =>
    page.evaluate(`(async () => {
      const feed = document.getElementById('feed');
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const added = [];
      for (let i = 0; i < ${frames}; i += 1) {
        const p = document.createElement('p');
        p.textContent = 'New item ' + i;
        feed.prepend(p);
        added.push(p);
        await frame();
        await frame();
      }
      // Every block starts from the same page (the bars near its top stay where they were).
      for (const p of added) p.remove();
      await frame();
      await frame();
    })()`),
  );
  const main = mainThreadOf(events);
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const times = summarize(onMain)
    // The frames that lay out the added paragraph (the second frame of each has nothing to do).
    .filter((task) => task.isFrame && task.laidOut)
    .map((task) => task.rendering);
  // The objects as the last paragraph was laid out (the layouts after it take the paragraphs out again).
  const objects = onMain
    .filter((e) => e.name === 'Layout')
    .map((e) => e.args?.beginData?.totalObjects ?? 0)
    .sort((a, b) => b - a)[0];
  return { times, objects: objects ?? 0 };
}

/** A still-page frame with and without the bars: median rendering times (ms), layout objects, and the bars' shares of each. */
export interface FrameShare {
  withoutBars: number;
  withBars: number;
  timedShare: number;
  objects: Record<Mode, number>;
  objectShare: number;
}

/**
 * The share of a rendering frame the bars cost: the still page (1,000 post links, at rest) open in
 * two browsers at once, without and with the extension, measured in turns ({@link SHARE_BLOCKS}
 * blocks of {@link SHARE_FRAMES} frames each), so the machine's load weighs on both alike. Each
 * frame lays out a paragraph added at the top: everything below moves, the page's whole box tree
 * is walked. Returns the median rendering time of a frame in each, and the page's layout objects in
 * each, with the bars' share of each.
 */
export async function renderingShare(url: string): Promise<FrameShare> {
  const browsers = { without: await launch(false), with: await launch(true) };
  try {
    const pages: Record<Mode, Page> = {
      without: await browsers.without.context.newPage(),
      with: await browsers.with.context.newPage(),
    };
    await pages.without.goto(url, { waitUntil: 'load' });
    await pages.with.goto(url, { waitUntil: 'load' });
    await pages.with.waitForFunction(
      (n) => (window as unknown as { __bench: { hosts: number } }).__bench.hosts >= n,
      POST_LINKS,
      { timeout: 60_000 },
    );
    await sleep(3_000); // the bars' idle work done: the near ones drawn, the far ones resting
    const frames: Record<Mode, number[]> = { without: [], with: [] };
    const objects: Record<Mode, number> = { without: 0, with: 0 };
    for (let block = 0; block < SHARE_BLOCKS; block += 1) {
      for (const mode of ['without', 'with'] as const) {
        const measured = await paragraphFrames(browsers[mode].context, pages[mode], SHARE_FRAMES);
        frames[mode].push(...measured.times);
        objects[mode] = measured.objects;
      }
    }
    const withoutBars = percentile(frames.without, 50);
    const withBars = percentile(frames.with, 50);
    const timedShare = withBars > 0 ? Math.max(0, (withBars - withoutBars) / withBars) : 0;
    const objectShare = objects.with > 0 ? Math.max(0, (objects.with - objects.without) / objects.with) : 0;
    return { withoutBars, withBars, timedShare, objects, objectShare };
  } finally {
    await browsers.without.cleanup();
    await browsers.with.cleanup();
  }
}

/**
 * The share of a frame's rendering the bars' standing boxes are taken to cost: the larger of the
 * timed share and the object share. The object share is steady but low (a box next to a link is
 * walked at about 1.5 times the cost of the page's average object: an empty span, a text node or a
 * margin on the link itself measured alike); the timed share is the cost itself, to about a
 * millisecond.
 */
export const standingShare = (frame: FrameShare) => Math.max(frame.timedShare, frame.objectShare);

/**
 * The big page once more under a CDP trace: each long task of the page's main thread gets a
 * {@link Cause} (support/long-task-causes.ts). `share` is the bars' share of a frame's
 * rendering on the still page ({@link renderingShare}).
 */
export async function tracedRun(context: BrowserContext, url: string, share: number): Promise<TracedRun> {
  const page = await context.newPage();
  const events = await traceWhile(context, page, async () => {
    await page.goto(url, { waitUntil: 'load' });
    await untilScrolled(page, 180_000);
  });
  await page.close();
  const main = mainThreadOf(events);
  return causesOf(summarize(events.filter((e) => `${e.pid}:${e.tid}` === main)), share);
}

/** Several traced runs as one: counts added up, maxima kept, each attributed task tagged with its run (1-based). */
export function together(runs: TracedRun[]): TracedRun & { perRun: string } {
  const add = (pick: (run: TracedRun) => number) => runs.reduce((sum, run) => sum + pick(run), 0);
  const most = (pick: (run: TracedRun) => number) => Math.max(0, ...runs.map(pick));
  const causes = { script: 0, changes: 0, standing: 0, page: 0 };
  for (const run of runs) for (const cause of Object.keys(causes) as Cause[]) causes[cause] += run.causes[cause];
  return {
    longTasks: add((run) => run.longTasks),
    withOurScript: add((run) => run.withOurScript),
    causes,
    attributed: runs.flatMap((run, i) => run.attributed.map((task) => ({ ...task, run: i + 1 }))),
    changeFrames: add((run) => run.changeFrames),
    longestChangeFrameMs: most((run) => run.longestChangeFrameMs),
    maxOurScriptMs: most((run) => run.maxOurScriptMs),
    totalOurScriptMs: most((run) => run.totalOurScriptMs),
    perRun: runs.map((run) => `${extensionCaused(run)} / ${run.causes.standing} / ${run.longTasks}`).join(', '),
  };
}
