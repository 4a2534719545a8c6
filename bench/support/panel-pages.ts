import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_ITEMS_MARK } from '../../entrypoints/sidepanel/fast-open/first-paint';
import { FIRST_PAGE } from '../../entrypoints/sidepanel/state/timeline-store';
import { CHROME_BUILD } from '../../tests/e2e/support/browsers';
import { FORGET, forget, type PanelBrowser } from './panel-browser';
import { preactFloorScript, preactScreenScript } from './preact-floor';
import { PRESENCE_ATTRIBUTES } from './preact-screen-tree';
import { blankPageScript, floorPageScript, screenPageScript } from './usable-probe';

/*
 * The side panel bench's own pages, beside the panel in a copy of the build: the blank page, the
 * floors, and the panel's first screen put on a page without its code (sidepanel.bench.ts).
 */

/** The mark the bench's own pages set when painted. */
export const BLANK_MARK = 'dc:blank-painted';
/** Where the bench keeps the panel's first screen for the screen pages: its `#app` markup, and as a tree. */
const SCREEN_KEY = 'dc-bench-first-screen';
const SCREEN_TREE_KEY = 'dc-bench-first-screen-tree';
/** How long the panel may take to draw the first posts the screen pages copy (ms). */
const CAPTURE_LIMIT_MS = 30_000;

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
export async function buildWithBenchPages(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-bench-ext-'));
  cpSync(CHROME_BUILD, dir, { recursive: true });
  // Each page: its name, a page of its own (title) or the panel's page with its scripts taken out, and its script.
  const pages: [name: string, page: string | 'panel', script: string][] = [
    ['blank', 'Blank', blankPageScript(BLANK_MARK)],
    ['floor', 'Floor', floorPageScript(BLANK_MARK, FIRST_PAGE)],
    ['preact-floor', 'Preact floor', await preactFloorScript(BLANK_MARK, FIRST_PAGE)],
    ['screen', 'panel', screenPageScript(BLANK_MARK, SCREEN_KEY)],
    ['screen-floor', 'panel', screenPageScript(BLANK_MARK, SCREEN_KEY, FIRST_PAGE)],
    ['preact-screen', 'panel', await preactScreenScript(BLANK_MARK, SCREEN_TREE_KEY)],
    ['preact-screen-floor', 'panel', await preactScreenScript(BLANK_MARK, SCREEN_TREE_KEY, FIRST_PAGE)],
  ];
  for (const [name, page, script] of pages) {
    const html =
      page === 'panel'
        ? panelPageWith(dir, `${name}.js`)
        : `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>${page}</title></head><body><div id="app"></div><script src="/${name}.js"></script></body></html>`;
    writeFileSync(path.join(dir, `${name}.html`), html);
    writeFileSync(path.join(dir, `${name}.js`), script);
  }
  return dir;
}

/**
 * Keeps the panel's first screen for the screen floor pages: the markup of its `#app` in the frame
 * that drew its first posts from the API (nothing kept, no probe clicking), as the panel drew it.
 */
export async function keepFirstScreen(browser: PanelBrowser): Promise<void> {
  const page = await browser.context.newPage();
  try {
    await forget(browser, FORGET.everything);
    await page.goto(`${browser.url}?usable-probe=off`);
    // Read as soon as the page has set the mark (when it was set before this runs, at once; else in
    // the observer's task right after it): the screen the frame of the first posts drew, as markup
    // and as a tree (`[tag, attributes, ...children]`, text as strings). Written as page source, as
    // `scrollFrames` is (the bundler of this script renames inner functions).
    const [markup, tree]: [string, string] = await page.evaluate(`new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error('The panel drew no first posts within ${CAPTURE_LIMIT_MS} ms')), ${CAPTURE_LIMIT_MS});
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

/**
 * What a page's `#app` shows: each element's namespace, tag and attributes (sorted; the value too
 * but for attributes that are on when present, which Preact may write as `"true"`), in order, and
 * the text.
 */
const SHOWN = `(() => {
  const app = document.getElementById('app');
  const on = new Set(${JSON.stringify(PRESENCE_ATTRIBUTES)});
  const described = [...app.querySelectorAll('*')].map((el) => {
    const attributes = [...el.attributes].map((a) => (on.has(a.name) ? a.name : a.name + '=' + a.value)).sort();
    return el.namespaceURI + ' ' + el.localName + '[' + attributes.join(' ') + ']';
  });
  return described.join('\\n') + '|' + app.textContent;
})()`;

/**
 * Checks that each screen page draws the screen the bench kept (the same elements and attributes, the
 * same text): otherwise its row would measure another page than the one it names.
 */
export async function checkScreenPages(browser: PanelBrowser, pages: string[]): Promise<void> {
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
