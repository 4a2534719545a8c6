import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { relaunchWithAllSitesGranted } from '../tests/e2e/support/all-sites';
import { CHROME_BUILD, CHROMIUM_PATH } from '../tests/e2e/support/browsers';
import {
  extensionIdOf,
  launchChromium,
  newProfileDir,
  openExtensionPage,
  QUIET_FLAGS,
  removeProfile,
} from '../tests/e2e/support/chromium';
import { domSession, findBars } from '../tests/e2e/support/closed-shadow';
import { call } from '../tests/e2e/support/extension-client';
import { startThirdPartySite } from '../tests/e2e/support/third-party-site';
import {
  ADD_SECONDS,
  bigPage,
  LINKS,
  NODES_PER_SECOND,
  PLAIN_LINKS,
  POST_LINKS,
  plainPage,
  READ_SCREENS,
} from './support/content-pages';
import {
  type Cause,
  causesOf,
  extensionCaused,
  mainThreadOf,
  summarize,
  type TracedRun,
  type TraceEvent,
  WRITES,
} from './support/long-task-causes';
import { fmt, percentile, type Table } from './support/table';

const PLAIN_RUNS = Number(process.env.BENCH_CONTENT_RUNS ?? 5);
/** Big-page runs per mode, alternating with and without the extension: these machines are shared and noisy. */
const BIG_ROUNDS = Number(process.env.BENCH_CONTENT_ROUNDS ?? 3);
/** The platform's site as the extension is configured for it; the pages are served from another origin. */
const SITE = 'http://127.0.0.1:9';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => percentile(values, 50);
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

/**
 * Chromium without the extension, or with it configured for SITE and "Decorate post links on all
 * sites" on (the all-sites grant written into the profile as the e2e tests do: headless Chromium
 * never answers the permission prompt). The benchmark pages are another site, as a news site is.
 */
async function launch(withExtension: boolean): Promise<{ context: BrowserContext; cleanup: () => Promise<void> }> {
  if (!withExtension) {
    const context = await chromium.launchPersistentContext('', {
      executablePath: CHROMIUM_PATH,
      headless: true,
      // The same flags as the run with the extension: only the extension differs.
      args: QUIET_FLAGS,
    });
    return { context, cleanup: () => context.close() };
  }
  const userDataDir = newProfileDir();
  const first = (await launchChromium({ userDataDir })).context;
  const id = await extensionIdOf(first);
  await call(await openExtensionPage(first, id, 'options.html'), 'saveSettings', { baseUrl: SITE });
  const context = await relaunchWithAllSitesGranted(first, userDataDir);
  const options = await openExtensionPage(context, id, 'options.html');
  await call(options, 'saveSettings', { decorateAllSites: true });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  for (let i = 0; i < 100; i += 1) {
    const [script] = await worker.evaluate(() =>
      (
        globalThis as unknown as {
          chrome: { scripting: { getRegisteredContentScripts(): Promise<{ matches?: string[] }[]> } };
        }
      ).chrome.scripting.getRegisteredContentScripts(),
    );
    if (script?.matches?.includes('https://*/*')) break;
    await sleep(100);
  }
  await options.close();
  return {
    context,
    cleanup: async () => {
      await context.close();
      removeProfile(userDataDir);
    },
  };
}

interface BigRun {
  /** Post links within reach at load (three screens), and when all had their bar (ms after navigation). */
  inReach: number;
  inReachAt: number | null;
  bars: number;
  /** Bars drawn at the end (the others rest as empty hosts): read through CDP, the roots are closed. */
  drawn: number;
  postLinks: number;
  lagP50: number;
  lagP95: number;
  longTasks: number;
  /** Of those, the ones during the fast scroll to the end, and while reading back up a screen a second. */
  scrollLongTasks: number;
  readLongTasks: number;
  longTaskMs: number;
  maxTaskMs: number;
}

/** The big page: 10,000 links, 1,000 nodes a second added at the top, then a scroll to the bottom. */
async function runBig(context: BrowserContext, url: string): Promise<BigRun> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await untilScrolled(page, 120_000);
  const drawn = await drawnBars(page);
  const bench = await page.evaluate(() => {
    const b = (
      window as unknown as {
        __bench: {
          longTasks: { start: number; duration: number }[];
          scrollAt: number | null;
          readAt: number | null;
          hosts: number;
          inReach: number;
          inReachAt: number | null;
          lags: number[];
        };
      }
    ).__bench;
    return { ...b, postLinks: document.querySelectorAll('a.post').length };
  });
  await page.close();
  /** Long tasks that started in a phase (`from` null: the phase never came; `to` null: until the end). */
  const startedBetween = (from: number | null, to: number | null) =>
    from === null ? 0 : bench.longTasks.filter((task) => task.start >= from && (to === null || task.start < to)).length;
  return {
    inReach: bench.inReach,
    inReachAt: bench.inReachAt,
    bars: bench.hosts,
    drawn,
    postLinks: bench.postLinks,
    lagP50: percentile(bench.lags, 50),
    lagP95: percentile(bench.lags, 95),
    longTasks: bench.longTasks.length,
    scrollLongTasks: startedBetween(bench.scrollAt, bench.readAt),
    readLongTasks: startedBetween(bench.readAt, null),
    longTaskMs: bench.longTasks.reduce((sum, task) => sum + task.duration, 0),
    maxTaskMs: Math.max(0, ...bench.longTasks.map((task) => task.duration)),
  };
}

type Mode = 'with' | 'without';

/** How many bars of the page are drawn (buttons in their closed root: read through CDP, as the e2e tests do). */
async function drawnBars(page: Page): Promise<number> {
  const cdp = await domSession(page);
  const drawn = (await findBars(cdp)).filter((bar) => bar.buttons.length > 0).length;
  await cdp.detach();
  return drawn;
}

/** Waits until the big page has added its nodes and scrolled to the end, then for the last bars (idle time). */
async function untilScrolled(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __bench: { scrolled: boolean } }).__bench.scrolled, null, {
    timeout,
  });
  await sleep(2_000);
}

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
const SHARE_BLOCKS = 8;
const SHARE_FRAMES = 12;

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
interface FrameShare {
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
async function renderingShare(url: string): Promise<FrameShare> {
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
const standingShare = (frame: FrameShare) => Math.max(frame.timedShare, frame.objectShare);

/**
 * The big page once more under a CDP trace: each long task of the page's main thread gets a
 * {@link Cause} (support/long-task-causes.ts). `share` is the bars' share of a frame's
 * rendering on the still page ({@link renderingShare}).
 */
async function tracedRun(context: BrowserContext, url: string, share: number): Promise<TracedRun> {
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
function together(runs: TracedRun[]): TracedRun & { perRun: string } {
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

/** The run with the median long-task count (its other figures come with it). */
function medianRun(runs: BigRun[]): BigRun & { perRun: string } {
  const byTasks = [...runs].sort((a, b) => a.longTasks - b.longTasks);
  const middle = byTasks[Math.floor((byTasks.length - 1) / 2)] as BigRun;
  return {
    ...middle,
    perRun: runs.map((run) => `${run.longTasks} (${run.scrollLongTasks}, ${run.readLongTasks})`).join(', '),
  };
}

/** Main-thread script time (CDP `Performance.getMetrics` ScriptDuration) one page load costs, in ms. */
async function scriptMs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  };
  const before = await read();
  await page.goto(url, { waitUntil: 'load' });
  await sleep(1_500); // the link script runs at document_idle, then scans in idle time
  const after = await read();
  await page.close();
  return after - before;
}

function sizes(): Table {
  const rows: (string | number)[][] = [];
  for (const file of ['content-scripts/links.js', 'content-scripts/link-bar.js']) {
    const code = readFileSync(path.join(CHROME_BUILD, file));
    const gzipped = gzipSync(code, { level: 9 }).length;
    rows.push([file, `${(code.length / 1024).toFixed(1)} KB`, `${(gzipped / 1024).toFixed(1)} KB`]);
  }
  return {
    title: 'Content scripts: size (chrome-mv3 build)',
    columns: ['file', 'minified', 'gzipped'],
    rows,
    notes: [
      '`links.js` runs on every page where bars may appear (target ≤ 10 KB gzipped); `link-bar.js` is injected only into frames where a post link was found.',
    ],
  };
}

/** `npm run bench -- content`: the content script's cost, with and without the extension, in the same run. */
export async function runContentBench(): Promise<Table[]> {
  if (!existsSync(path.join(CHROME_BUILD, 'manifest.json')))
    throw new Error('No chrome-mv3 build: run "npm run build" first.');
  const site = await startThirdPartySite({
    '/big.html': bigPage(SITE),
    '/still.html': bigPage(SITE, { still: true }),
    '/plain.html': plainPage(),
  });
  const plain: Record<Mode, number[]> = { with: [], without: [] };
  const big: Record<Mode, BigRun[]> = { with: [], without: [] };
  let frame: FrameShare = {
    withoutBars: 0,
    withBars: 0,
    timedShare: 0,
    objects: { without: 0, with: 0 },
    objectShare: 0,
  };
  const tracedRuns: TracedRun[] = [];
  try {
    frame = await renderingShare(`${site.origin}/still.html`);
    for (let round = 0; round < BIG_ROUNDS; round += 1) {
      for (const mode of ['without', 'with'] as const) {
        const { context, cleanup } = await launch(mode === 'with');
        try {
          if (round === 0) {
            // A warm-up load (disk and code caches), not counted.
            await scriptMs(context, `${site.origin}/plain.html`);
            for (let i = 0; i < PLAIN_RUNS; i += 1)
              plain[mode].push(await scriptMs(context, `${site.origin}/plain.html`));
          }
          big[mode].push(await runBig(context, `${site.origin}/big.html`));
          if (mode === 'with')
            tracedRuns.push(await tracedRun(context, `${site.origin}/big.html`, standingShare(frame)));
        } finally {
          await cleanup();
        }
      }
    }
  } finally {
    await site.close();
  }
  const ext = { plain: plain.with, big: medianRun(big.with) };
  const traced = together(tracedRuns);
  const base = { plain: plain.without, big: medianRun(big.without) };
  const added = median(ext.plain) - median(base.plain);
  return [
    {
      title: `Content script on a big page: ${LINKS.toLocaleString('en')} links (${POST_LINKS.toLocaleString('en')} to posts), then ${NODES_PER_SECOND.toLocaleString('en')} nodes/s for ${ADD_SECONDS} s, then a scroll to the end and a slow read back up`,
      columns: ['', 'without extension', 'with extension', 'attributable to the extension'],
      rows: [
        [
          `time until the ${ext.big.inReach} post links in the first three screens have bars (ms after navigation)`,
          '–',
          ext.big.inReachAt === null ? 'not reached' : fmt(ext.big.inReachAt),
          '–',
        ],
        [
          'new post link at the top of the feed → its bar, p50 / p95 (ms)',
          '–',
          `${fmt(ext.big.lagP50)} / ${fmt(ext.big.lagP95)}`,
          '–',
        ],
        [
          'bars placed / post links in the page at the end',
          `0 / ${base.big.postLinks}`,
          `${ext.big.bars} / ${ext.big.postLinks}`,
          '–',
        ],
        [
          'bars drawn at the end (near the viewport; the others rest as empty hosts)',
          '–',
          `${ext.big.drawn} / ${ext.big.bars}`,
          '–',
        ],
        ['long tasks ≥ 50 ms (count)', base.big.longTasks, ext.big.longTasks, ext.big.longTasks - base.big.longTasks],
        [
          'of which during the fast scroll to the end (a screen every 50 ms)',
          base.big.scrollLongTasks,
          ext.big.scrollLongTasks,
          ext.big.scrollLongTasks - base.big.scrollLongTasks,
        ],
        [
          `of which while reading back up, a screen a second (${READ_SCREENS} screens)`,
          base.big.readLongTasks,
          ext.big.readLongTasks,
          ext.big.readLongTasks - base.big.readLongTasks,
        ],
        [
          'long tasks, total (ms)',
          fmt(base.big.longTaskMs),
          fmt(ext.big.longTaskMs),
          fmt(ext.big.longTaskMs - base.big.longTaskMs),
        ],
        ['longest task (ms)', fmt(base.big.maxTaskMs), fmt(ext.big.maxTaskMs), '–'],
        [
          `one rendering frame of the still page after a paragraph is added at its top (ms; median of ${SHARE_BLOCKS} × ${SHARE_FRAMES} frames each, both browsers open, in turns)`,
          fmt(frame.withoutBars),
          fmt(frame.withBars),
          `${fmt(frame.withBars - frame.withoutBars)} (${pct(frame.timedShare)} of a frame)`,
        ],
        [
          'layout objects of the still page (each such frame walks them all)',
          frame.objects.without,
          frame.objects.with,
          `${frame.objects.with - frame.objects.without} (${pct(frame.objectShare)})`,
        ],
        [
          `traced runs (${tracedRuns.length}): long tasks the extension caused (its script made it long, or a frame drawing what it changed) / all long tasks`,
          '–',
          `${extensionCaused(traced)} / ${traced.longTasks}`,
          extensionCaused(traced),
        ],
        [
          'traced runs: frames drawing what the extension changed / the longest of them (ms)',
          '–',
          `${traced.changeFrames} / ${fmt(traced.longestChangeFrameMs)}`,
          '–',
        ],
        [
          `traced runs: the page’s own frames over 50 ms that would be under it without the bars’ standing ${pct(standingShare(frame))} of their rendering / all long tasks`,
          '–',
          `${traced.causes.standing} / ${traced.longTasks}`,
          traced.causes.standing,
        ],
        [
          'traced runs: long tasks with ≥ 5 ms of the extension’s script in them / all long tasks',
          '–',
          `${traced.withOurScript} / ${traced.longTasks}`,
          traced.withOurScript,
        ],
        [
          'traced runs: most extension script inside one long task / all of it over a run, the most (ms)',
          '–',
          `${fmt(traced.maxOurScriptMs)} / ${fmt(traced.totalOurScriptMs)}`,
          '–',
        ],
      ],
      notes: [
        `The run with the median long-task count of ${BIG_ROUNDS} per column, alternating (long tasks per run, in brackets those of the fast scroll and of the slow read: without ${base.big.perRun}; with ${ext.big.perRun}).`,
        'While the reader reads back up the page itself is still (it adds nothing, and a screen a second scrolls without laying out): a long task then, with the extension, is a frame drawing its changes (or the machine), measured here without a trace running.',
        "Long tasks come from the page's own PerformanceObserver over the whole run (load, additions, scroll); load and parsing count in both columns.",
        `Per traced run (the extension's / the bars' standing cost / all long tasks): ${traced.perRun}.`,
        `The traced runs' long tasks not the page's alone (run, s into its trace: task, our script, its rendering, ms, cause): ${
          traced.attributed.length === 0
            ? 'none'
            : traced.attributed
                .map(
                  (t) =>
                    `${t.run}, ${t.at.toFixed(1)} s: ${fmt(t.ms)}, ${fmt(t.script)}, ${fmt(t.rendering)}, ${t.cause}`,
                )
                .join('; ')
        }.`,
        'The long-task count of a run depends on the machine as much as on the page (a frame of 45 ms becomes 55 under load): compare the counts per run above. A traced run after each counted run with the extension gives each long task a cause instead: the extension’s script (it would be under 50 ms without it), the extension’s changes (a frame after a task of the extension’s own that changed the page’s style or layout), or the bars’ standing cost (a frame of the page’s own change that would be under 50 ms without the larger of the timed and the object share of its rendering).',
      ],
    },
    {
      title: `Added scripting time on a plain page (${PLAIN_LINKS.toLocaleString('en')} links, none to posts): median of ${PLAIN_RUNS} loads`,
      columns: ['without extension (ms)', 'with extension (ms)', 'added (ms)', 'target'],
      rows: [[fmt(median(base.plain)), fmt(median(ext.plain)), fmt(added), '≤ 5 ms']],
      notes: [
        `CDP Performance.getMetrics ScriptDuration per load; with: ${ext.plain.map(fmt).join(', ')}; without: ${base.plain.map(fmt).join(', ')}.`,
      ],
    },
    sizes(),
  ];
}
