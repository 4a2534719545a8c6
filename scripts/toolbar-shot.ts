import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startSandbox } from '../sandbox/server';
import { newAccount } from '../tests/e2e/driver/extension';
import { type Engine, launchExtension } from '../tests/e2e/driver/index';
import { until } from '../tests/e2e/driver/ui';
import { HEADED } from '../tests/e2e/support/browsers';
import { SandboxClient } from '../tests/e2e/support/sandbox-client';
import { startThirdPartySite } from '../tests/e2e/support/third-party-site';

/**
 * Pictures of the toolbar mark (issue 31), the browser's own window around the page: a headless
 * browser draws no toolbar, so each browser runs headed on an Xvfb screen and the whole screen is
 * taken with ImageMagick's `import -window root`, then cut to the tab strip and toolbar.
 *
 * The scene is the one `tests/e2e/flows/this-page.spec.ts` asserts: posts on the sandbox link to a
 * page of another site, the extension has read them (the timeline's first page) and holds the
 * optional `tabs` permission, and the tab in front shows that page; a second tab, on a page no post
 * links to, stands beside it. The button, pinned on the toolbar by the driver when `DC_HEADED` is
 * set (tests/e2e/support/browsers.ts), then carries that tab's mark: a dot and the count, `•3`. The
 * npm script sets `DC_HEADED=2` (two device pixels per CSS pixel: the badge's digits can be read) on
 * a 2560x1640 Xvfb screen.
 *
 *   npm run shot:toolbar                 # both browsers (Linux: xvfb-run, ImageMagick)
 *   npm run shot:toolbar -- firefox      # one of them
 *
 * Writes docs/screenshots/toolbar-mark-<browser>.png (the toolbar) and
 * test-results/screenshots/toolbar-mark-<browser>-screen.png (the whole screen). Needs `npm run build`.
 */

const root = path.resolve(import.meta.dirname, '..');
const DOCS = path.join(root, 'docs/screenshots');
const SCREENS = path.join(root, 'test-results/screenshots');
/** The tab strip and the toolbar, to the line under them, of the window at the screen's corner (at scale 2). */
const TOOLBAR: Record<Engine, string> = { chromium: '2560x174+0+0', firefox: '2560x169+0+0' };
const MARK = '•3';

const html = (title: string) => `<!doctype html><html lang="en"><title>${title}</title><h1>${title}</h1></html>`;

function engines(): Engine[] {
  const named = process.argv.slice(2);
  for (const name of named) {
    if (name !== 'chromium' && name !== 'firefox') throw new Error(`Not a browser of the suite: ${name}`);
  }
  return named.length === 0 ? ['chromium', 'firefox'] : (named as Engine[]);
}

async function main(): Promise<void> {
  if (!HEADED || process.env.DISPLAY === undefined) {
    throw new Error('Run it as `npm run shot:toolbar`: it needs DC_HEADED=1 and a display (xvfb-run).');
  }
  mkdirSync(SCREENS, { recursive: true });
  const sandbox = await startSandbox({ seed: true });
  const control = new SandboxClient(sandbox.baseUrl);
  const site = await startThirdPartySite({
    '/news/budget-2027': html('Budget 2027: what the council decided'),
    '/reading/transit': html('Night buses, one year on'),
  });
  try {
    const target = `${site.origin}/news/budget-2027`;
    await control.control('POST', '/posts', {
      posts: [
        { body: `The budget, line by line: ${target}` },
        { body: `Worth reading before Thursday: ${target}?utm_source=newsletter` },
        { body: `The council's own summary leaves out the parks: ${target}#parks` },
      ],
    });
    for (const engine of engines()) {
      const ext = await launchExtension(engine, { grantedApis: ['tabs'] });
      try {
        await newAccount(ext, control);
        // Reading the timeline's first page fills the index the marks are looked up in.
        await ext.call('getTimelinePage', { limit: 20 });
        const other = await ext.openTab(`${site.origin}/reading/transit`);
        const tab = await ext.openTab(target);
        await until(async () => ((await ext.badge(other)).text === '' ? true : undefined), 'no mark on the other tab');
        const badge = await until(async () => {
          const read = await ext.badge(tab);
          return read.text === MARK ? read : undefined;
        }, `the mark "${MARK}"`);
        // The tab strip is the user's: the driver's blank first tab and its probe page go (the marks
        // are read: the probe would open again at the next read).
        for (const page of await ext.browser.pages()) if (page !== tab && page !== other) await page.close();
        // The toolbar is drawn a frame or two after the badge changed.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const screen = path.join(SCREENS, `toolbar-mark-${engine}-screen.png`);
        const out = path.join(DOCS, `toolbar-mark-${engine}.png`);
        execFileSync('import', ['-window', 'root', screen]);
        execFileSync('convert', [screen, '-crop', TOOLBAR[engine], '+repage', '-strip', out]);
        console.log(`${engine}: "${badge.text}" (${badge.title}) → ${path.relative(root, out)}`);
      } finally {
        await ext.close();
      }
    }
  } finally {
    await site.close();
    await sandbox.close();
  }
}

await main();
