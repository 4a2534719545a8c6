/**
 * The measured runs of the content-script benchmark: the big page loaded, fed and scrolled with its
 * in-page probe read back, and the script time one load of a page costs.
 */

import type { BrowserContext, Page } from '@playwright/test';
import { domSession, findBars } from '../../tests/e2e/support/closed-shadow';
import { sleep } from './content-browser';
import { percentile } from './table';

export interface BigRun {
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
export async function runBig(context: BrowserContext, url: string): Promise<BigRun> {
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

/** How many bars of the page are drawn (buttons in their closed root: read through CDP, as the e2e tests do). */
async function drawnBars(page: Page): Promise<number> {
  const cdp = await domSession(page);
  const drawn = (await findBars(cdp)).filter((bar) => bar.buttons.length > 0).length;
  await cdp.detach();
  return drawn;
}

/** Waits until the big page has added its nodes and scrolled to the end, then for the last bars (idle time). */
export async function untilScrolled(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __bench: { scrolled: boolean } }).__bench.scrolled, null, {
    timeout,
  });
  await sleep(2_000);
}

/** The run with the median long-task count (its other figures come with it). */
export function medianRun(runs: BigRun[]): BigRun & { perRun: string } {
  const byTasks = [...runs].sort((a, b) => a.longTasks - b.longTasks);
  const middle = byTasks[Math.floor((byTasks.length - 1) / 2)] as BigRun;
  return {
    ...middle,
    perRun: runs.map((run) => `${run.longTasks} (${run.scrollLongTasks}, ${run.readLongTasks})`).join(', '),
  };
}

/** Main-thread script time (CDP `Performance.getMetrics` ScriptDuration) one page load costs, in ms. */
export async function scriptMs(context: BrowserContext, url: string): Promise<number> {
  return (await scriptRun(context, url)).ms;
}

/**
 * {@link scriptMs}, and how many of the page's post links (`a.post`) have their bar's host (an
 * element right after the link) when it is read, 3 s after the load: counted after the reading, so
 * the count costs the page nothing measured.
 */
export async function scriptRun(
  context: BrowserContext,
  url: string,
  waitMs = 1_500,
): Promise<{ ms: number; hosts: number }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const read = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
    return (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0) * 1000;
  };
  const before = await read();
  await page.goto(url, { waitUntil: 'load' });
  await sleep(waitMs); // the link script runs at document_idle, then scans in idle time
  const after = await read();
  const hosts = await page.evaluate(
    () => [...document.querySelectorAll('a.post')].filter((a) => a.nextElementSibling?.localName === 'span').length,
  );
  await page.close();
  return { ms: after - before, hosts };
}
