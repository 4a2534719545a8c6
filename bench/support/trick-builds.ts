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
  {
    trick: 'few-files',
    what: 'Few files per page (what the panel’s first screen shares with other pages in one `shared` chunk)',
    path: 'cached',
  },
  {
    trick: 'picture',
    what: 'The picture of the last opening, drawn before any module and taking input at once',
    path: 'cached',
  },
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

/** One series per build, opened in turns on `opening`'s path; the saving of `shipped` at p50 and its own spread. */
async function inTurns(
  sandbox: { baseUrl: string; testKey: string },
  opens: number,
  builds: { shipped: string; other: string },
  opening: OpeningPath,
) {
  const shipped = await panelBrowser(builds.shipped, sandbox);
  let other: PanelBrowser | undefined;
  try {
    other = await panelBrowser(builds.other, sandbox);
    // The first opening of each starts its worker's API client: not counted.
    await usableOn(shipped, opening);
    await usableOn(other, opening);
    const mine: number[] = [];
    const theirs: number[] = [];
    // Which build opens first changes each round: the one that went first was measured slower (by
    // 7–9 ms at p50 with the same two builds either way round, 1 Dec 2026).
    for (let i = 0; i < opens; i += 1) {
      if (i % 2 === 0) mine.push(await usableOn(shipped, opening));
      theirs.push(await usableOn(other, opening));
      if (i % 2 === 1) mine.push(await usableOn(shipped, opening));
    }
    const half = Math.floor(opens / 2);
    const spread = Math.abs(percentile(mine.slice(0, half), 50) - percentile(mine.slice(half), 50));
    const saving = percentile(theirs, 50) - percentile(mine, 50);
    return {
      cells: [
        `${fmt(percentile(mine, 50))} / ${fmt(percentile(mine, 95))}`,
        `${fmt(percentile(theirs, 50))} / ${fmt(percentile(theirs, 95))}`,
        fmt(saving),
        fmt(spread),
        saving > spread ? 'yes' : 'no',
      ],
    };
  } finally {
    await shipped.close();
    await other?.close();
  }
}

const PATH_WORDS: Record<OpeningPath, string> = { cached: 'cached posts', api: 'from the API' };

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
    try {
      const { cells } = await inTurns(sandbox, opens, { shipped: CHROME_BUILD, other: build.extension }, opening);
      rows.push([what, PATH_WORDS[opening], ...cells]);
    } finally {
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

/**
 * `BENCH_AGAINST=<dir>`: this build against another build of the extension (its `chrome-mv3`
 * folder, e.g. an older commit's `DC_OUT_DIR=<dir> npx wxt build`), on both paths, `opens` openings
 * each, in turns, as the tricks are measured: what a change saved, from one run.
 */
export async function againstTable(
  sandbox: { baseUrl: string; testKey: string },
  opens: number,
  other: string,
): Promise<Table> {
  const rows: (string | number)[][] = [];
  for (const opening of ['cached', 'api'] as const) {
    const { cells } = await inTurns(sandbox, opens, { shipped: CHROME_BUILD, other }, opening);
    rows.push([PATH_WORDS[opening], ...cells]);
  }
  return {
    title: `Side panel: this build against ${other} (usable, in turns)`,
    columns: [
      'opening',
      'this build p50 / p95 (ms)',
      'that build p50 / p95 (ms)',
      'saving p50 (ms)',
      'spread (ms)',
      'beyond the spread',
    ],
    rows,
    notes: [
      `${opens} openings each, in turns, usable as in the first table. Spread: how far this build's own p50 moved between the first and second half of its openings.`,
    ],
  };
}
