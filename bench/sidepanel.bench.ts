import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { FIRST_ITEMS_MARK } from '../entrypoints/sidepanel/fast-open/first-paint';
import { FIRST_PAGE } from '../entrypoints/sidepanel/state/timeline-store';
import { OVERSCAN } from '../lib/ui/virtual-range';
import { CHROME_BUILD } from '../tests/e2e/support/browsers';
import { FORGET, openOnce, openPanel, type PanelBrowser, panelBrowser } from './support/panel-browser';
import { preactFloorScript, preactScreenScript } from './support/preact-floor';
import { spawnSandbox } from './support/sandbox-process';
import { fmt, percentile, type Table } from './support/table';
import { againstTable, trickTable } from './support/trick-builds';
import { blankPageScript, floorPageScript, screenPageScript, USABLE_MARK } from './support/usable-probe';

const OPENS = Number(process.env.BENCH_OPENS ?? 20);
const BULK_POSTS = 10_000;

const BLANK_MARK = 'dc:blank-painted';
/** Where the bench keeps the panel's first screen for the screen pages: its `#app` markup, and as a tree. */
const SCREEN_KEY = 'dc-bench-first-screen';
const SCREEN_TREE_KEY = 'dc-bench-first-screen-tree';

/**
 * The side panel's own page with its scripts taken out and `script` put at the end of its body: the
 * same head (stylesheet, color scheme), the same empty `#app`.
 */
function panelPageWith(dir: string, script: string): string {
  const panel = readFileSync(path.join(dir, 'sidepanel.html'), 'utf8');
  const bare = panel
    .replace(/<script\b[^>]*><\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  if (bare.includes('<script') || !bare.includes('</body>')) throw new Error('sidepanel.html: unexpected markup');
  return bare.replace('</body>', `<script src="/${script}"></script></body>`);
}

/**
 * A copy of the build with more pages. `blank.html`: one post with a Reply button that opens a
 * text area, and a script that sets a mark the way the panel does (after the next frame, at the first
 * task after it). It measures what any extension page costs this browser on this machine before our
 * code does anything, and what "usable" costs there (the same probe clicks its Reply). `floor.html`:
 * the same, after the one `getTimelinePage` round trip every opening makes (`floorPageScript`): the
 * floor under the panel's figures. `preact-floor.html`: the floor drawn by the project's framework,
 * Preact, and nothing else of ours (`preact-floor-page.ts`): the floor under any Preact panel.
 * `screen.html`: the panel's own first screen (its markup, kept by the bench, and its stylesheet)
 * put on the page with no script of ours but a Reply that opens a text area (`screenPageScript`):
 * the floor under any panel that shows this screen from kept posts. `screen-floor.html`: the same
 * after the round trip, the floor under any panel that shows it from the API. `preact-screen.html`
 * and `preact-screen-floor.html`: the same two, the screen drawn by Preact (`preact-screen-page.ts`):
 * the floors under any Preact panel that shows this screen. The shipped build is not touched.
 */
async function buildWithBlankPage(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-bench-ext-'));
  cpSync(CHROME_BUILD, dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'blank.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Blank</title></head><body><div id="app"></div><script src="/blank.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'blank.js'), blankPageScript(BLANK_MARK));
  writeFileSync(
    path.join(dir, 'floor.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Floor</title></head><body><div id="app"></div><script src="/floor.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'floor.js'), floorPageScript(BLANK_MARK, FIRST_PAGE));
  writeFileSync(
    path.join(dir, 'preact-floor.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Preact floor</title></head><body><div id="app"></div><script src="/preact-floor.js"></script></body></html>',
  );
  writeFileSync(path.join(dir, 'preact-floor.js'), await preactFloorScript(BLANK_MARK, FIRST_PAGE));
  writeFileSync(path.join(dir, 'screen.html'), panelPageWith(dir, 'screen.js'));
  writeFileSync(path.join(dir, 'screen.js'), screenPageScript(BLANK_MARK, SCREEN_KEY));
  writeFileSync(path.join(dir, 'screen-floor.html'), panelPageWith(dir, 'screen-floor.js'));
  writeFileSync(path.join(dir, 'screen-floor.js'), screenPageScript(BLANK_MARK, SCREEN_KEY, FIRST_PAGE));
  writeFileSync(path.join(dir, 'preact-screen.html'), panelPageWith(dir, 'preact-screen.js'));
  writeFileSync(path.join(dir, 'preact-screen.js'), await preactScreenScript(BLANK_MARK, SCREEN_TREE_KEY));
  writeFileSync(path.join(dir, 'preact-screen-floor.html'), panelPageWith(dir, 'preact-screen-floor.js'));
  writeFileSync(
    path.join(dir, 'preact-screen-floor.js'),
    await preactScreenScript(BLANK_MARK, SCREEN_TREE_KEY, FIRST_PAGE),
  );
  return dir;
}

/**
 * Keeps the panel's first screen for the screen floor pages: the markup of its `#app` in the frame
 * that drew its first posts from the API (nothing kept, no probe clicking), as the panel drew it.
 */
async function keepFirstScreen(browser: PanelBrowser): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await browser.setup.evaluate((keys) => {
      for (const key of keys) localStorage.removeItem(key);
    }, FORGET.everything);
    await page.goto(`${browser.url}?usable-probe=off`);
    // Read in the task the mark is set in: the screen the frame after the first posts drew, as markup
    // and as a tree (`[tag, attributes, ...children]`, text as strings). Written as page source, as
    // `scrollFrames` is (the bundler of this script renames inner functions).
    const [markup, tree]: [string, string] = await page.evaluate(`new Promise((resolve) => {
      const asTree = (node) =>
        node.nodeType === Node.TEXT_NODE
          ? node.data
          : [
              node.localName,
              Object.fromEntries([...node.attributes].map((a) => [a.name, a.value])),
              ...[...node.childNodes]
                .filter((child) => child.nodeType === Node.TEXT_NODE || child.nodeType === Node.ELEMENT_NODE)
                .map(asTree),
            ];
      const read = () => {
        if (performance.getEntriesByName(${JSON.stringify(FIRST_ITEMS_MARK)}).length === 0) return false;
        const app = document.getElementById('app');
        resolve([app.innerHTML, JSON.stringify(asTree(app).slice(2))]);
        return true;
      };
      if (read()) return;
      new PerformanceObserver((_list, observer) => {
        if (read()) observer.disconnect();
      }).observe({ type: 'mark' });
    })`);
    if (!markup.includes('reply-toggle')) throw new Error('The panel’s first screen has no Reply to click');
    await browser.setup.evaluate(
      ([keys, values]) => {
        for (const [index, key] of keys.entries()) localStorage.setItem(key, values[index] as string);
      },
      [
        [SCREEN_KEY, SCREEN_TREE_KEY],
        [markup, tree],
      ] as const,
    );
  } finally {
    await page.close();
  }
}

/** What a page's `#app` shows: its elements by tag (and whether hidden), in order, and its text. */
const SHOWN = `(() => {
  const app = document.getElementById('app');
  const tags = [...app.querySelectorAll('*')].map((el) => el.localName + (el.hidden ? '[hidden]' : ''));
  return tags.join(' ') + '|' + app.textContent;
})()`;

/**
 * Checks that each screen page draws the screen the bench kept (the same elements, the same text):
 * otherwise its row would measure another page than the one it names.
 */
async function checkScreenPages(browser: PanelBrowser, pages: string[]): Promise<void> {
  const panel = await browser.context.newPage();
  try {
    await panel.goto(`chrome-extension://${browser.id}/blank.html?usable-probe=off`);
    const kept: string = await panel.evaluate(`(() => {
      document.getElementById('app').innerHTML = localStorage.getItem(${JSON.stringify(SCREEN_KEY)});
      return ${SHOWN};
    })()`);
    for (const name of pages) {
      await panel.goto(`chrome-extension://${browser.id}/${name}?usable-probe=off`);
      await panel.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, BLANK_MARK);
      const shown: string = await panel.evaluate(SHOWN);
      if (shown !== kept) throw new Error(`${name} does not draw the panel’s first screen`);
    }
  } finally {
    await panel.close();
  }
}

/** What the windowed list has in the DOM against what is in view, at the scroll position it is at. */
function countRows(page: Page) {
  return page.evaluate(() => {
    const scroller = document.querySelector('.vlist') as HTMLElement;
    const box = scroller.getBoundingClientRect();
    const articles = [...document.querySelectorAll('article')];
    const visible = articles.filter((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > box.top && r.top < box.bottom;
    }).length;
    const size = Number(articles[0]?.getAttribute('aria-setsize') ?? -1);
    return { rendered: articles.length, visible, loaded: size };
  });
}

/** Scrolls to the end again and again, as a reader would, until the feed reports its last page. */
async function loadEverything(page: Page): Promise<number> {
  for (;;) {
    const { loaded } = await countRows(page);
    if (loaded > 0) return loaded;
    await page.locator('.vlist').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForTimeout(20);
  }
}

/**
 * Scrolls through the list one step per frame and answers the frame times (ms). Written as page
 * source: the bundler of this script renames inner functions in ways the page does not know.
 */
function scrollFrames(page: Page, steps: number, step: number): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const scroller = document.querySelector('.vlist');
    const times = [];
    let last = performance.now();
    let n = 0;
    const frame = (now) => {
      times.push(now - last);
      last = now;
      if (++n >= ${steps}) return resolve(times.slice(1));
      scroller.scrollTop += ${step};
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);
}

/**
 * Side panel time to first items (p50/p95 over OPENS opens of `sidepanel.html` in headless Chromium
 * with the built extension, against a seeded sandbox in its own process), and the rows the windowed
 * list keeps in the DOM with 10,000 posts loaded by scrolling, as a user would.
 */
export async function runSidepanelBench(): Promise<Table[]> {
  if (!existsSync(path.join(CHROME_BUILD, 'manifest.json'))) {
    throw new Error(`No extension build at ${CHROME_BUILD}: run "npm run build" first.`);
  }
  const sandbox = await spawnSandbox(['--seed', '--quiet']);
  const extensionDir = await buildWithBlankPage();
  const browser = await panelBrowser(extensionDir, sandbox);
  const { context, id, url } = browser;
  try {
    const marks = [FIRST_ITEMS_MARK, USABLE_MARK];
    await keepFirstScreen(browser);
    await checkScreenPages(browser, ['screen.html', 'preact-screen.html']);
    // The first open after start also starts the worker's API client: shown apart, not in the figures.
    const [cold] = await openOnce(context, url, marks);
    type Series = { first: number[]; usable: number[] };
    const series = (): Series => ({ first: [], usable: [] });
    const add = (to: Series, [first, usable]: number[]) => {
      to.first.push(first as number);
      to.usable.push(usable as number);
    };
    const cached = series();
    const nothingKept = series();
    const blank = series();
    const floor = series();
    const preactFloor = series();
    const screen = series();
    const screenFloor = series();
    const preactScreen = series();
    const preactScreenFloor = series();
    // In turns, so a machine that slows down or speeds up during the run weighs on every row alike.
    for (let i = 0; i < OPENS; i += 1) {
      // The last opening's posts, kept by the panel, drawn by it before the fresh ones arrive.
      add(cached, await openPanel(browser, FORGET.nothing, marks));
      // With nothing kept, the first items come from the API (through the background), as on the very first opening.
      add(nothingKept, await openPanel(browser, FORGET.everything, marks));
      // The floor: a blank page of the same extension, and one that also makes the first page's round trip.
      add(blank, await openOnce(context, `chrome-extension://${id}/blank.html`, [BLANK_MARK, USABLE_MARK]));
      add(floor, await openOnce(context, `chrome-extension://${id}/floor.html`, [BLANK_MARK, USABLE_MARK]));
      add(
        preactFloor,
        await openOnce(context, `chrome-extension://${id}/preact-floor.html`, [BLANK_MARK, USABLE_MARK]),
      );
      // The panel's own first screen, put on the page without its code: from kept posts, and after the round trip.
      add(screen, await openOnce(context, `chrome-extension://${id}/screen.html`, [BLANK_MARK, USABLE_MARK]));
      add(
        screenFloor,
        await openOnce(context, `chrome-extension://${id}/screen-floor.html`, [BLANK_MARK, USABLE_MARK]),
      );
      // The same, drawn by Preact.
      add(
        preactScreen,
        await openOnce(context, `chrome-extension://${id}/preact-screen.html`, [BLANK_MARK, USABLE_MARK]),
      );
      add(
        preactScreenFloor,
        await openOnce(context, `chrome-extension://${id}/preact-screen-floor.html`, [BLANK_MARK, USABLE_MARK]),
      );
    }
    const p = (times: number[], n: number) => fmt(percentile(times, n));
    /** A figure over the blank page's same figure. */
    const ratio = (times: number[], base: number[], n: number) =>
      `${(percentile(times, n) / percentile(base, n)).toFixed(2)}×`;
    const row = (label: string, { first, usable }: Series) => [
      label,
      first.length,
      `${p(first, 50)} / ${p(first, 95)}`,
      `${p(usable, 50)} / ${p(usable, 95)}`,
      `${ratio(usable, blank.usable, 50)} / ${ratio(usable, blank.usable, 95)}`,
      `${ratio(first, blank.first, 50)} / ${ratio(first, blank.first, 95)}`,
    ];

    const openTable: Table = {
      title: 'Side panel: opening to first posts painted and to usable',
      columns: [
        'first items from',
        'opens',
        'first posts p50 / p95 (ms)',
        'usable p50 / p95 (ms)',
        'usable ÷ blank p50 / p95',
        'first posts ÷ blank p50 / p95',
      ],
      rows: [
        row('the last opening’s posts (kept by the panel), then refreshed', cached),
        row('the API (nothing kept)', nothingKept),
        row('baseline: a blank extension page (no code of ours)', blank),
        row('floor: the blank page plus the one getTimelinePage round trip', floor),
        row('Preact floor: the floor page drawn by Preact (the stack’s framework), nothing else', preactFloor),
        row('screen: the panel’s first screen (its markup and stylesheet) put on a page, no code of ours', screen),
        row('screen floor: the same screen put on the page after the one getTimelinePage round trip', screenFloor),
        row('Preact screen: the panel’s first screen drawn by Preact, nothing else of ours', preactScreen),
        row('Preact screen floor: the same after the one getTimelinePage round trip', preactScreenFloor),
      ],
      notes: [
        'Usable: a click on the first post’s Reply opened its composer (the probe clicks the live panel’s first Reply as soon as it is there, and the mark is set at the first task after the frame that drew the composer; the blank page has one post with the same button; the floor page asks the background for the first page, as every opening does, and draws its posts with the same button). Targets (issue 27): usable p50 ≤ 1.3× and p95 ≤ 1.5× the blank page’s; first posts from the API p50 ≤ 1.5× blank; the cached rows never slower than the API row. The floor row is what no panel can beat without drawing posts it did not ask for; the Preact floor row what no panel written in Preact (the stack is fixed) can beat. The screen rows put the panel’s own first screen on the page (the markup the live panel drew in the frame of its first posts from the API, read by the bench at the start of the run, with the panel’s stylesheet), from the page’s storage as kept posts are, and after the round trip: what no panel that shows this screen can beat, from kept posts and from the API, whatever its code. The Preact screen rows draw the same screen with Preact (each post a component whose Reply opens a text area): what no Preact panel that shows this screen can beat.',
        `Navigation start to each performance mark (headless Chromium, built extension, seeded sandbox on loopback in its own process), the nine kinds of opening in turns. The first open after the browser started took ${fmt(cold ?? Number.NaN)} ms to first posts and is not counted.`,
      ],
    };

    // Each trick a build can go without, alone (BENCH_TRICKS=0 leaves this out: about 3 minutes).
    const tricks = process.env.BENCH_TRICKS === '0' ? [] : [await trickTable(sandbox, OPENS)];
    // This build against another one (BENCH_AGAINST=<its chrome-mv3 folder>): what a change saved.
    const against = process.env.BENCH_AGAINST;
    if (against !== undefined && against !== '') tricks.push(await againstTable(sandbox, OPENS, against));

    const created = await fetch(`${sandbox.baseUrl}/__sandbox/posts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: BULK_POSTS }),
    });
    if (!created.ok) throw new Error(`Bulk posts failed: ${created.status}`);
    const page = await context.newPage();
    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto(`${url}?usable-probe=off`);
    await page.getByRole('article').first().waitFor();
    const loadStarted = performance.now();
    const loaded = await loadEverything(page);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const atEnd = await countRows(page);
    await page.locator('.vlist').evaluate((el) => {
      el.scrollTop = el.scrollHeight / 2;
    });
    await page.waitForTimeout(100);
    const atMiddle = await countRows(page);
    await page.locator('.vlist').evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.waitForTimeout(100);
    const atTop = await countRows(page);
    const frames = await scrollFrames(page, 240, 400);
    await page.close();

    const rowsTable: Table = {
      title: `Side panel: rows in the DOM with ${loaded.toLocaleString('en')} posts loaded`,
      columns: ['position', 'visible rows', 'rendered rows', 'bound: visible + 2 × overscan'],
      rows: [
        ['top', atTop.visible, atTop.rendered, atTop.visible + 2 * OVERSCAN],
        ['middle', atMiddle.visible, atMiddle.rendered, atMiddle.visible + 2 * OVERSCAN],
        ['end', atEnd.visible, atEnd.rendered, atEnd.visible + 2 * OVERSCAN],
      ],
      notes: [
        `Target: rendered rows ≤ visible rows + 2 × overscan (overscan ${OVERSCAN}). Posts loaded by scrolling to the end page after page (${fmt(loadSeconds)} s for all). Scrolling 400 px per frame through them: frame time p50 ${fmt(percentile(frames, 50))} ms, p95 ${fmt(percentile(frames, 95))} ms.`,
      ],
    };
    return [openTable, ...tricks, rowsTable];
  } finally {
    await browser.close();
    rmSync(extensionDir, { recursive: true, force: true });
    await sandbox.stop();
  }
}
