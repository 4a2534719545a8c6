import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROME_BUILD } from '../tests/e2e/support/browsers';
import { startThirdPartySite } from '../tests/e2e/support/third-party-site';
import { launch, type Mode, SITE } from './support/content-browser';
import {
  ADD_SECONDS,
  bigPage,
  LINKS,
  NODES_PER_SECOND,
  PLAIN_LINKS,
  POST_LINKS,
  plainPage,
  READ_SCREENS,
  SPARSE_POST_LINKS,
  sparsePage,
} from './support/content-pages';
import { type BigRun, medianRun, runBig, scriptMs, scriptRun } from './support/content-runs';
import {
  type FrameShare,
  renderingShare,
  SHARE_BLOCKS,
  SHARE_FRAMES,
  standingShare,
  together,
  tracedRun,
} from './support/content-trace';
import { extensionCaused, type TracedRun } from './support/long-task-causes';
import { fmt, percentile, type Table } from './support/table';

const PLAIN_RUNS = Number(process.env.BENCH_CONTENT_RUNS ?? 5);
/** Big-page runs per mode, alternating with and without the extension: these machines are shared and noisy. */
const BIG_ROUNDS = Number(process.env.BENCH_CONTENT_ROUNDS ?? 3);

const median = (values: number[]) => percentile(values, 50);
const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

function sizes(): Table {
  const rows: (string | number)[][] = [];
  for (const file of ['links.js', 'links-gated.js', 'link-bar.js']) {
    const code = readFileSync(path.join(CHROME_BUILD, file));
    const gzipped = gzipSync(code, { level: 9 }).length;
    rows.push([file, `${(code.length / 1024).toFixed(1)} KB`, `${(gzipped / 1024).toFixed(1)} KB`]);
  }
  return {
    title: 'Content scripts: size (chrome-mv3 build)',
    columns: ['file', 'minified', 'gzipped'],
    rows,
    notes: [
      '`links.js` runs on every page where bars may appear (target ≤ 3 KB gzipped); `link-bar.js` is injected only into frames where a post link was found.',
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
    '/sparse.html': sparsePage(SITE),
  });
  const plain: Record<Mode, number[]> = { with: [], without: [] };
  const sparse: Record<Mode, { ms: number; hosts: number }[]> = { with: [], without: [] };
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
            for (let i = 0; i < PLAIN_RUNS; i += 1) {
              plain[mode].push(await scriptMs(context, `${site.origin}/plain.html`));
              sparse[mode].push(await scriptRun(context, `${site.origin}/sparse.html`, 3_000));
            }
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
      rows: [[fmt(median(base.plain)), fmt(median(ext.plain)), fmt(added), '≤ 2 ms']],
      notes: [
        `CDP Performance.getMetrics ScriptDuration per load; with: ${ext.plain.map(fmt).join(', ')}; without: ${base.plain.map(fmt).join(', ')}.`,
      ],
    },
    {
      title: `Added scripting time on a long page of ${LINKS.toLocaleString('en')} links, ${SPARSE_POST_LINKS} of them to posts (bars placed included): median of ${PLAIN_RUNS} loads`,
      columns: ['without extension (ms)', 'with extension (ms)', 'added (ms)', 'bars placed (median)', 'target'],
      rows: [
        [
          fmt(median(sparse.without.map((run) => run.ms))),
          fmt(median(sparse.with.map((run) => run.ms))),
          fmt(median(sparse.with.map((run) => run.ms)) - median(sparse.without.map((run) => run.ms))),
          `${median(sparse.with.map((run) => run.hosts))} of ${SPARSE_POST_LINKS}`,
          '≤ 20 ms',
        ],
      ],
      notes: [
        `The same reading 3 s after the load (the bars' script is loaded into the frame when the first post link is found, and places a host after each post link); with: ${sparse.with.map((run) => fmt(run.ms)).join(', ')}; without: ${sparse.without.map((run) => fmt(run.ms)).join(', ')}. A still page served from another origin than the platform's, "all sites" on: only absolute links to the platform are looked at.`,
      ],
    },
    sizes(),
  ];
}
