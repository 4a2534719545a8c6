import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROME_BUILD } from '../../tests/e2e/support/browsers';
import { FORGET, openPanel, type PanelBrowser, panelBrowser } from './panel-browser';
import { fmt, percentile, type Table } from './table';
import { USABLE_MARK } from './usable-probe';

/**
 * The fast-opening tricks only a build without them can show (the cached posts are the main table's
 * rows: they are turned off by emptying what the panel keeps). Each: the name the
 * build takes (`DC_WITHOUT`, wxt.config.ts) and the path of the opening where it acts.
 */
const TRICKS: readonly { trick: string; what: string; path: OpeningPath }[] = [
  {
    trick: 'early-requests',
    what: 'Early requests (first page, settings, drafts asked for while the bundle loads)',
    path: 'api',
  },
  {
    trick: 'checks-after-paint',
    what: 'The first page checked without zod; the reply schemas after the first paint',
    path: 'api',
  },
  { trick: 'chunks', what: 'Few files per page (`shared` and `checks` chunks)', path: 'api' },
];

/** The openings a trick can be measured on (each trick names the one it matters for). */
type OpeningPath = 'cached' | 'api';

/** What each path empties before an opening: nothing, or the cached posts for "api". */
const FORGET_ON: Record<OpeningPath, readonly string[]> = { cached: FORGET.nothing, api: FORGET.everything };

/** Builds the Chrome extension without `trick` into a directory of its own; answers its path. */
function buildWithout(trick: string): { dir: string; extension: string } {
  const dir = mkdtempSync(path.join(tmpdir(), `dc-bench-${trick}-`));
  const built = spawnSync('npx', ['wxt', 'build'], {
    env: { ...process.env, DC_WITHOUT: trick, DC_OUT_DIR: dir },
    stdio: 'ignore',
    shell: process.platform === 'win32',
  });
  if (built.status !== 0)
    throw new Error(`The bench build without ${trick} failed (run it by hand: DC_WITHOUT=${trick} npx wxt build)`);
  return { dir, extension: path.join(dir, 'chrome-mv3') };
}

/** One opening on `opening`'s path; answers the time to usable (ms). */
async function usableOn(browser: PanelBrowser, opening: OpeningPath): Promise<number> {
  return (await openPanel(browser, FORGET_ON[opening], [USABLE_MARK]))[0] as number;
}

/**
 * Each trick alone: the shipped build against a build without that trick, `opens` openings each, in
 * turns (one with, one without, and so on), each browser of its own, the same sandbox. The spread is
 * how far the with-build's own p50 moves between its first and second half: a saving within it is
 * not shown by this run.
 */
export async function trickTable(sandbox: { baseUrl: string; testKey: string }, opens: number): Promise<Table> {
  const rows: (string | number)[][] = [];
  for (const { trick, what, path: opening } of TRICKS) {
    const build = buildWithout(trick);
    const shipped = await panelBrowser(CHROME_BUILD, sandbox);
    const stripped = await panelBrowser(build.extension, sandbox);
    try {
      // The first opening of each starts its worker's API client: not counted.
      await usableOn(shipped, opening);
      await usableOn(stripped, opening);
      const withIt: number[] = [];
      const withoutIt: number[] = [];
      for (let i = 0; i < opens; i += 1) {
        withIt.push(await usableOn(shipped, opening));
        withoutIt.push(await usableOn(stripped, opening));
      }
      const half = Math.floor(opens / 2);
      const spread = Math.abs(percentile(withIt.slice(0, half), 50) - percentile(withIt.slice(half), 50));
      const saving = percentile(withoutIt, 50) - percentile(withIt, 50);
      rows.push([
        what,
        opening === 'api' ? 'from the API' : 'cached posts',
        `${fmt(percentile(withIt, 50))} / ${fmt(percentile(withIt, 95))}`,
        `${fmt(percentile(withoutIt, 50))} / ${fmt(percentile(withoutIt, 95))}`,
        fmt(saving),
        fmt(spread),
        saving > spread ? 'yes' : 'no',
      ]);
    } finally {
      await shipped.close();
      await stripped.close();
      rmSync(build.dir, { recursive: true, force: true });
    }
  }
  return {
    title: 'Side panel: each fast-opening trick alone (usable, with it against a build without it)',
    columns: [
      'trick',
      'opening',
      'with p50 / p95 (ms)',
      'without p50 / p95 (ms)',
      'saving p50 (ms)',
      'spread (ms)',
      'beyond the spread',
    ],
    rows,
    notes: [
      `${opens} openings each, in turns, usable as in the table above. A build without the trick is made by \`DC_WITHOUT=<trick> npx wxt build\` (wxt.config.ts). Spread: how far the shipped build's own p50 moved between the first and second half of its openings. The cached posts are the rows of the table above (their key emptied).`,
    ],
  };
}
